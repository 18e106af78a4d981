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
