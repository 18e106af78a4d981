/// An export shown in the browser (`E`, docs/export.md): its text, what it holds, and how far it
/// is scrolled.
package struct ExportPane: Sendable, Equatable {
    /// The format's name, `launch-arguments`.
    package var format: String
    /// The text as the format writes it.
    package var text: String
    /// How many keys it holds, and the keys it left out with the reason.
    package var keyCount: Int
    package var refused: [String]
    /// The first line shown.
    package var scroll = 0

    package init(format: String, text: String, keyCount: Int, refused: [String]) {
        self.format = format
        self.text = text
        self.keyCount = keyCount
        self.refused = refused
    }

    /// The text's lines, then a line for each key left out.
    package var lines: [String] {
        // Tabs (a plist's indentation) shown as spaces; the text copied and written keeps them.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "\t", with: "    ")
        }
        if lines.last == "" { lines.removeLast() }
        return lines + refused.map { "not exported: " + $0 }
    }
}
