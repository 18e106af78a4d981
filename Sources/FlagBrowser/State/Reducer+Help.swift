extension Reducer {
    /// A key in the help overlay: the help keymap scrolls (never past the last line) or closes it.
    static func handleHelp(_ key: KeyEvent, scroll: Int, _ state: inout BrowserState) {
        guard let command = Keymap.help.command(for: key) else { return }
        let (width, height) = state.size
        let bottom = HelpText.maximumScroll(screenWidth: width, screenHeight: height)
        let page = max(1, HelpText.visibleLines(screenHeight: height) - 1)
        let target: Int
        switch command {
        case .close:
            state.mode = .normal
            return
        case .lineDown: target = scroll + 1
        case .lineUp: target = scroll - 1
        case .pageDown: target = scroll + page
        case .pageUp: target = scroll - page
        case .top: target = 0
        case .bottom: target = bottom
        }
        state.mode = .help(scroll: min(max(0, target), bottom))
    }
}
