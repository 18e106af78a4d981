import Foundation
import TestSupport
import Testing

/// No function, initialiser or computed property in `Sources/` runs over 80 lines
/// (docs/architecture.md#rules-the-code-keeps): one that grows past it is split into named
/// steps, or its cases go into a table.
@Suite("Function length")
struct FunctionLengthTests {
    /// The most lines a body may take, from its declaration to its closing brace.
    static let limit = 80

    /// Generated files: data in a Swift string, not code a person reads.
    static let generated = ["Sources/DemoWorkspace/"]

    /// One body and how long it is.
    struct Body: CustomStringConvertible {
        var file: String
        var line: Int
        var name: String
        var lines: Int
        var description: String { "\(file):\(line): \(name) is \(lines) lines" }
    }

    /// Every function-like body in `text`, found by matching braces outside comments and
    /// string literals.
    static func bodies(in text: String, file: String) -> [Body] {
        let lines = text.components(separatedBy: "\n")
        let declaration =
            /^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|static|class|mutating|nonmutating|override|final|nonisolated|convenience|required|dynamic)(?:\([^)]*\))?\s+)*(func\s+[^\s(<]+|init[?!]?|subscript|var\s+\w+\s*:[^=]*\{\s*$)/
        var found: [Body] = []
        let depths = braceDepths(lines)
        for (index, line) in lines.enumerated() {
            guard let match = line.firstMatch(of: declaration), !line.contains("protocol ") else { continue }
            // The body opens on this line or a following one, and ends when the depth drops back.
            let start = depths[index].before
            var end = index
            var opened = false
            while end < lines.count {
                if depths[end].after > start { opened = true }
                if depths[end].maxWithin > start { opened = true }
                if opened && depths[end].after <= start { break }
                if !opened && end > index + 15 { break }
                end += 1
            }
            guard opened, end < lines.count else { continue }
            found.append(Body(file: file, line: index + 1, name: String(match.output.1), lines: end - index + 1))
        }
        return found
    }

    /// For each line, the brace depth before it, after it, and the deepest within it, counted
    /// outside comments and string literals (single-line, multi-line and raw).
    static func braceDepths(_ lines: [String]) -> [(before: Int, after: Int, maxWithin: Int)] {
        var result: [(Int, Int, Int)] = []
        var depth = 0
        var inBlockComment = false
        var multiLineString: String?  // the closing delimiter of an open multi-line string
        for line in lines {
            let before = depth
            var deepest = depth
            let characters = Array(line)
            var i = 0
            func starts(_ text: String, at position: Int) -> Bool {
                let pattern = Array(text)
                guard position + pattern.count <= characters.count else { return false }
                return Array(characters[position..<position + pattern.count]) == pattern
            }
            while i < characters.count {
                if let closing = multiLineString {
                    if starts(closing, at: i) {
                        multiLineString = nil
                        i += closing.count
                    } else {
                        i += 1
                    }
                    continue
                }
                if inBlockComment {
                    if starts("*/", at: i) {
                        inBlockComment = false
                        i += 2
                    } else {
                        i += 1
                    }
                    continue
                }
                if starts("//", at: i) { break }
                if starts("/*", at: i) {
                    inBlockComment = true
                    i += 2
                    continue
                }
                var hashes = 0
                while i + hashes < characters.count && characters[i + hashes] == "#" { hashes += 1 }
                let quoteAt = i + hashes
                if quoteAt < characters.count && characters[quoteAt] == "\"" {
                    let pounds = String(repeating: "#", count: hashes)
                    if starts("\"\"\"", at: quoteAt) {
                        multiLineString = "\"\"\"" + pounds
                        i = quoteAt + 3
                        continue
                    }
                    // A single-line literal: to its closing quote (with the same hashes).
                    var j = quoteAt + 1
                    while j < characters.count {
                        if hashes == 0 && characters[j] == "\\" {
                            j += 2
                            continue
                        }
                        if characters[j] == "\"" && starts(pounds, at: j + 1) { break }
                        j += 1
                    }
                    i = j + 1 + hashes
                    continue
                }
                if characters[i] == "{" {
                    depth += 1
                    deepest = max(deepest, depth)
                } else if characters[i] == "}" {
                    depth -= 1
                }
                i += 1
            }
            result.append((before, depth, deepest))
        }
        return result
    }

    @Test("No function in Sources/ is longer than 80 lines")
    func noLongFunctions() throws {
        let sources = Repository.root.appendingPathComponent("Sources")
        var long: [Body] = []
        for path in try FileManager.default.subpathsOfDirectory(atPath: sources.path) where path.hasSuffix(".swift") {
            let file = "Sources/" + path
            guard !Self.generated.contains(where: file.hasPrefix) else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            long += Self.bodies(in: text, file: file).filter { $0.lines > Self.limit }
        }
        #expect(long.isEmpty, "\(long.sorted { $0.lines > $1.lines }.map(\.description).joined(separator: "\n"))")
    }

    @Test("The counter finds a body's closing brace past braces in strings and comments")
    func countsRealBraces() {
        let text = """
            struct A {
                func short() -> String {
                    // a } in a comment
                    let s = "a } in a string"
                    let raw = #"and a "}" in a raw one"#
                    let many = \"""
                        } } }
                        \"""
                    return s + raw + many
                }
                init() {
                    _ = 1
                }
            }
            """
        let bodies = Self.bodies(in: text, file: "A.swift")
        #expect(bodies.map(\.name) == ["func short", "init"])
        #expect(bodies.map(\.lines) == [9, 3])
    }
}
