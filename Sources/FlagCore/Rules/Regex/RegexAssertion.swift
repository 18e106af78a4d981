/// A test of the position between two scalars.
enum RegexAssertion: Sendable {
    /// `^` (`\A`): the start of the text.
    case textStart
    /// `$` (`\z`): the end of the text.
    case textEnd
    /// `(?m)^`: the start of the text or just after `\n`.
    case lineStart
    /// `(?m)$`: the end of the text or just before `\n`.
    case lineEnd
    /// `\b`: a word character on one side only.
    case wordBoundary
    /// `\B`: word characters on both sides or neither.
    case notWordBoundary
}
