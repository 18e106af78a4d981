import FlagCore

extension DetailText {
    /// Collects wrapped lines for one pane width.
    struct Builder {
        /// The pane's width in columns.
        let width: Int
        /// The lines so far.
        var lines: [Line] = []

        /// `value` wrapped to the pane, each line indented by `indent` columns.
        mutating func text(_ value: String, _ role: StyleRole = .normal, indent: Int = 0) {
            for line in TerminalText.wrapped(value, width: max(1, width - indent)) {
                lines.append([Span(String(repeating: " ", count: indent) + line, role)])
            }
        }

        /// Text after a short mark (a rule trace's `▶ `), wrapped with its continuation lines
        /// hanging under the text, not under the mark.
        mutating func marked(_ mark: String, _ value: String, _ role: StyleRole, markRole: StyleRole, indent: Int) {
            let markWidth = TerminalText.displayWidth(of: mark)
            let pad = String(repeating: " ", count: indent)
            for (index, line) in TerminalText.wrapped(value, width: max(1, width - indent - markWidth)).enumerated() {
                lines.append([
                    Span(pad + (index == 0 ? mark : String(repeating: " ", count: markWidth)), markRole),
                    Span(line, role),
                ])
            }
        }

        /// A labelled field: the name in a column of its own, the value wrapped beside it.
        mutating func field(_ name: String, _ value: String, _ role: StyleRole = .normal) {
            let label = TerminalText.padded(name, toWidth: 13)
            let wrapped = TerminalText.wrapped(value, width: max(1, width - 13))
            for (index, line) in wrapped.enumerated() {
                lines.append([Span(index == 0 ? label : String(repeating: " ", count: 13), .muted), Span(line, role)])
            }
        }

        /// A labelled block of lines that keep their own breaks and indentation (pretty JSON):
        /// each is cut with `…` to the pane, never wrapped; `trailer` follows the last one.
        mutating func block(_ name: String, _ text: [String], trailer: String, _ role: StyleRole = .normal) {
            let room = max(1, width - 13)
            for (index, line) in text.enumerated() {
                let last = index == text.count - 1
                var shown = TerminalText.escaped(line)
                if last, TerminalText.displayWidth(of: shown + trailer) <= room { shown += trailer }
                lines.append([
                    Span(
                        index == 0 ? TerminalText.padded(name, toWidth: 13) : String(repeating: " ", count: 13), .muted),
                    Span(TerminalText.truncated(shown, toWidth: room), role),
                ])
                if last, !shown.hasSuffix(trailer) { field("", String(trailer.drop { $0 == " " }), role) }
            }
        }

        /// An empty line.
        mutating func blank() { lines.append([]) }

        /// A line made elsewhere, as it is.
        mutating func append(_ line: Line) { lines.append(line) }
    }
}
