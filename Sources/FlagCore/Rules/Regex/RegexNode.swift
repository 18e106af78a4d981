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
