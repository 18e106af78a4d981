// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Flagscope",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "flagscope", targets: ["flagscope"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // Parses apps' own RealFlags, Vexil and Flint declarations as blueprints; parsing only.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // The HTTP server of `flagscope serve`, on SwiftNIO; only FlagServer uses it.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Hummingbird's own logging, named here to quiet it: requests are never logged.
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // Hummingbird's own parts, named for the handler that cuts off slow requests.
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.24.0"),
        // AES-CBC for GrowthBook's encrypted payloads and SHA-1 for LaunchDarkly's rollout buckets.
        // Hummingbird's graph already resolves it; 3.x or 4.x both serve.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .target(name: "CDisplayWidth"),
        .target(name: "CSignals"),
        // ncurses with wide characters: libncursesw on Linux (Debian: libncurses-dev), the SDK's
        // libncurses on macOS, which has the wide-character API under that name.
        .target(
            name: "CNcursesw",
            linkerSettings: [
                .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ]
        ),
        .target(
            name: "TerminalUI",
            dependencies: ["CNcursesw", "CSignals", "FlagBrowser", "FlagCore"]
        ),
        .target(
            name: "FlagCore",
            dependencies: [
                "CDisplayWidth",
                "Yams",
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "FlagBrowser",
            dependencies: [
                "FlagCore",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        // The demo workspaces, compiled in from Resources/ by Scripts/generate-demo-sources, so
        // the executable alone can write them.
        .target(name: "DemoWorkspace"),
        // OFREP over HTTP: FlagCore answers, this only speaks HTTP; the executable wires it.
        .target(
            name: "FlagServer",
            dependencies: [
                "FlagCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]
        ),
        .executableTarget(
            name: "flagscope",
            dependencies: [
                "FlagCore",
                "FlagBrowser",
                "FlagServer",
                "TerminalUI",
                "DemoWorkspace",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "flagscope-bench",
            dependencies: [
                "DemoWorkspace",
                "FlagCore",
                "FlagBrowser",
                "FlagServer",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        // Reads UserDefaults as an app does, for the tests of exported launch arguments.
        .executableTarget(name: "flagscope-defaults-probe"),
        .executableTarget(
            name: "flagscope-conformance",
            dependencies: [
                "DemoWorkspace", "FlagCore", "FlagServer",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        // Fuzz targets (what users hand Flagscope: readers, provider formats, the workspace file,
        // expressions, rules with a context). Scripts/fuzz builds flagscope-fuzz with libFuzzer
        // into .build-fuzz; the normal build makes it a replayer of inputs.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "FlagCore", "DemoWorkspace",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        .executableTarget(
            name: "flagscope-fuzz",
            dependencies: ["FuzzTargets"]
        ),
        // Fixtures and helpers every test target shares (temporary workspaces, the demo copy,
        // running the binary). Only test targets depend on it: no product ships it.
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "FlagCoreTests",
            dependencies: ["FlagCore", "TestSupport"]
        ),
        .testTarget(
            name: "FlagBrowserTests",
            dependencies: ["FlagBrowser", "FlagCore", "TestSupport"],
            // Golden screens, read through #filePath by GoldenScreenTests.
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "FlagServerTests",
            dependencies: ["FlagServer", "FlagCore", "TestSupport"]
        ),
        .testTarget(
            name: "FuzzTargetTests",
            dependencies: ["FuzzTargets", "TestSupport"]
        ),
        .testTarget(
            name: "FlagscopeCLITests",
            dependencies: ["flagscope", "flagscope-defaults-probe", "FlagCore", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
