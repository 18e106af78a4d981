import FlagBrowser
import FlagCore
import Foundation
import TestSupport

/// A workspace whose blueprints are Swift sources (docs/blueprints.md#swift-sources-as-blueprints): a
/// root collection with a default that is code, and a nested collection in a file of its own.
enum SwiftApp {
    /// The workspace file: every Swift source a blueprint, over a writable local file.
    static let workspace = WorkspaceBuilder(
        blueprints: ["Sources/**/*.swift"], providers: [.json("Local", "local.json", writable: true)]
    ).workspaceFile

    static let root = """
        struct AppFlags: FlagCollectionProtocol {
            @Flag(default: Remote.limit(), description: "Fetch limit")
            var fetchLimit: Int

            @FlagCollection(description: "Experiments")
            var lab: LabFlags
        }

        """

    static let lab = """
        struct LabFlags: FlagCollectionProtocol {
            @Flag(default: false, description: "Risky feature")
            var boomFeature: Bool
        }

        """

    /// Writes the app into `folder` and opens a session of 120×30 on it.
    static func session(in folder: TemporaryFolder) throws -> BrowserSession {
        try folder.write("flagscope.yml", workspace)
        try folder.write("local.json", "{}\n")
        try folder.write("Sources/AppFlags.swift", root)
        try folder.write("Sources/Lab/LabFlags.swift", lab)
        return BrowserSession(
            workspaceFile: folder.file("flagscope.yml"), environment: [:], width: 120, height: 30,
            now: DemoFixture.today)
    }
}
