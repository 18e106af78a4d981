import CDisplayWidth
import Foundation

/// Text made safe and measurable for a terminal: control characters escaped, widths in columns.
package enum TerminalText {
    /// `text` with every control character, bidi control and NUL replaced by a visible escape
    /// (`\e`, `\a`, `\u{202E}` …), so text from files can never drive the terminal.
    package static func escaped(_ text: String) -> String {
        // Fast path: most text has nothing to escape.
        if !text.unicodeScalars.contains(where: needsEscape) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether a scalar must never reach a terminal raw.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi controls
        case 0x2028, 0x2029: return true  // line and paragraph separators
        default: return false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00: return "\\0"
        case 0x07: return "\\a"
        case 0x08: return "\\b"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0B: return "\\v"
        case 0x0C: return "\\f"
        case 0x0D: return "\\r"
        case 0x1B: return "\\e"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// Columns one scalar takes: 0 for combining marks, 2 for wide (East Asian, most emoji).
    package static func width(of scalar: Unicode.Scalar) -> Int {
        if scalar.value >= 0x20 && scalar.value < 0x7F { return 1 }
        return max(0, Int(flagscope_scalar_width(scalar.value)))
    }

    /// Columns `text` takes on a terminal (escape it first when it may hold control characters).
    package static func displayWidth(of text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += width(of: scalar) }
        return total
    }

    /// The leading part of `text` that just covers more than `columns` display columns, or all
    /// of it when it is narrower: enough to lay out or cut one line, so a multi-megabyte text
    /// costs as much as a short one. Escaping only widens text, so the part stays enough after it.
    package static func leading(_ text: String, columns: Int) -> Substring {
        var used = 0
        var index = text.startIndex
        while index < text.endIndex, used <= columns {
            used += text[index].unicodeScalars.reduce(0) { $0 + width(of: $1) }
            index = text.index(after: index)
        }
        return text[..<index]
    }

    /// `text` cut to at most `columns` display columns, ending in `…` when cut.
    package static func truncated(_ text: String, toWidth columns: Int) -> String {
        guard columns > 0 else { return "" }
        let head = leading(text, columns: columns)
        if head.endIndex == text.endIndex, displayWidth(of: String(head)) <= columns { return text }
        var result = ""
        var used = 0
        for character in head {
            let characterWidth = character.unicodeScalars.reduce(0) { $0 + width(of: $1) }
            if used + characterWidth > columns - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    /// At most `limit` characters of `text`, ending in `…` when cut: bounds the work of
    /// wrapping or escaping text of any size.
    package static func capped(_ text: String, limit: Int) -> String {
        let head = text.prefix(limit)
        return head.endIndex == text.endIndex ? text : String(head) + "…"
    }

    /// A byte count as people read it: `512 bytes`, `3.4 KB`, `5.2 MB`.
    package static func byteCount(_ count: Int) -> String {
        if count < 1_000 { return "\(count) bytes" }
        if count < 1_000_000 { return String(format: "%.1f KB", Double(count) / 1_000) }
        return String(format: "%.1f MB", Double(count) / 1_000_000)
    }

    /// `text` padded with spaces on the right to `columns` display columns (cut when longer).
    package static func padded(_ text: String, toWidth columns: Int) -> String {
        let cut = truncated(text, toWidth: columns)
        return cut + String(repeating: " ", count: max(0, columns - displayWidth(of: cut)))
    }
}
