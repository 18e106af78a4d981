import FlagCore

/// Draws a whole frame from the state. Only visible rows are computed, so a frame costs the
/// same with 100 or 100,000 flags.
package enum Renderer {
    /// The frame for `state` at `width`×`height`.
    package static func render(_ state: BrowserState, width: Int, height: Int) -> ScreenBuffer {
        var screen = ScreenBuffer(width: width, height: height)
        let layout = Layout(width: width, height: height, detailFocused: state.focus == .detail)
        if layout.isTooSmall {
            drawTooSmall(&screen)
            return screen
        }
        drawHeader(state, &screen)
        if layout.showsTree { drawTree(state, layout, &screen) }
        if layout.showsTree && layout.showsDetail {
            for y in layout.bodyTop..<(layout.bodyTop + layout.bodyHeight) {
                screen.write("│", x: layout.treeWidth, y: y, role: .border)
            }
        }
        if layout.showsDetail { drawDetail(state, layout, &screen) }
        drawFooter(state, &screen)
        switch state.mode {
        case .picker(let picker): drawPicker(picker, state, &screen)
        case .confirm(let confirmation): drawConfirmation(confirmation, &screen)
        case .help(let scroll): HelpOverlay.draw(scroll: scroll, &screen)
        case .exported(let pane): drawExport(pane, &screen)
        default: break
        }
        return screen
    }

    /// What shows instead of the browser when the terminal is smaller than it needs.
    static func drawTooSmall(_ screen: inout ScreenBuffer) {
        let message =
            "terminal too small (need \(Layout.minimumWidth)×\(Layout.minimumHeight), have \(screen.width)×\(screen.height))"
        let lines = TerminalText.wrapped(message, width: max(1, screen.width))
        for (index, line) in lines.prefix(screen.height).enumerated() {
            screen.write(line, x: 0, y: index, role: .warning)
        }
    }

    /// A value's role: true and false have colours of their own, no value is muted.
    static func valueRole(_ value: FlagValue?) -> StyleRole {
        switch value {
        case .bool(true)?: return .valueTrue
        case .bool(false)?: return .valueFalse
        case nil: return .muted
        default: return .value
        }
    }

    /// A constraint status's role, the colour of its symbol.
    static func statusRole(_ status: ConstraintStatus) -> StyleRole {
        switch status {
        case .satisfied: return .success
        case .notSatisfied: return .error
        case .notDetermined: return .warning
        case .notActive: return .muted
        }
    }
}
