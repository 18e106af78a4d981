/// Helpers for turning file bytes into text with positions.
package enum TextReading {
    /// The line and column of the first byte that is not valid UTF-8 (or the end).
    package static func location(ofFirstInvalidUTF8In bytes: [UInt8]) -> TextLocation {
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return TextLocation(line: line, column: column)
            }
            guard index + length <= bytes.count,
                String(wellFormedUTF8: bytes[index..<(index + length)]) != nil
            else { return TextLocation(line: line, column: column) }
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return TextLocation(line: line, column: column)
    }
}
