/// Reads Unicode scalars left to right for the lexers of the small languages in flag files
/// (computed expressions, Firebase conditions): spaces, runs of a kind of scalar, quoted text
/// and two-scalar operators are found alike, and each language keeps its own rules for what
/// a name or a number is. Offsets count scalars, as columns do.
struct ScalarScanner {
    /// The scalars read.
    let scalars: [Unicode.Scalar]
    /// The offset of the next scalar.
    var index = 0

    /// A scanner at the start of `text`.
    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// A scanner at the start of `scalars`.
    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    /// The next scalar, or nil at the end.
    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    /// The scalar `offset` places after the next one, or nil past the end.
    func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    /// Moves past spaces, tabs and line breaks.
    mutating func skipSpaces() {
        while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { index += 1 }
    }

    /// Moves past every scalar from here that `matches`; the text moved past.
    @discardableResult
    mutating func take(while matches: (Unicode.Scalar) -> Bool) -> String {
        let start = index
        while let scalar = current, matches(scalar) { index += 1 }
        return text(from: start)
    }

    /// The text from `start` to here.
    func text(from start: Int) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<index])
        return String(text)
    }

    /// The quoted text whose opening quote is the next scalar, moving past its closing quote: a
    /// backslash keeps the scalar after it as written. Nil, at the end, when no quote closes it.
    mutating func quoted() -> String? {
        guard let quote = current else { return nil }
        index += 1
        var content = String.UnicodeScalarView()
        while let scalar = current {
            index += 1
            if scalar == quote { return String(content) }
            if scalar == "\\", let escaped = current {
                content.append(escaped)
                index += 1
            } else {
                content.append(scalar)
            }
        }
        return nil
    }

    /// The next two scalars, moving past them, when they are one of `operators`.
    mutating func take(oneOf operators: Set<String>) -> String? {
        guard let first = current, let second = peek(1) else { return nil }
        let pair = String(first) + String(second)
        guard operators.contains(pair) else { return nil }
        index += 2
        return pair
    }

    /// Whether `scalar` is an ASCII digit.
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// Whether `scalar` is an ASCII letter or `_`: where a name starts.
    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || (scalar.isASCII && scalar.properties.isAlphabetic)
    }
}
