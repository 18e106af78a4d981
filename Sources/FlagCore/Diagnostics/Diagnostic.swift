/// One problem found in a workspace, blueprint or provider file.
package struct Diagnostic: Sendable, Hashable {
    /// How serious a problem is: errors make `validate` fail, warnings and notes do not. A note
    /// is something worth knowing that may well be intended (a writable file not created yet).
    package enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
        case note
    }

    /// The file, relative to the workspace folder (or as given when outside it).
    package var file: String
    /// Where in the file the problem is; `nil` when it concerns the whole file.
    package var location: TextLocation?
    /// Error, warning or note.
    package var severity: Severity
    /// What is wrong and, where it helps, what would be right, as written: names and values
    /// quoted from files keep their characters (control characters included) so JSON output can
    /// carry them. People read it through ``shownMessage`` or ``headline``, which escape them.
    package var message: String
    /// The provider whose layer alone the problem concerns (a server that did not answer), so
    /// commands that read values can go on with the other layers.
    package var provider: String?
    /// Whether the source line must not be quoted (it may hold a secret pasted in the wrong place).
    package var hidesSourceLine = false

    /// Creates a diagnostic.
    package init(file: String, location: TextLocation?, severity: Severity, message: String) {
        self.file = file
        self.location = location
        self.severity = severity
        self.message = message
    }

    /// An error at a location.
    package static func error(_ message: String, file: String, at location: TextLocation?) -> Diagnostic {
        Diagnostic(file: file, location: location, severity: .error, message: message)
    }

    /// A warning at a location.
    package static func warning(_ message: String, file: String, at location: TextLocation?) -> Diagnostic {
        Diagnostic(file: file, location: location, severity: .warning, message: message)
    }

    /// The message as a terminal may show it: control characters escaped (`\\e`, `\\a`, `\\u{202E}` …).
    package var shownMessage: String { TerminalText.escaped(message) }

    /// A note at a location.
    package static func note(_ message: String, file: String, at location: TextLocation?) -> Diagnostic {
        Diagnostic(file: file, location: location, severity: .note, message: message)
    }

    /// `path:line:column: severity: message`, the first line of the human rendering, safe to
    /// print: control characters in the path and message are escaped.
    package var headline: String { headline(path: file, message: message) }

    /// The headline with the file shown as `path` and `message` for the message (see ``ShownPaths``).
    package func headline(path: String, message: String) -> String {
        let position = location.map { ":\($0.line):\($0.column)" } ?? ""
        return "\(TerminalText.escaped(path))\(position): \(severity.rawValue): \(TerminalText.escaped(message))"
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    package var containsErrors: Bool { contains { $0.severity == .error } }

    /// The diagnostics in a stable reading order: by file (first appearance), then position.
    package func sortedForReading() -> [Diagnostic] {
        var fileOrder: [String: Int] = [:]
        for diagnostic in self where fileOrder[diagnostic.file] == nil {
            fileOrder[diagnostic.file] = fileOrder.count
        }
        return enumerated().sorted { left, right in
            let (l, r) = (left.element, right.element)
            if l.file != r.file { return fileOrder[l.file]! < fileOrder[r.file]! }
            let lp = l.location ?? TextLocation(line: 0, column: 0)
            let rp = r.location ?? TextLocation(line: 0, column: 0)
            if lp != rp { return lp < rp }
            return left.offset < right.offset
        }.map(\.element)
    }
}
