/// A parsed pattern: what must match, with captures forgotten (only whether it matches counts).
indirect enum RegexNode: Sendable {
    /// Matches the empty text.
    case empty
    /// One scalar (with its case-folded forms when `caseless`).
    case scalar(Unicode.Scalar, caseless: Bool)
    /// One scalar of a class.
    case set(ScalarClass, caseless: Bool)
    /// Any scalar, `\n` too when `newline`.
    case any(newline: Bool)
    /// A position test that consumes nothing.
    case assertion(RegexAssertion)
    /// Each part in turn.
    case concatenation([RegexNode])
    /// One of the branches.
    case alternation([RegexNode])
    /// `node` from `min` to `max` times (`nil`: no upper bound).
    case repetition(RegexNode, min: Int, max: Int?)

    /// The largest product of counts along nested counted repetitions (`(?:a{10}){20}`: 200),
    /// which RE2 caps at 1000; an unbounded repetition counts its minimum.
    var repetitionProduct: Int {
        switch self {
        case .empty, .scalar, .set, .any, .assertion: return 1
        case .concatenation(let nodes), .alternation(let nodes):
            return nodes.reduce(1) { max($0, $1.repetitionProduct) }
        case .repetition(let node, let min, let max):
            let count = max ?? min
            let inner = node.repetitionProduct
            guard count > 0 else { return inner }
            let product = count.multipliedReportingOverflow(by: inner)
            return product.overflow ? Int.max : product.partialValue
        }
    }

    /// How many program steps the node compiles to, saturating past `Int.max / 4`
    /// (so a size check never overflows).
    var compiledSize: Int {
        let ceiling = Int.max / 4
        func capped(_ value: Int) -> Int { min(value, ceiling) }
        switch self {
        case .empty: return 0
        case .scalar, .set, .any, .assertion: return 1
        case .concatenation(let parts):
            return parts.reduce(0) { capped($0 + $1.compiledSize) }
        case .alternation(let branches):
            return branches.reduce(0) { capped($0 + $1.compiledSize + 2) }
        case .repetition(let node, let min, let max):
            let size = node.compiledSize
            let required =
                size == 0 ? 0 : capped(size.multipliedReportingOverflow(by: min).overflow ? ceiling : size * min)
            guard let max else { return capped(required + size + 2) }
            let optional = (max - min).multipliedReportingOverflow(by: size + 1)
            return capped(required + (optional.overflow ? ceiling : capped(optional.partialValue)))
        }
    }
}

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

/// A set of scalars as a class writes it (`[a-z\d]`, `\w`, `[[:alpha:]]`, `\p{Lu}`).
indirect enum ScalarClass: Sendable {
    /// Scalars within any of the ranges.
    case ranges([ClosedRange<UInt32>])
    /// `\d`, `\w` or `\s` (Unicode or ASCII by dialect).
    case perl(PerlClass)
    /// A Unicode general category, by its one- or two-letter name (`L`, `Lu`), or `Any`.
    case category(String)
    /// Scalars in any member.
    case union([ScalarClass])
    /// Scalars in both.
    case intersection(ScalarClass, ScalarClass)
    /// Scalars in the first and not the second.
    case difference(ScalarClass, ScalarClass)
    /// Scalars in exactly one.
    case symmetricDifference(ScalarClass, ScalarClass)
    /// Scalars not in the class.
    case negated(ScalarClass)

    /// Whether `scalar` is in the class; `caseless` also admits a scalar whose other case is.
    /// (Case is applied below each negation, as the engines fold a class before negating it.)
    func contains(_ scalar: Unicode.Scalar, caseless: Bool, asciiClasses: Bool) -> Bool {
        switch self {
        case .ranges, .perl, .category:
            if holds(scalar.value, asciiClasses: asciiClasses) { return true }
            guard caseless else { return false }
            return CaseFolding.variants(of: scalar).contains { holds($0.value, asciiClasses: asciiClasses) }
        case .union(let members):
            return members.contains { $0.contains(scalar, caseless: caseless, asciiClasses: asciiClasses) }
        case .intersection(let a, let b):
            return a.contains(scalar, caseless: caseless, asciiClasses: asciiClasses)
                && b.contains(scalar, caseless: caseless, asciiClasses: asciiClasses)
        case .difference(let a, let b):
            return a.contains(scalar, caseless: caseless, asciiClasses: asciiClasses)
                && !b.contains(scalar, caseless: caseless, asciiClasses: asciiClasses)
        case .symmetricDifference(let a, let b):
            return a.contains(scalar, caseless: caseless, asciiClasses: asciiClasses)
                != b.contains(scalar, caseless: caseless, asciiClasses: asciiClasses)
        case .negated(let inner):
            return !inner.contains(scalar, caseless: caseless, asciiClasses: asciiClasses)
        }
    }

    /// Membership of a leaf, as written (no case folding).
    private func holds(_ value: UInt32, asciiClasses: Bool) -> Bool {
        switch self {
        case .ranges(let ranges): return ranges.contains { $0.contains(value) }
        case .perl(let kind): return kind.contains(value, ascii: asciiClasses)
        case .category(let name): return Self.inCategory(value, name)
        default: return false
        }
    }

    private static func inCategory(_ value: UInt32, _ name: String) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        if name == "Any" { return true }
        let code = UnicodeCategories.code(of: scalar.properties.generalCategory)
        return name.count == 1 ? code.hasPrefix(name) : code == name
    }
}

