import Foundation
import TestSupport
import Testing

/// The command line over an app's own Swift declarations (docs/blueprints.md#swift-sources-as-blueprints), as its developers use it.
@Suite("Swift blueprints on the command line")
struct SwiftBlueprintCLITests {
    static let workspace = """
        blueprints:
          - Sources/**/*.swift
        providers:
          - name: Local
            format: json
            path: local.json
            writable: true

        """

    static let flags = """
        import RealFlags

        struct AppFlags: FlagCollectionProtocol {
            @Flag(default: true, description: "Show the new onboarding")
            var showOnboarding: Bool

            @Flag(default: Remote.limit(), description: "Fetch limit")
            var fetchLimit: Int
        }

        """

    static let features = """
        import FlintCore

        let premium = NonConsumableProduct(name: "Premium subscription", productID: "SUB0001")

        final class AppFeatures: FeatureGroup {
            static var subfeatures: [FeatureDefinition.Type] = [SmartPlaylistsFeature.self]
        }

        final class SmartPlaylistsFeature: ConditionalFeature {
            static var description: String = "Smart playlists"
            static func constraints(requirements: FeatureConstraintsBuilder) {
                requirements.permission(.location(usage: .whenInUse))
                requirements.purchase(premium)
                requirements.userToggled(defaultValue: true)
                requirements.iOS = 13
            }
        }

        """

    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("flagscope.yml", workspace)
        try folder.write("local.json", "{}\n")
        try folder.write("Sources/App/AppFlags.swift", flags)
        try folder.write("Sources/App/Features/Features.swift", features)
        return folder
    }

    @Test("validate reads the Swift sources; a default that calls a function is a warning with line and caret")
    func validate() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let text = output.stdout + output.stderr
        #expect(
            text.contains(
                "Sources/App/AppFlags.swift:7:20: warning: default of 'fetchLimit' cannot be known without compiling: it calls Remote.limit(…), which only running the app can evaluate; shown as written"
            ), "\(text)")
        #expect(
            text.contains(
                "        @Flag(default: Remote.limit(), description: \"Fetch limit\")\n                       ^"),
            "\(text)")
        #expect(text.contains("0 errors, 1 warning"), "\(text)")
    }

    @Test("get names the .swift file and the @Flag line; an unknowable default is shown as written")
    func get() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        var output = try CLIRunner.run(["get", "show_onboarding"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("declared     Sources/App/AppFlags.swift:4:5"), "\(output.stdout)")
        output = try CLIRunner.run(["get", "fetch_limit", "--json"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try parseJSONObject(output.stdout)
        #expect(object["default"] is NSNull)
        #expect(object["defaultSource"] as? String == "Remote.limit()")
        #expect(object["declared"] as? String == "Sources/App/AppFlags.swift:7:5")
    }

    @Test("explain on a Flint conditional feature: its constraints and next steps, editable like YAML ones")
    func explain() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        var output = try CLIRunner.run(["explain", "smart_playlists"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Smart playlists (smart_playlists) is"), "\(output.stdout)")
        for key in [
            "context/permissions/location_when_in_use", "context/purchases/SUB0001", "smart_playlists/user_toggled",
        ] {
            #expect(output.stdout.contains(key), "\(key) in \(output.stdout)")
        }
        for (key, value) in [
            ("context/permissions/location_when_in_use", "authorized"), ("context/purchases/SUB0001", "purchased"),
            ("context/platform", "iOS"), ("context/os_version", "17.4"),
        ] {
            let set = try CLIRunner.run(["set", key, value], in: folder.url)
            #expect(set.status == 0, "\(set.stderr)")
        }
        output = try CLIRunner.run(["explain", "smart_playlists"], in: folder.url)
        #expect(output.stdout.hasPrefix("✓ Smart playlists (smart_playlists) is available"), "\(output.stdout)")
        // Swift sources are never written; edits go to the writable provider.
        #expect(try folder.read("Sources/App/AppFlags.swift") == Self.flags)
    }

    @Test("A collection two loaders use: validate finds no duplicate, get names the same @Flag line for both keys")
    func twoLoaders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("flagscope.yml", Self.workspace)
        try folder.write("local.json", "{}\n")
        try folder.write(
            "Sources/App/AppFlags.swift",
            """
            import RealFlags

            final class AppTests {
                lazy var dashed: FlagsLoader<AppFlags> = {
                    let config = KeyConfiguration(prefix: "app", keyTransform: .kebabCase)
                    return FlagsLoader(AppFlags.self, keyConfiguration: config)
                }()

                lazy var underscored: FlagsLoader<AppFlags> = {
                    let config = KeyConfiguration(pathSeparator: ".", keyTransform: .snakeCase)
                    return FlagsLoader(AppFlags.self, keyConfiguration: config)
                }()
            }

            struct AppFlags: FlagCollectionProtocol {
                @Flag(default: true, description: "Show the new onboarding")
                var showOnboarding: Bool
            }

            """)
        let validate = try CLIRunner.run(["validate"], in: folder.url)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        #expect(validate.stdout.contains("✓ workspace is valid: 2 blueprints, 2 flags"), "\(validate.stdout)")
        for key in ["app/show-onboarding", "show_onboarding"] {
            let get = try CLIRunner.run(["get", key], in: folder.url)
            #expect(get.status == 0, "\(get.stderr)")
            #expect(get.stdout.contains("declared     Sources/App/AppFlags.swift:16:5"), "\(get.stdout)")
        }
    }
}

/// `flagscope init --swift FOLDER`: a workspace that reads the app's Swift sources.
@Suite("init --swift")
struct InitSwiftTests {
    @Test("init --swift Sources writes a workspace whose blueprints are the Swift sources; validate and list read them")
    func writesSwiftWorkspace() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Sources/App/AppFlags.swift", SwiftBlueprintCLITests.flags)
        let output = try CLIRunner.run(["init", "--swift", "Sources"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("wrote flagscope.yml"))
        #expect(try folder.read("flagscope.yml").contains("  - Sources/**/*.swift\n"))
        #expect(!folder.exists("blueprints/app.yml"))
        let list = try CLIRunner.run(["list"], in: folder.url)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("show_onboarding"), "\(list.stdout)")
        #expect(list.stdout.contains("fetch_limit"), "\(list.stdout)")
    }

    @Test("init --swift with a folder that does not exist: exit 1, nothing written")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try CLIRunner.run(["init", "--swift", "Nowhere"], in: folder.url)
        #expect(output.status == 1)
        #expect(
            output.stderr
                == "error: no folder 'Nowhere' here; nothing was written\n  hint: no folder here holds .swift files: run init in the app's folder, or create it with `mkdir -p Nowhere` first\n",
            "\(output.stderr)")
        #expect(try folder.listing().isEmpty)
    }

    @Test(
        "init --swift Sources where the sources are elsewhere suggests the folders that hold .swift files, never the command that failed"
    )
    func suggestsTheRealFolders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App/Model/Flags.swift", "struct Flags {}\n")
        try folder.write("AppTests/FlagsTests.swift", "struct FlagsTests {}\n")
        try folder.write(".build/checkouts/Lib/Lib.swift", "struct Lib {}\n")
        try folder.write("Docs/readme.md", "# docs\n")
        let before = try folder.listing()
        let output = try CLIRunner.run(["init", "--swift", "Sources"], in: folder.url)
        #expect(output.status == 1)
        #expect(
            output.stderr.hasSuffix(
                "  hint: these hold Swift sources: `flagscope init --swift App`, `flagscope init --swift AppTests`\n"),
            "\(output.stderr)")
        #expect(!output.stderr.contains("--swift Sources`"))
        #expect(try folder.listing() == before)
        let typo = try CLIRunner.run(["init", "--swift", "apptest"], in: folder.url)
        #expect(
            typo.stderr.contains("hint: these hold Swift sources: `flagscope init --swift AppTests`, "),
            "\(typo.stderr)")
    }
}

