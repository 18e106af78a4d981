extension Renderer {
    /// The detail pane: the selected node's lines, scrolled, and a `detail` mark when it has the focus.
    static func drawDetail(_ state: BrowserState, _ layout: Layout, _ screen: inout ScreenBuffer) {
        let lines = DetailText.lines(for: state, width: max(10, layout.detailWidth - 2))
        let maximumScroll = max(0, lines.count - layout.bodyHeight)
        let scroll = min(state.detailScroll, maximumScroll)
        for line in 0..<layout.bodyHeight {
            let index = scroll + line
            guard index < lines.count else { break }
            var x = layout.detailX + 1
            for span in lines[index] {
                x += screen.write(
                    span.text, x: x, y: layout.bodyTop + line, role: span.role, limit: max(0, screen.width - x))
            }
        }
        if state.focus == .detail, layout.showsTree {
            screen.write("detail", x: layout.detailX + max(0, layout.detailWidth - 8), y: layout.bodyTop, role: .muted)
        }
    }
}
