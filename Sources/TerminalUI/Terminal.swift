import CNcursesw
import CSignals
import FlagBrowser
import FlagCore
import Foundation

/// What the terminal reported.
package enum TerminalEvent: Sendable {
    case key(KeyEvent)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
}

/// The ncurses backend: presents ScreenBuffers, reads keys, restores the terminal.
/// ncurses is one global per process, so there is at most one `Terminal` at a time.
package final class Terminal {
    private var screen: OpaquePointer?
    private var previous: ScreenBuffer?
    private let colors: Bool
    private var attributes: [StyleRole: (attr_t, Int16)] = [:]
    private var restored = false

    /// Starts curses on standard input and output (call `TerminalCheck.verify()` first).
    package init(colors wantColors: Bool) {
        // UTF-8 is needed for wide text; with LANG unset (or not UTF-8) fall back to the first
        // UTF-8 locale the system has (C.UTF-8 on Linux; macOS may lack it, not en_US.UTF-8).
        setlocale(LC_ALL, "")
        if fs_locale_is_utf8() == 0 {
            for name in HostPlatform.utf8LocaleNames where setlocale(LC_CTYPE, name) != nil { break }
        }
        flagscope_install_signal_handlers { Terminal.emergencyRestore() }
        screen = newterm(nil, fs_stdout(), fs_stdin())
        set_term(screen)
        raw()
        noecho()
        nonl()
        keypad(fs_stdscr(), true)
        fs_set_escdelay(25)
        wtimeout(fs_stdscr(), 100)
        Self.enableMouse()
        mouseinterval(0)
        curs_set(0)
        colors = wantColors && has_colors()
        if colors {
            start_color()
            use_default_colors()
        }
        attributes = Self.styles(colors: colors)
        Terminal.active = true
    }

    deinit { restore() }

    nonisolated(unsafe) static var active = false

    /// Called from the fatal-signal handler: leave curses so the backtrace is readable.
    static func emergencyRestore() {
        if active { endwin() }
    }

    /// SGR mouse reports (mode 1006): coordinates in decimal, so clicks beyond column 223
    /// arrive whole. ncurses asks for them itself only when TERM's `kmous` is `\E[<`
    /// (xterm-256color); under tmux or screen (`\E[M`) it asks for the `Esc [ M` encoding, so this is
    /// asked for explicitly and the reports ncurses then does not parse are read in ``nextEvent()``.
    static let sgrMouseOn = "\u{1B}[?1006h"
    /// Turns SGR mouse reports off again.
    static let sgrMouseOff = "\u{1B}[?1006l"

    /// Clicks and the wheel, reported in the SGR encoding.
    private static func enableMouse() {
        mousemask(fs_mouse_mask(), nil)
        Self.send(Self.sgrMouseOn)
    }

    /// Puts `text` on the clipboard of the terminal (or of the terminal tmux or ssh runs in)
    /// with OSC 52, which most terminals allow for copying: xterm, iTerm2, kitty, WezTerm, tmux
    /// with `set-clipboard on`.
    package func copyToClipboard(_ text: String) {
        Self.send("\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}")
    }

    /// Writes a control sequence straight to the terminal (ncurses has no call for this one).
    private static func send(_ sequence: String) {
        fflush(fs_stdout())
        var bytes = Array(sequence.utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// Leaves curses: alternate screen off, echo and line mode back.
    package func restore() {
        guard !restored else { return }
        restored = true
        Terminal.active = false
        Self.send(Self.sgrMouseOff)
        endwin()
        if let screen { delscreen(screen) }
        screen = nil
    }

    /// The terminal size.
    package var size: (width: Int, height: Int) {
        (Int(fs_cols()), Int(fs_lines()))
    }

    /// Draws a frame, changing only the cells that differ from the last one.
    package func present(_ buffer: ScreenBuffer) {
        let full = previous.map { $0.width != buffer.width || $0.height != buffer.height } ?? true
        if full { werase(fs_stdscr()) }
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                if !full, let previous, previous[x, y] == cell { continue }
                guard !cell.text.isEmpty else { continue }  // right half of a wide character
                let (attribute, pair) = attributes[cell.role] ?? (FS_A_NORMAL, 0)
                var wide = Array(cell.text.unicodeScalars.prefix(7).map { wchar_t(bitPattern: $0.value) })
                wide.append(0)
                _ = fs_put_cell(Int32(y), Int32(x), wide, attribute, pair)
            }
        }
        if let cursor = buffer.cursor {
            curs_set(1)
            wmove(fs_stdscr(), Int32(cursor.y), Int32(cursor.x))
        } else {
            curs_set(0)
        }
        wnoutrefresh(fs_stdscr())
        doupdate()
        previous = buffer
    }

    /// Forgets the last frame so the next one is drawn whole (after a resize).
    package func invalidate() {
        previous = nil
        clearok(fs_stdscr(), true)
    }

    /// Ctrl-Z: hands the terminal back to the shell in the state it was found (cooked mode, main
    /// screen, cursor shown, no mouse reporting), stops until `fg`, then takes it again and
    /// redraws the last frame whole. Returns after the process is continued.
    package func suspend() {
        handOver { flagscope_stop_process() }
    }

    /// Hands the terminal over as Ctrl-Z does (cooked mode, main screen, cursor shown, no mouse
    /// reporting) while `body` runs — an editor — then takes it again and redraws the last frame.
    package func handOver(_ body: () -> Void) {
        let last = previous
        Self.send(Self.sgrMouseOff)
        endwin()
        body()
        redrawAfterStop(last)
    }

    /// After SIGCONT: curses takes its modes back on the first refresh; the frame is drawn whole
    /// (the shell wrote over the screen) and the mouse asked for again.
    package func redrawAfterStop(_ frame: ScreenBuffer? = nil) {
        let frame = frame ?? previous
        invalidate()
        if let frame { present(frame) }
        Self.enableMouse()
    }

    /// The next event, or `nil` after the 100 ms timeout.
    package func nextEvent() -> TerminalEvent? {
        var character: wint_t = 0
        let result = wget_wch(fs_stdscr(), &character)
        if result == ERR { return nil }
        if result == KEY_CODE_YES {
            switch Int32(character) {
            case KEY_UP: return .key(.up)
            case KEY_DOWN: return .key(.down)
            case KEY_LEFT: return .key(.left)
            case KEY_RIGHT: return .key(.right)
            case KEY_PPAGE: return .key(.pageUp)
            case KEY_NPAGE: return .key(.pageDown)
            case KEY_HOME: return .key(.home)
            case KEY_END: return .key(.end)
            case KEY_BACKSPACE: return .key(.backspace)
            case KEY_DC: return .key(.delete)
            case KEY_ENTER: return .key(.enter)
            case KEY_BTAB: return .key(.backTab)
            case KEY_RESIZE:
                invalidate()
                return .resize(width: Int(fs_cols()), height: Int(fs_lines()))
            case KEY_MOUSE:
                var event = MEVENT()
                guard getmouse(&event) == OK else { return nil }
                let kind: MouseEvent.Kind
                if fs_is_wheel_up(event.bstate) != 0 {
                    kind = .wheelUp
                } else if fs_is_wheel_down(event.bstate) != 0 {
                    kind = .wheelDown
                } else if fs_is_button1(event.bstate) != 0 {
                    kind = .press
                } else {
                    return nil
                }
                return .mouse(MouseEvent(kind: kind, x: Int(event.x), y: Int(event.y)))
            default:
                return nil
            }
        }
        switch character {
        case 10, 13: return .key(.enter)
        case 27: return readAfterEscape()
        case 9: return .key(.tab)
        case 32: return .key(.space)
        case 127, 8: return .key(.backspace)
        case 1...26:
            return .key(.control(Character(Unicode.Scalar(UInt8(character) + 96))))
        default:
            guard let scalar = Unicode.Scalar(UInt32(character)) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }

    /// After an Esc: Alt with a key (terminals send Alt-b as Esc then b, and both are already
    /// waiting), an SGR mouse report ncurses left unparsed, or a plain Esc when nothing follows
    /// (ncurses has waited ESCDELAY for more before returning it).
    private func readAfterEscape() -> TerminalEvent? {
        wtimeout(fs_stdscr(), 0)
        defer { wtimeout(fs_stdscr(), 100) }
        var next: wint_t = 0
        let result = wget_wch(fs_stdscr(), &next)
        if result == ERR { return .key(.escape) }
        if result == KEY_CODE_YES {
            ungetch(Int32(next))
            return .key(.escape)
        }
        switch next {
        case 0x5B:  // "[": a control sequence
            return readControlSequence()
        case 27:
            unget_wch(wchar_t(27))
            return .key(.escape)
        case 0x21...0x7E, 0xA0...:
            guard let scalar = Unicode.Scalar(UInt32(next)) else { return .key(.escape) }
            return .key(.alt(Character(scalar)))
        default:
            return .key(.escape)
        }
    }

    /// The rest of a control sequence after `Esc [`: its parameters up to the final character.
    /// An SGR mouse report becomes a mouse event; any other sequence ncurses did not know is dropped.
    private func readControlSequence() -> TerminalEvent? {
        // The rest of a report arrives in the same write; a short wait covers a slow link.
        wtimeout(fs_stdscr(), 10)
        var parameters = ""
        while parameters.count < 32 {
            var character: wint_t = 0
            guard wget_wch(fs_stdscr(), &character) == OK, let scalar = Unicode.Scalar(UInt32(character)) else {
                return nil
            }
            if (0x40...0x7E).contains(character) {
                return MouseEvent.sgr(parameters: parameters, final: Character(scalar)).map(TerminalEvent.mouse)
            }
            parameters.unicodeScalars.append(scalar)
        }
        return nil
    }

    /// Style roles → curses attributes and colour pairs; without colour, bold/reverse/underline.
    static func styles(colors: Bool) -> [StyleRole: (attr_t, Int16)] {
        var table: [StyleRole: (attr_t, Int16)] = [:]
        if !colors {
            for role in StyleRole.allCases {
                switch role {
                case .header, .footerKey: table[role] = (FS_A_REVERSE | FS_A_BOLD, 0)
                case .headerDim, .footer: table[role] = (FS_A_REVERSE, 0)
                case .selection: table[role] = (FS_A_REVERSE, 0)
                case .selectionInactive: table[role] = (FS_A_UNDERLINE, 0)
                case .key, .warning, .statusWarning, .input: table[role] = (FS_A_BOLD, 0)
                case .error: table[role] = (FS_A_BOLD | FS_A_UNDERLINE, 0)
                case .match: table[role] = (FS_A_UNDERLINE, 0)
                case .muted, .border: table[role] = (FS_A_DIM, 0)
                default: table[role] = (FS_A_NORMAL, 0)
                }
            }
            return table
        }
        let palette: [(StyleRole, Int16, Int16, attr_t)] = [
            (.header, Int16(COLOR_WHITE), Int16(COLOR_BLUE), FS_A_BOLD),
            (.headerDim, Int16(COLOR_CYAN), Int16(COLOR_BLUE), FS_A_NORMAL),
            (.border, Int16(COLOR_BLUE), -1, FS_A_NORMAL),
            (.selection, Int16(COLOR_BLACK), Int16(COLOR_CYAN), FS_A_NORMAL),
            (.selectionInactive, Int16(COLOR_BLACK), Int16(COLOR_WHITE), FS_A_NORMAL),
            (.muted, -1, -1, FS_A_DIM),
            (.key, Int16(COLOR_CYAN), -1, FS_A_BOLD),
            (.valueTrue, Int16(COLOR_GREEN), -1, FS_A_NORMAL),
            (.valueFalse, Int16(COLOR_RED), -1, FS_A_NORMAL),
            (.value, -1, -1, FS_A_NORMAL),
            (.source, Int16(COLOR_MAGENTA), -1, FS_A_NORMAL),
            (.overridden, Int16(COLOR_YELLOW), -1, FS_A_NORMAL),
            (.warning, Int16(COLOR_YELLOW), -1, FS_A_BOLD),
            (.error, Int16(COLOR_RED), -1, FS_A_BOLD),
            (.success, Int16(COLOR_GREEN), -1, FS_A_NORMAL),
            (.footerKey, Int16(COLOR_BLACK), Int16(COLOR_CYAN), FS_A_BOLD),
            (.footer, -1, -1, FS_A_NORMAL),
            (.status, -1, -1, FS_A_NORMAL),
            (.statusWarning, Int16(COLOR_YELLOW), -1, FS_A_BOLD),
            (.input, -1, -1, FS_A_BOLD),
            (.match, Int16(COLOR_YELLOW), -1, FS_A_UNDERLINE),
        ]
        for (index, entry) in palette.enumerated() {
            let pair = Int16(index + 1)
            init_pair(pair, entry.1, entry.2)
            table[entry.0] = (entry.3, pair)
        }
        table[.normal] = (FS_A_NORMAL, 0)
        return table
    }
}
