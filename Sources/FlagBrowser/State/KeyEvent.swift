/// A key press as the browser understands it, independent of the terminal library.
package enum KeyEvent: Hashable, Sendable {
    case character(Character)
    case control(Character)
    /// Alt (Meta) with a key: terminals send it as Esc and the key, read as one event.
    case alt(Character)
    case up, down, left, right
    case enter, escape, tab, backTab, space
    case pageUp, pageDown, home, end
    case backspace, delete

    /// Parses the `--keys` notation of `flagscope snapshot`: `<Up>`, `<C-r>`, `<M-b>` (Alt), `<Space>`, plain characters.
    package static func parse(_ notation: String) throws(KeyNotationError) -> [KeyEvent] {
        var events: [KeyEvent] = []
        var rest = Substring(notation)
        let names: [String: KeyEvent] = [
            "up": .up, "down": .down, "left": .left, "right": .right, "enter": .enter, "cr": .enter, "return": .enter,
            "esc": .escape, "escape": .escape, "space": .space, "tab": .tab, "btab": .backTab, "s-tab": .backTab,
            "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown, "home": .home, "end": .end,
            "bs": .backspace, "backspace": .backspace, "del": .delete, "delete": .delete, "lt": .character("<"),
        ]
        while let first = rest.first {
            if first == "<", let close = rest.firstIndex(of: ">"), close > rest.index(after: rest.startIndex) {
                let typed = rest[rest.index(after: rest.startIndex)..<close]
                let name = typed.lowercased()
                if let event = names[name] {
                    events.append(event)
                } else if name.hasPrefix("c-"), name.count == 3, let letter = name.last {
                    events.append(.control(letter))
                } else if name.hasPrefix("m-") || name.hasPrefix("a-"), name.count == 3 {
                    // As typed: <M-B> is Alt-Shift-b.
                    events.append(.alt(typed.last!))
                } else {
                    throw KeyNotationError(
                        message:
                            "unknown key <\(typed)>; keys are <Up> <Down> <Left> <Right> <Enter> <Esc> <Space> <Tab> <BTab> <PgUp> <PgDn> <Home> <End> <BS> <C-x> <M-x> (Alt)"
                    )
                }
                rest = rest[rest.index(after: close)...]
            } else {
                events.append(first == " " ? .space : .character(first))
                rest = rest.dropFirst()
            }
        }
        return events
    }
}

/// A `--keys` string that could not be read.
package struct KeyNotationError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    package var message: String
    package var description: String { message }
}
