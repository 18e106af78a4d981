extension Reducer {
    /// Wheel steps scroll this many rows.
    static let wheelStep = 3

    /// A click on a footer hint presses its key (in any mode); a click in the tree selects the
    /// row, in the detail pane focuses it; the wheel scrolls what is under it (the help when open).
    static func handleMouse(_ event: MouseEvent, _ state: inout BrowserState) -> [Effect] {
        let layout = Layout(width: state.size.width, height: state.size.height, detailFocused: state.focus == .detail)
        guard !layout.isTooSmall else { return [] }
        if case .help(let scroll) = state.mode, event.kind != .press {
            let bottom = HelpText.maximumScroll(screenWidth: state.size.width, screenHeight: state.size.height)
            let delta = event.kind == .wheelUp ? -wheelStep : wheelStep
            state.mode = .help(scroll: min(max(0, scroll + delta), bottom))
            return []
        }
        switch event.kind {
        case .wheelUp:
            state.scroll = max(0, state.scroll - wheelStep)
        case .wheelDown:
            state.scroll = min(max(0, state.rows.count - state.treeHeight), state.scroll + wheelStep)
        case .press:
            if event.y == FooterHints.row(screenHeight: state.size.height) {
                let hints = FooterHints.placed(
                    for: state.mode, width: state.size.width, detailFocused: state.focus == .detail)
                guard let hint = hints.first(where: { $0.columns.contains(event.x) }) else { return [] }
                return handle(hint.hint.key, &state)
            }
            guard state.mode == .normal else { return [] }
            if layout.showsTree, event.x < layout.treeWidth, event.y >= layout.bodyTop,
                event.y < layout.bodyTop + layout.bodyHeight
            {
                let row = state.scroll + event.y - layout.bodyTop
                if row < state.rows.count {
                    select(node: state.rows[row], &state)
                    state.focus = .tree
                }
            } else if layout.showsDetail, event.x >= layout.detailX {
                state.focus = .detail
            }
        }
        return []
    }
}
