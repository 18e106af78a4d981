import Foundation
import Testing

@testable import FlagCore

/// Which attributes of a `--context` layer are warned of as read by nothing.
@Suite("Context: attributes nothing reads")
struct WorkspaceContextReadsTests {
    static let rules = """
        {
          "flags": {
            "retries": { "state": "ENABLED", "variants": { "few": 1, "many": 7 }, "defaultVariant": "few",
                         "targeting": { "if": [{ "==": [{ "var": "user.plan" }, "pro"] }, "many", null] } }
          }
        }
        """

    static func warnings(_ arguments: [String], stack: String) throws -> [String] {
        let sandbox = try ProviderSandbox.with(providers: stack)
        defer { sandbox.remove() }
        try sandbox.write("flags.flagd.json", Self.rules)
        var layer = ContextLayer()
        for argument in arguments { try layer.add(argument: argument) }
        let workspace = Workspace.load(
            from: sandbox.file("flagscope.yml"), environment: [:], remote: .known([:]), context: layer)
        return layer.problems(in: workspace).filter { $0.severity == .warning }.map(\.headline)
    }

    static let flagdOnly = """
          - name: Rules
            format: flagd
            path: flags.flagd.json

        """

    @Test("A rule reading user.plan reads context/user/plan, an object at context/user, and nothing else")
    func objectsAndFields() throws {
        #expect(
            try Self.warnings(["user.plan=pro", "user={\"plan\":\"pro\"}", "platform=iOS"], stack: Self.flagdOnly) == []
        )
        #expect(
            try Self.warnings(["user.plna=pro"], stack: Self.flagdOnly) == [
                "warning: --context 'user.plna=pro': nothing reads context/user/plna; did you mean 'user/plan'? (no rule, feature, computed flag or blueprint does: it changes nothing)"
            ])
    }

    @Test("With an OFREP server in the stack nothing is warned of: the server is asked with every attribute")
    func ofrepReadsEverything() throws {
        let stack =
            Self.flagdOnly + """
                  - name: Server
                    format: ofrep
                    url: "http://127.0.0.1:9"

                """
        #expect(try Self.warnings(["favourite_colour=blue"], stack: stack) == [])
        #expect(try Self.warnings(["favourite_colour=blue"], stack: Self.flagdOnly).count == 1)
    }
}
