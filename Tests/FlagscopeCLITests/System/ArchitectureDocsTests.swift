import Foundation
import TestSupport
import Testing

/// docs/architecture.md's targets table is held to `Package.swift`: every target is a row, and
/// a row's "imports" names exactly the target's dependencies, so the page a contributor reads
/// first cannot drift from the manifest.
@Suite("Architecture page")
struct ArchitectureDocsTests {
    /// A target of the manifest: its name and the names of the targets and products it depends on.
    struct Target: Equatable {
        /// The target's name.
        var name: String
        /// Its dependencies' names: a target's, or a product's (`OrderedCollections`).
        var dependencies: Set<String>
    }

    /// The targets of `Package.swift`, read from its text: each `.target`, `.executableTarget`
    /// and `.testTarget` call of the `targets:` list, with its `dependencies:`. Reading the text
    /// takes a millisecond; `swift package dump-package` takes 0.7 s on an idle machine but waits
    /// for any SwiftPM command that holds `.build`, as the `swift test` running this does.
    static func manifestTargets() throws -> [Target] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // Whole-line comments go first: they name targets too ("the three test targets…").
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        let list = try #require(code.range(of: "targets: ["), "Package.swift has a targets list")
        let call = try Regex(#"\.(?:target|executableTarget|testTarget)\("#)
        let starts = code[list.upperBound...].ranges(of: call).map(\.lowerBound) + [code.endIndex]
        let name = try Regex(#"name:\s*"([^"]+)""#)
        let product = try Regex(#"\.product\(\s*name:\s*"([^"]+)"[^)]*\)"#)
        let quoted = try Regex(#""([^"]+)""#)
        return try zip(starts, starts.dropFirst()).map { start, end in
            let piece = code[start..<end]
            let found = try #require(piece.firstMatch(of: name)?.output[1].substring, "a target without a name")
            var dependencies: Set<String> = []
            if let open = piece.range(of: "dependencies: ["), let close = piece[open.upperBound...].firstIndex(of: "]")
            {
                let listed = piece[open.upperBound..<close]
                for match in listed.matches(of: product) {
                    dependencies.insert(String(match.output[1].substring ?? ""))
                }
                for match in listed.replacing(product, with: "").matches(of: quoted) {
                    dependencies.insert(String(match.output[1].substring ?? ""))
                }
            }
            return Target(name: String(found), dependencies: dependencies)
        }
    }

    /// The targets table of docs/architecture.md: a row's target is the first name of its first
    /// cell, and its dependencies are the names in code spans of its "imports" cell.
    static func documentedTargets() throws -> [(line: Int, target: Target)] {
        let table = try #require(
            try MarkdownTable.tables(inPage: "docs/architecture.md").first {
                $0.heading == "Targets" && $0.header == ["target", "owns", "imports"]
            }, "docs/architecture.md has a targets table")
        return try table.rows.map { row in
            let name = try #require(MarkdownTable.codeSpans(in: row.cells[0]).first, "line \(row.line) names a target")
            return (row.line, Target(name: name, dependencies: Set(MarkdownTable.codeSpans(in: row.cells[2]))))
        }
    }

    @Test("The manifest is read: its targets, a product dependency and a target dependency")
    func manifestRead() throws {
        let targets = try Self.manifestTargets()
        #expect(targets.count >= 15)
        let flagBrowser = try #require(targets.first { $0.name == "FlagBrowser" })
        #expect(flagBrowser.dependencies == ["FlagCore", "OrderedCollections"])
        #expect(targets.first { $0.name == "CDisplayWidth" }?.dependencies == [])
    }

    @Test(
        "Every target of Package.swift is one row of docs/architecture.md#targets, importing exactly its dependencies")
    func targetsTable() throws {
        let manifest = try Self.manifestTargets()
        let documented = try Self.documentedTargets()
        for target in manifest {
            let rows = documented.filter { $0.target.name == target.name }
            guard let row = rows.first else {
                Issue.record("docs/architecture.md has no row for the target \(target.name)")
                continue
            }
            #expect(rows.count == 1, "\(target.name) has \(rows.count) rows, at lines \(rows.map(\.line))")
            let missing = target.dependencies.subtracting(row.target.dependencies).sorted()
            let extra = row.target.dependencies.subtracting(target.dependencies).sorted()
            #expect(
                missing.isEmpty && extra.isEmpty,
                "docs/architecture.md:\(row.line): \(target.name) imports \(missing) that the page leaves out, and the page names \(extra) that Package.swift does not"
            )
        }
        let names = Set(manifest.map(\.name))
        for row in documented where !names.contains(row.target.name) {
            Issue.record("docs/architecture.md:\(row.line): \(row.target.name) is no target of Package.swift")
        }
    }
}