/// `flagscope demo --swift`: the bundled Swift app, copied apart from the YAML demo.
@Suite("demo --swift")
struct SwiftDemoTests {
    @Test("demo --swift copies the Swift app with its local overrides; its flags and features read from Swift")
    func swiftDemo() throws {
        let state = try TemporaryFolder()
        defer { state.remove() }
        let environment = ["XDG_STATE_HOME": state.url.path]
        let output = try CLIRunner.run(["demo", "--swift", "--no-browser"], environment: environment)
        #expect(output.status == 0, "\(output.stderr)")
        let destination = state.url.appendingPathComponent("flagscope/swift-demo")
        #expect(output.stdout.contains("copied the Swift demo to \(destination.path)"), "\(output.stdout)")
        #expect(output.stdout.contains("0 errors, 1 warning"), "\(output.stdout)")
        #expect(state.exists("flagscope/swift-demo/.flagscope/local.json"))
        #expect(!state.exists("flagscope/demo"))
        let config = destination.appendingPathComponent("flagscope.yml").path
        // The local override file wins over the Swift default.
        let get = try CLIRunner.run(["get", "podcasts/player/skip_forward_seconds", "--config", config])
        #expect(get.stdout.contains("value    45   from Local"), "\(get.stdout)")
        #expect(get.stdout.contains("declared     Sources/Flags/PlayerFlags.swift:7:5"), "\(get.stdout)")
        let explain = try CLIRunner.run(["explain", "smart_playlists", "--config", config])
        #expect(explain.status == 0, "\(explain.stderr)")
        #expect(explain.stdout.contains("anyOf(premium, supporter)"), "\(explain.stdout)")
        // The Flint root group's features are under Features; it has no empty row of its own.
        let screen = try CLIRunner.run(["snapshot", "--config", config, "--size", "100x30"]).stdout
        #expect(screen.contains("▾ Features"), "\(screen)")
        #expect(!screen.contains("AppFeatures"), "\(screen)")
    }
}

/// `flagscope-bench --swift`: opening generated Swift-source workspaces.
@Suite("bench --swift")
struct SwiftBenchTests {
    @Test("prints the Swift table: files, source size, load, first frame and peak per size, with no errors")
    func swiftTable() throws {
        let run = try BenchRulesTests.runBench(["--swift", "--sizes", "100,300", "--runs", "1"])
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        let title = try #require(lines.firstIndex { $0.hasPrefix("Swift blueprints (") }, "\(run.out)")
        for column in ["flags", ".swift files", "source", "load", "first frame", "peak"] {
            #expect(lines[title + 1].contains(column), "\(lines[title + 1])")
        }
        #expect(lines[title + 3].hasPrefix("100 ") && lines[title + 3].contains(" 10 "), "\(run.out)")
        #expect(lines[title + 4].hasPrefix("300 ") && lines[title + 4].contains(" 30 "), "\(run.out)")
    }
}
