import Foundation
import OrderedCollections

/// `flagscope refs KEY`: where the app's code reads a flag or a feature (docs/code.md).
package struct ReferencesReport: Sendable {
    /// The key asked about.
    package var key: String
    /// Its references, in file and line order (those through a key built at run time included).
    package var references: [CodeReference]
    /// How many code files were searched.
    package var files: Int
    private let paths: ShownPaths

    /// The references of `key`; nil when the workspace has no code to search.
    package init?(key: String, workspace: Workspace, currentDirectory: URL) {
        guard let code = workspace.codeReferences else { return nil }
        self.key = key
        references = code.references(of: key)
        files = code.files.count
        paths = workspace.shownPaths(from: currentDirectory)
    }

    /// `path:line:column` of a reference, as seen from the current folder.
    package func place(of reference: CodeReference) -> String {
        "\(paths.shown(reference.place.file)):\(reference.place.location.line):\(reference.place.location.column)"
    }

    /// `path:line:column: the line`, one reference a line (one read through a key built at run
    /// time says so), or that there are none.
    package var text: String {
        guard !references.isEmpty else {
            return "no references to \(TerminalText.escaped(key)) in \(Plural.count(files, "code file"))"
        }
        return references.map { reference in
            let line = "\(place(of: reference)): \(TerminalText.escaped(reference.text))"
            return reference.kind == .dynamic ? line + "   (a key built at run time: may read it)" : line
        }.joined(separator: "\n")
    }

    /// `{"key","references":[{"path","line","column","text","kind"}]}`.
    package var json: JSONValue {
        .object([
            "key": .string(key),
            "references": .array(
                references.map { reference in
                    .object([
                        "path": .string(paths.shown(reference.place.file)), "line": .int(reference.place.location.line),
                        "column": .int(reference.place.location.column), "text": .string(reference.text),
                        "kind": .string(reference.kind.rawValue),
                    ])
                }),
        ])
    }

    /// The `used in` lines `get` and the detail pane show: `file:line:column  the line`, the
    /// first `limit` of them, then how many more; `nowhere in N code files` when none. Paths
    /// are relative to the workspace, as `declared` is. Empty when there is no code.
    package static func usedIn(_ key: String, in workspace: Workspace, limit: Int = 8) -> [String] {
        guard let code = workspace.codeReferences else { return [] }
        let references = code.references(of: key)
        guard !references.isEmpty else { return ["nowhere in \(Plural.count(code.files.count, "code file"))"] }
        var lines = references.prefix(limit).map { reference in
            let suffix = reference.kind == .dynamic ? "   (a key built at run time)" : ""
            return "\(reference.place)  \(TerminalText.escaped(reference.text))\(suffix)"
        }
        if references.count > limit {
            lines.append("… \(references.count - limit) more: flagscope refs \(TerminalText.escaped(key))")
        }
        return lines
    }
}
