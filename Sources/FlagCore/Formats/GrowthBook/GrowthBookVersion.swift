/// A version as GrowthBook's `$veq`, `$vgt` and the other version operators compare it: the
/// text cut into parts at `.` and `-` (a leading `v` and a `+build` suffix dropped), numeric
/// parts padded to five places, a release given a `~` part so that it sorts after its
/// prereleases, and the whole compared as text. Not semantic versioning's own order (`1-2-3`
/// equals `1.2.3`, and `a.b.c.d.e.f` is greater than `1.2.3`), but what every SDK does.
enum GrowthBookVersion {
    /// The comparable text of an attribute or condition value: a number is read as its text;
    /// anything else that is not non-empty text is `0`.
    static func padded(_ value: JSONValue?) -> String {
        let text: String
        switch value {
        case .string(let string) where !string.isEmpty: text = string
        case .int, .double: text = GrowthBookCoercion.text(value)
        default: text = "0"
        }
        return padded(text: text)
    }

    /// The comparable text of a version written as text.
    static func padded(text: String) -> String {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "v" { scalars = scalars.dropFirst() }
        // `\+.*$`: from the first `+` after which no line ends (JavaScript's `.` stops there).
        var cut = scalars.endIndex
        var index = scalars.endIndex
        while index > scalars.startIndex {
            index = scalars.index(before: index)
            let scalar = scalars[index]
            if isLineTerminator(scalar) { break }
            if scalar == "+" { cut = index }
        }
        let core = scalars[..<cut]
        var parts = core.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "-" }.map {
            String(String.UnicodeScalarView($0))
        }
        if parts.count == 3 { parts.append("~") }
        return parts.map { part in
            let numeric = !part.isEmpty && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            return numeric && part.utf8.count < 5 ? String(repeating: " ", count: 5 - part.utf8.count) + part : part
        }.joined(separator: "-")
    }

    private static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// JavaScript's comparison of two texts: by UTF-16 code units.
    static func precedes(_ left: String, _ right: String) -> Bool {
        left.utf16.lexicographicallyPrecedes(right.utf16)
    }
}
