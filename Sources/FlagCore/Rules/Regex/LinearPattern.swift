/// A regular expression matched in time proportional to the pattern's size times the text's
/// length, never more: parsed to an automaton and run Thompson/Pike-style, every possible match
/// advanced together, so no pattern can backtrack (docs/rules.md rules come from remote servers).
/// It accepts the syntax of the engines the SDKs use — Rust's `regex` crate (Unleash's
/// yggdrasil) and RE2 (Firebase) — which are linear-time for the same reason and so refuse
/// look-around and back-references.
package struct LinearPattern: Sendable, Hashable {
    /// Which engine's syntax the pattern is read in.
    package enum Dialect: Sendable, Hashable {
        /// Rust's `regex` crate (yggdrasil): Unicode `\d \w \s \b`, stacked repetitions, class set operations.
        case rust
        /// RE2: ASCII `\d \w \s \b`, a repetition of a repetition refused, a stray `{` is literal.
        case re2
    }

    /// The most steps a compiled pattern may have; past it the pattern is refused, as RE2 and
    /// Rust's `regex` refuse patterns past their size limits (`a{1000}{1000}`).
    package static let sizeLimit = 10_000
    /// The largest count a repetition may write (`{1000}`), RE2's limit.
    package static let repetitionLimit = 1_000
    /// How deep groups, repetitions and classes may nest (Rust's `regex` default).
    package static let nestingLimit = 250

    /// The pattern as written.
    package let source: String
    /// The syntax it was read in.
    package let dialect: Dialect
    /// Whether letters match regardless of case (Unleash's `caseInsensitive`).
    package let caseInsensitive: Bool
    private let program: RegexProgram

    /// Compiles `source`; throws with the reason and where in the pattern when the engine would
    /// refuse it.
    package init(_ source: String, dialect: Dialect, caseInsensitive: Bool = false) throws(LinearPatternError) {
        var parser = RegexParser(source, dialect: dialect, caseInsensitive: caseInsensitive)
        let tree = try parser.parse()
        if dialect == .re2, tree.repetitionProduct > Self.repetitionLimit {
            throw LinearPatternError(
                message: "repetitions inside repetitions repeat more than \(Self.repetitionLimit) times in all",
                offset: 0)
        }
        let size = tree.compiledSize
        guard size <= Self.sizeLimit else {
            throw LinearPatternError(
                message:
                    "the pattern is too big: it compiles to more than \(Self.sizeLimit) steps (a repetition count is too large)",
                offset: 0)
        }
        self.source = source
        self.dialect = dialect
        self.caseInsensitive = caseInsensitive
        program = RegexProgram(tree, asciiClasses: dialect == .re2)
    }

    /// Whether the pattern matches somewhere in `text` (a search, as both engines' `is_match`).
    package func matches(in text: String) -> Bool {
        program.matches(in: text)
    }

    // Two patterns are the same when written the same (the program follows from the words).
    package static func == (a: LinearPattern, b: LinearPattern) -> Bool {
        a.source == b.source && a.dialect == b.dialect && a.caseInsensitive == b.caseInsensitive
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(dialect)
        hasher.combine(caseInsensitive)
    }
}

/// Why a pattern is refused, and where in it.
package struct LinearPatternError: Error, Sendable, Equatable {
    /// What is wrong, in words (`look-around is not supported`).
    package var message: String
    /// The Unicode scalar offset in the pattern the problem starts at.
    package var offset: Int

    /// The message with the position for people: `at 3: look-around …`.
    package var description: String { "at character \(offset + 1): \(message)" }
}
