import Foundation
import TestSupport
import Testing

/// `get` over an app's own Swift declarations (docs/blueprints.md#swift-sources-as-blueprints), as its
/// developers use it: the .swift file and line of each flag, a collection two loaders share.
@Suite("Swift blueprints on the command line")
struct GetCommandSwiftTests {
    @Test("get names the .swift file and the @Flag line; an unknowable default is shown as written")
    func get() throws {
        let folder = try SwiftAppWorkspace.folder()
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

    @Test("A collection two loaders use: validate finds no duplicate, get names the same @Flag line for both keys")
    func twoLoaders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("flagscope.yml", SwiftAppWorkspace.workspace)
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
