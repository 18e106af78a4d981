extension TerminalText {
    /// Word-wrapped to a display width, escaped for a terminal; text past `limit` characters is
    /// cut first, so a multi-megabyte text costs a few lines, not a layout of megabytes.
    package static func wrapped(_ raw: String, width: Int, limit: Int = 4_000) -> [String] {
        let text = escaped(capped(raw, limit: limit))
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if displayWidth(of: candidate) <= width {
                current = candidate
            } else {
                if !current.isEmpty { lines.append(current) }
                current = String(word)
                while displayWidth(of: current) > width {
                    let cut = truncated(current, toWidth: width)
                    let head = String(cut.dropLast())
                    lines.append(head)
                    current = String(current.dropFirst(head.count))
                }
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
