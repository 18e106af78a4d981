import Foundation
import TestSupport
import Testing

/// The folders of a target depend one way (docs/architecture.md#layers): a folder uses the
/// types of the folders below it and never of one above, so each can be read, and changed,
/// knowing only what is under it.
///
/// A folder depends on another when one of its files names a type declared at the top level of
/// a file in the other (comments and string literals left out; a qualified name such as
/// `Yams.Resolver` is another module's).
@Suite("Source layering")
struct SourceLayeringTests {
    /// The folders of `target` and, for each, the folders whose types it names, with one file
    /// and type that make each dependency.
    static func dependencies(of target: String) throws -> [String: [String: (file: String, type: String)]] {
        let root = Repository.root.appendingPathComponent("Sources/\(target)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
        func folder(of path: String) -> String { path.contains("/") ? String(path.split(separator: "/")[0]) : "." }
        let declaration = try Regex(
            #"(?m)^(?:@\w+\s+)*(?:(?:package|public|internal|private|fileprivate|final|indirect|nonisolated)\s+)*(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z]\w*)"#
        )
        let comment = try Regex(#"//[^\n]*"#)
        let string = try Regex(#""(?:\\.|[^"\\\n])*""#)
        // A capitalised word not after a dot or a word character (Swift's Regex has no lookbehind).
        let word = try Regex(#"(?:^|[^.\w])([A-Z]\w*)"#)
        var code: [String: String] = [:]
        var declared: [String: Set<String>] = [:]
        for path in files {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            let stripped = text.replacing(comment, with: "").replacing(string, with: "\"\"")
            code[path] = stripped
            for match in stripped.matches(of: declaration) {
                if let name = match.output[1].substring { declared[String(name), default: []].insert(folder(of: path)) }
            }
        }
        var edges: [String: [String: (file: String, type: String)]] = [:]
        for (path, text) in code.sorted(by: { $0.key < $1.key }) {
            let from = folder(of: path)
            for match in text.matches(of: word) {
                guard let name = match.output[1].substring.map(String.init) else { continue }
                guard let owners = declared[name], !owners.contains(from) else { continue }
                for to in owners where edges[from]?[to] == nil { edges[from, default: [:]][to] = (path, name) }
            }
        }
        return edges
    }

    @Test("No two folders of a target depend on each other", arguments: ["FlagCore", "FlagBrowser"])
    func oneWay(target: String) throws {
        let edges = try Self.dependencies(of: target)
        for (from, targets) in edges.sorted(by: { $0.key < $1.key }) {
            for (to, cause) in targets where from < to {
                guard let back = edges[to]?[from] else { continue }
                Issue.record(
                    "\(target): \(from) and \(to) depend on each other: \(cause.file) names \(cause.type), \(back.file) names \(back.type)"
                )
            }
        }
        #expect(edges.count >= 3, "the folders of \(target) were read")
    }

    /// FlagCore's layers, lowest first, as docs/architecture.md#layers lists them: the page is
    /// the one place they are written, so the page and this test cannot disagree.
    static func documentedLayers() throws -> [[String]] {
        let table = try #require(
            try MarkdownTable.tables(inPage: "docs/architecture.md").first {
                $0.heading == "Layers" && $0.header.first == "layer"
            }, "docs/architecture.md has a layers table")
        return table.rows.map { row in
            MarkdownTable.codeSpans(in: row.cells[1]).map { String($0.dropLast($0.hasSuffix("/") ? 1 : 0)) }
        }
    }

    @Test("FlagCore's folders stand in the documented layers, each using only the layers below")
    func flagCoreLayers() throws {
        let layers = try Self.documentedLayers()
        #expect(layers.count >= 10, "the layers of docs/architecture.md were read")
        var level: [String: Int] = [:]
        for (index, folders) in layers.enumerated() { for folder in folders { level[folder] = index } }
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: Repository.root.appendingPathComponent("Sources/FlagCore").path
        ).filter { !$0.hasSuffix(".swift") }
        for folder in folders.sorted() where level[folder] == nil {
            Issue.record("Sources/FlagCore/\(folder) is in no layer of docs/architecture.md#layers")
        }
        for folder in level.keys.sorted() where !folders.contains(folder) {
            Issue.record("docs/architecture.md#layers lists \(folder)/, which Sources/FlagCore does not have")
        }
        let edges = try Self.dependencies(of: "FlagCore")
        for (from, targets) in edges {
            guard let own = level[from] else { continue }
            for (to, cause) in targets {
                guard let their = level[to] else { continue }
                #expect(their < own, "\(from) uses \(to), a layer not below it: \(cause.file) names \(cause.type)")
            }
        }
    }
}
