import FlagCore

/// The `?` overlay drawn: the help's text in a box, scrolled, with a note of what is above and below.
enum HelpOverlay {
    /// Draws the help at `scroll` (clamped), with what lies above and below in the bottom border.
    static func draw(scroll: Int, _ screen: inout ScreenBuffer) {
        let all = HelpText.lines(screenWidth: screen.width)
        let visible = HelpText.visibleLines(screenHeight: screen.height)
        let first = min(max(0, scroll), max(0, all.count - visible))
        let shown = Array(all[first..<min(all.count, first + visible)])
        let below = all.count - first - shown.count
        var notes: [String] = []
        if first > 0 { notes.append("↑ \(first) above") }
        if below > 0 { notes.append("more below ↓ (\(below) more)") }
        var note = notes.joined(separator: " · ")
        if TerminalText.displayWidth(of: note) > HelpText.boxWidth(screenWidth: screen.width) - 6 {
            // Narrow: the counts matter more than the words.
            note = [first > 0 ? "↑ \(first)" : nil, below > 0 ? "↓ \(below) more" : nil].compactMap { $0 }.joined(
                separator: " · ")
        }
        Renderer.box(
            shown, title: HelpText.title, width: HelpText.preferredWidth, &screen, note: note.isEmpty ? nil : note)
    }
}
