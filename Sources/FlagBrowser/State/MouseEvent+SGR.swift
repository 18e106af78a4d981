extension MouseEvent {
    /// Reads an SGR (mode 1006) mouse report, `Esc [ < button ; column ; row M` (or `m` on
    /// release), from its parameters (`<0;240;5`) and final character. Columns and rows are
    /// 1-based and unbounded, unlike the `Esc [ M` encoding, whose bytes stop at column 223. Presses of the
    /// left button and wheel steps are events; releases, drags and other buttons are `nil`.
    package static func sgr(parameters: String, final: Character) -> MouseEvent? {
        guard final == "M", parameters.first == "<" else { return nil }
        let fields = parameters.dropFirst().split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard fields.count == 3, let button = fields[0], let column = fields[1], let row = fields[2], column >= 1,
            row >= 1
        else {
            return nil
        }
        // Shift, Alt and Ctrl add 4, 8 and 16; motion adds 32; the wheel is 64 and up.
        let modifiers = 4 | 8 | 16
        let code = button & ~modifiers
        let kind: Kind
        switch code {
        case 0: kind = .press
        case 64: kind = .wheelUp
        case 65: kind = .wheelDown
        default: return nil
        }
        return MouseEvent(kind: kind, x: column - 1, y: row - 1)
    }
}
