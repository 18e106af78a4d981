import Foundation
import TestSupport
import Testing

@testable import FlagCore

@Suite("Provider sandbox")
struct ProviderSandboxTests {
    @Test("The sample blueprint loads without any diagnostic and declares every type")
    func blueprintIsClean() throws {
        let sandbox = try ProviderSandbox.with(
            providers: """
                  - name: Source
                    format: json
                    path: source.json

                """)
        defer { sandbox.remove() }
        try sandbox.write("source.json", "{}\n")
        let workspace = sandbox.load()
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics.map(\.headline))")
        for key in ProviderBlueprint.keys { #expect(workspace.flags[key] != nil, "\(key) is declared") }
        #expect(Set(ProviderBlueprint.keys.compactMap { workspace.flags[$0]?.type }) == Set(FlagType.allCases))
    }
}