/// The Perl classes, `\d \w \s`.
enum PerlClass: Sendable {
    /// `\d`
    case digit
    /// `\w`
    case word
    /// `\s`
    case space

    /// Whether `value` is in the class: ASCII only in RE2, Unicode in Rust's `regex`.
    func contains(_ value: UInt32, ascii: Bool) -> Bool {
        if value < 0x80 || ascii {
            switch self {
            case .digit: return (0x30...0x39).contains(value)
            case .word: return Self.asciiWord(value)
            case .space:
                // RE2's `\s` is `[\t\n\f\r ]`; Unicode White_Space adds `\v` and the rest.
                return value == 0x20 || (0x09...0x0D).contains(value) && (!ascii || value != 0x0B)
            }
        }
        guard let scalar = Unicode.Scalar(value) else { return false }
        let properties = scalar.properties
        switch self {
        case .digit: return properties.generalCategory == .decimalNumber
        case .space: return properties.isWhitespace
        case .word:
            switch properties.generalCategory {
            case .decimalNumber, .connectorPunctuation, .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return properties.isAlphabetic || properties.isJoinControl
            }
        }
    }

    private static func asciiWord(_ value: UInt32) -> Bool {
        (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
            || value == 0x5F
    }
}

/// Case folding as the engines do it for `(?i)`: a scalar matches its simple lower- and
/// upper-case forms (`K`, `k` and the Kelvin sign `K` alike).
enum CaseFolding {
    /// The other-case forms of `scalar` that are single scalars (none for most non-letters).
    static func variants(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        let value = scalar.value
        if value < 0x80 {
            if (0x41...0x5A).contains(value) { return [Unicode.Scalar(value + 0x20)!] }
            if (0x61...0x7A).contains(value) {
                // `k` and `s` also fold with the Kelvin sign and the long s.
                let upper = Unicode.Scalar(value - 0x20)!
                if value == 0x6B { return [upper, "\u{212A}"] }
                if value == 0x73 { return [upper, "\u{017F}"] }
                return [upper]
            }
            return []
        }
        var forms: [Unicode.Scalar] = []
        let properties = scalar.properties
        for mapped in [properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping] {
            let scalars = mapped.unicodeScalars
            if scalars.count == 1, let only = scalars.first, only != scalar, !forms.contains(only) {
                forms.append(only)
                // The long s and the Kelvin sign reach `s`/`k` only through their upper case.
                if only.value < 0x80, let lowered = variants(of: only).first, lowered != scalar,
                    !forms.contains(lowered)
                {
                    forms.append(lowered)
                }
            }
        }
        return forms
    }

    /// Whether two scalars are equal ignoring case.
    static func equal(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        a == b || variants(of: a).contains(b)
    }
}

/// The two-letter codes of Unicode general categories (`Lu`, `Nd`), as `\p{…}` names them.
enum UnicodeCategories {
    /// The code of a category.
    static func code(of category: Unicode.GeneralCategory) -> String {
        switch category {
        case .uppercaseLetter: return "Lu"
        case .lowercaseLetter: return "Ll"
        case .titlecaseLetter: return "Lt"
        case .modifierLetter: return "Lm"
        case .otherLetter: return "Lo"
        case .nonspacingMark: return "Mn"
        case .spacingMark: return "Mc"
        case .enclosingMark: return "Me"
        case .decimalNumber: return "Nd"
        case .letterNumber: return "Nl"
        case .otherNumber: return "No"
        case .connectorPunctuation: return "Pc"
        case .dashPunctuation: return "Pd"
        case .openPunctuation: return "Ps"
        case .closePunctuation: return "Pe"
        case .initialPunctuation: return "Pi"
        case .finalPunctuation: return "Pf"
        case .otherPunctuation: return "Po"
        case .mathSymbol: return "Sm"
        case .currencySymbol: return "Sc"
        case .modifierSymbol: return "Sk"
        case .otherSymbol: return "So"
        case .spaceSeparator: return "Zs"
        case .lineSeparator: return "Zl"
        case .paragraphSeparator: return "Zp"
        case .control: return "Cc"
        case .format: return "Cf"
        case .surrogate: return "Cs"
        case .privateUse: return "Co"
        case .unassigned: return "Cn"
        @unknown default: return "Cn"
        }
    }

    /// Whether `name` is a category `\p{…}` can name: one letter (`L`), two (`Lu`), or `Any`.
    static func isKnown(_ name: String) -> Bool {
        let majors: Set<String> = ["L", "M", "N", "P", "S", "Z", "C"]
        let minors: Set<String> = [
            "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po",
            "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn",
        ]
        return name == "Any" || majors.contains(name) || minors.contains(name)
    }
}
