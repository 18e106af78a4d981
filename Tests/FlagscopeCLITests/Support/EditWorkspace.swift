import Foundation
import TestSupport
import Testing

/// A small workspace for the get/set/reset commands: one flag of each type, a locked flag,
/// a Remote layer above the writable Local one, and a QA profile below it.
struct EditWorkspace {
    let folder: TemporaryFolder
    var url: URL { folder.url }

    /// One flag of every type, plus a locked flag (`apiEnvironment`).
    static let blueprint = EveryTypeBlueprint.yaml(
        extraFlags: """
              apiEnvironment:
                type: enum
                values: [production, staging]
                default: production
                locked: true
                description: Backend (locked)

            """)

    static let workspace = """
        blueprints:
          - blueprints/*.yml
        providers:
          - name: Remote
            format: firebase
            path: remote/template.json
          - name: Local
            format: json
            path: .flagscope/local.json
            writable: true
          - name: QA profile
            format: json
            path: profiles/qa.json

        """

    static let remote = """
        {
          "parameters": {
            "retries": { "defaultValue": { "value": "5" } }
          }
        }

        """

    /// Creates the workspace; `local` is the writable file's text (absent when `nil`).
    init(local: String? = nil, qa: String = "{\"ratio\": 0.9, \"theme\": \"maybe\"}\n") throws {
        folder = try TemporaryFolder()
        try folder.write("flagscope.yml", Self.workspace)
        try folder.write("blueprints/app.yml", Self.blueprint)
        try folder.write("remote/template.json", Self.remote)
        try folder.write("profiles/qa.json", qa)
        if let local { try folder.write(".flagscope/local.json", local) }
    }

    /// Runs `flagscope` in the workspace folder.
    func run(_ arguments: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(arguments, in: url)
    }

    /// The writable file's bytes (nil when absent).
    var localBytes: Data? { try? Data(contentsOf: url.appendingPathComponent(".flagscope/local.json")) }

    /// The writable file as a JSON object.
    func localObject() throws -> [String: Any] {
        let data = try #require(localBytes)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func remove() { folder.remove() }
}
