/// Reads a pattern into a `RegexNode` in one engine's syntax, refusing what that engine refuses
/// with the reason and the position. Groups, repetitions and classes nest at most
/// `LinearPattern.nestingLimit` deep, which also bounds this parser's recursion.
struct RegexParser {
    private let scalars: [Unicode.Scalar]
    private let dialect: LinearPattern.Dialect
    private var index = 0
    private var depth = 0
    private var flags: Flags

    /// The inline flags in force (`(?i)`, `(?m)`, `(?s)`, `(?x)`).
    private struct Flags {
        var caseless: Bool
        var multiline = false
        var dotMatchesNewline = false
        var verbose = false
    }

    init(_ source: String, dialect: LinearPattern.Dialect, caseInsensitive: Bool) {
        scalars = Array(source.unicodeScalars)
        self.dialect = dialect
        flags = Flags(caseless: caseInsensitive)
    }

    /// The whole pattern.
    mutating func parse() throws(LinearPatternError) -> RegexNode {
        let node = try parseAlternation()
        if index < scalars.count {
            // Only an unmatched `)` stops the top-level alternation early.
            throw fail("unopened group: this ')' closes nothing")
        }
        return node
    }

    // MARK: Structure

    private mutating func parseAlternation() throws(LinearPatternError) -> RegexNode {
        var branches = [try parseConcatenation()]
        while peek == "|" {
            index += 1
            branches.append(try parseConcatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseConcatenation() throws(LinearPatternError) -> RegexNode {
        var parts: [RegexNode] = []
        while true {
            skipVerbose()
            guard let scalar = peek, scalar != "|", scalar != ")" else { break }
            if isRepetitionStart(scalar) {
                throw fail("a repetition operator with nothing before it (write \\\(scalar) for the character)")
            }
            let atom = try parseAtom()
            parts.append(try parseRepetitions(of: atom))
        }
        return parts.count == 1 ? parts[0] : parts.isEmpty ? .empty : .concatenation(parts)
    }

    private func isRepetitionStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "*" || scalar == "+" || scalar == "?" { return true }
        // RE2 reads a `{` that starts no repetition as the character; Rust's `regex` refuses it.
        return scalar == "{" && (dialect == .rust || countedRepetition(at: index) != nil)
    }

    /// The repetition operators after an atom: `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each with
    /// an optional lazy `?` (which changes spans, never whether the pattern matches).
    private mutating func parseRepetitions(of atom: RegexNode) throws(LinearPatternError) -> RegexNode {
        var node = atom
        var repeated = 0
        defer { depth -= repeated }
        operators: while true {
            skipVerbose()
            guard let scalar = peek else { break }
            let start = index
            let bounds: (min: Int, max: Int?)
            switch scalar {
            case "*": bounds = (0, nil)
            case "+": bounds = (1, nil)
            case "?": bounds = (0, 1)
            case "{":
                guard let counted = countedRepetition(at: index) else {
                    if dialect == .re2 { break operators }
                    throw fail("a '{' that starts no repetition {n}, {n,} or {n,m} (write \\{ for the character)")
                }
                bounds = (counted.min, counted.max)
                index = counted.end - 1
            default:
                break operators
            }
            index += 1
            if peek == "?" { index += 1 }
            if repeated > 0, dialect == .re2 {
                index = start
                throw fail("a repetition of a repetition (put the first in a group)")
            }
            if let max = bounds.max, bounds.min > max {
                index = start
                throw fail("a repetition {\(bounds.min),\(max)} whose minimum is above its maximum")
            }
            if dialect == .re2,
                bounds.min > LinearPattern.repetitionLimit || (bounds.max ?? 0) > LinearPattern.repetitionLimit
            {
                index = start
                throw fail("a repetition count above \(LinearPattern.repetitionLimit)")
            }
            repeated += 1
            try enter(at: start)
            node = .repetition(node, min: bounds.min, max: bounds.max)
        }
        return node
    }

    /// `{n}`, `{n,}` or `{n,m}` starting at `position`, with the index just after it; `nil`
    /// when the braces are not one (counts past a million read as the largest).
    private func countedRepetition(at position: Int) -> (min: Int, max: Int?, end: Int)? {
        var cursor = position + 1
        func number() -> Int? {
            var value: Int?
            while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) {
                let digit = Int(scalars[cursor].value - 0x30)
                value = Swift.min((value ?? 0) * 10 + digit, 1_000_000_000)
                cursor += 1
            }
            return value
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if cursor < scalars.count, scalars[cursor] == "," {
            cursor += 1
            high = number()
        }
        guard cursor < scalars.count, scalars[cursor] == "}" else { return nil }
        return (low, high, cursor + 1)
    }

    private mutating func parseAtom() throws(LinearPatternError) -> RegexNode {
        let scalar = scalars[index]
        switch scalar {
        case "(":
            return try parseGroup()
        case "[":
            let start = index
            index += 1
            let set = try parseClassBody(openedAt: start)
            return .set(set, caseless: flags.caseless)
        case ".":
            index += 1
            return .any(newline: flags.dotMatchesNewline)
        case "^":
            index += 1
            return .assertion(flags.multiline ? .lineStart : .textStart)
        case "$":
            index += 1
            return .assertion(flags.multiline ? .lineEnd : .textEnd)
        case "\\":
            return try parseEscape()
        default:
            index += 1
            return .scalar(scalar, caseless: flags.caseless)
        }
    }

    private mutating func parseGroup() throws(LinearPatternError) -> RegexNode {
        let start = index
        index += 1
        let saved = flags
        if peek == "?" {
            index += 1
            guard let kind = peek else { throw fail("unclosed group", at: start) }
            switch kind {
            case "=", "!":
                throw fail("look-ahead is not supported (the engine matches in linear time)", at: start)
            case ">":
                throw fail("atomic groups are not supported", at: start)
            case "<" where index + 1 < scalars.count && (scalars[index + 1] == "=" || scalars[index + 1] == "!"):
                throw fail("look-behind is not supported (the engine matches in linear time)", at: start)
            case "P", "<":
                if kind == "P" { index += 1 }
                guard peek == "<" else {
                    throw fail("unknown group syntax (?P…); a named group is (?P<name>…)", at: start)
                }
                index += 1
                try parseGroupName(groupStart: start)
            case ":":
                index += 1
            default:
                // Flags: `(?i)` for the rest of the enclosing group, `(?i:…)` for a group.
                let endsGroup = try parseFlags(groupStart: start)
                if endsGroup { return .empty }
            }
        }
        try enter(at: start)
        let inner = try parseAlternation()
        depth -= 1
        guard peek == ")" else { throw fail("unclosed group: this '(' has no ')'", at: start) }
        index += 1
        flags = saved
        return inner
    }

    private mutating func parseGroupName(groupStart: Int) throws(LinearPatternError) {
        var name = ""
        while let scalar = peek, scalar != ">" {
            guard
                scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
                    || scalar == "." || scalar == "[" || scalar == "]"
            else { throw fail("a group name has letters, digits and _ only") }
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard peek == ">" else { throw fail("unclosed group name", at: groupStart) }
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
            throw fail("a group name starts with a letter or _", at: groupStart)
        }
        index += 1
    }

    /// Reads `i`, `m`, `s`, `x`, `U` (and Rust's `u`, `R`), with `-` before those turned off,
    /// up to `)` (returns true: they apply to the rest of the enclosing group) or `:` (false).
    private mutating func parseFlags(groupStart: Int) throws(LinearPatternError) -> Bool {
        var turningOn = true
        var any = false
        while let scalar = peek {
            index += 1
            switch scalar {
            case "-":
                guard turningOn else { throw fail("a second '-' among group flags", at: index - 1) }
                turningOn = false
            case "i": flags.caseless = turningOn
            case "m": flags.multiline = turningOn
            case "s": flags.dotMatchesNewline = turningOn
            case "x" where dialect == .rust: flags.verbose = turningOn
            case "U": break  // lazy by default: spans only
            case "u",
                "R" where dialect == .rust:
                break
            case ")", ":":
                guard any else { throw fail("a group (?…) with no flags", at: groupStart) }
                if scalar == ")" { return true }
                return false
            default:
                throw fail("unknown group flag '\(scalar)' (the flags are i, m, s, x and U)", at: index - 1)
            }
            any = true
        }
        throw fail("unclosed group", at: groupStart)
    }

    // MARK: Escapes

    private mutating func parseEscape() throws(LinearPatternError) -> RegexNode {
        let start = index
        index += 1
        guard let scalar = peek else { throw fail("a '\\' at the end of the pattern", at: start) }
        let assertions: [Unicode.Scalar: RegexAssertion] = [
            "b": .wordBoundary, "B": .notWordBoundary, "A": .textStart, "z": .textEnd,
        ]
        if let assertion = assertions[scalar] {
            index += 1
            return .assertion(assertion)
        }
        if let set = try classEscape(start: start) { return .set(set, caseless: flags.caseless) }
        return .scalar(try scalarEscape(start: start), caseless: flags.caseless)
    }

    /// `\d \D \w \W \s \S \pL \p{Lu} \P{…}` at `index` (just after the `\`), or `nil`.
    private mutating func classEscape(start: Int) throws(LinearPatternError) -> ScalarClass? {
        guard let scalar = peek else { return nil }
        let perl: [Unicode.Scalar: PerlClass] = [
            "d": .digit, "D": .digit, "w": .word, "W": .word, "s": .space, "S": .space,
        ]
        if let kind = perl[scalar] {
            index += 1
            let set = ScalarClass.perl(kind)
            return scalar.properties.isUppercase ? .negated(set) : set
        }
        guard scalar == "p" || scalar == "P" else { return nil }
        index += 1
        var name = ""
        if peek == "{" {
            index += 1
            while let next = peek, next != "}" {
                name.unicodeScalars.append(next)
                index += 1
            }
            guard peek == "}" else { throw fail("unclosed \\p{…}", at: start) }
            index += 1
        } else if let next = peek {
            name.unicodeScalars.append(next)
            index += 1
        }
        var negated = scalar == "P"
        if name.hasPrefix("^") {
            negated.toggle()
            name.removeFirst()
        }
        guard UnicodeCategories.isKnown(name) else {
            throw fail(
                "unknown Unicode class \\p{\(name)} (flagscope knows the general categories L, Lu, Nd … and Any)",
                at: start)
        }
        return negated ? .negated(.category(name)) : .category(name)
    }

    /// One scalar written with an escape, at `index` just after the `\`.
    private mutating func scalarEscape(start: Int) throws(LinearPatternError) -> Unicode.Scalar {
        guard let scalar = peek else { throw fail("a '\\' at the end of the pattern", at: start) }
        index += 1
        switch scalar {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "a": return "\u{07}"
        case "x": return try hexadecimalEscape(digits: 2, start: start)
        case "u" where dialect == .rust: return try hexadecimalEscape(digits: 4, start: start)
        case "U" where dialect == .rust: return try hexadecimalEscape(digits: 8, start: start)
        case "1"..."9", "0", "k":
            throw fail("back-references are not supported (the engine matches in linear time)", at: start)
        default:
            // Any punctuation or non-ASCII scalar may be escaped to stand for itself.
            if !scalar.isASCII || !(scalar.properties.isAlphabetic || scalar.properties.numericType != nil) {
                return scalar
            }
            throw fail("unknown escape \\\(scalar)", at: start)
        }
    }

    /// `\xHH`, `\uHHHH`, `\UHHHHHHHH` (Rust) or `\x{H…}`.
    private mutating func hexadecimalEscape(digits: Int, start: Int) throws(LinearPatternError) -> Unicode.Scalar {
        var text = ""
        if peek == "{" {
            index += 1
            while let next = peek, next != "}", text.count <= 8 {
                text.unicodeScalars.append(next)
                index += 1
            }
            guard peek == "}" else { throw fail("unclosed \\x{…}", at: start) }
            index += 1
        } else {
            for _ in 0..<digits {
                guard let next = peek else { break }
                text.unicodeScalars.append(next)
                index += 1
            }
        }
        guard !text.isEmpty, text.count <= 8, let value = UInt32(text, radix: 16), let scalar = Unicode.Scalar(value)
        else { throw fail("a hexadecimal escape that is no Unicode scalar", at: start) }
        return scalar
    }

    // MARK: Classes

    /// A class being read: the sets combined so far by `&&`, `--` or `~~` (Rust), and the
    /// members read since the last of them.
    private struct ClassBeingRead {
        /// The sets before the last operator, combined.
        private var combined: ScalarClass?
        /// The operator the members read since are combined with `combined` by.
        private var pendingOperator: Unicode.Scalar?
        /// Classes read since the last operator (`\d`, `[:alpha:]`, a nested class).
        var members: [ScalarClass] = []
        /// Scalars and ranges read since the last operator.
        var ranges: [ClosedRange<UInt32>] = []

        /// Whether nothing at all has been read: an operator there is a character.
        var isEmpty: Bool { members.isEmpty && ranges.isEmpty && combined == nil }

        /// Combines what was read so far and starts the set after `operation`.
        mutating func begin(_ operation: Unicode.Scalar) {
            combineMembers()
            pendingOperator = operation
        }

        /// The whole class (not negated).
        mutating func finished() -> ScalarClass {
            combineMembers()
            return combined ?? .ranges([])
        }

        /// The members read since the last operator, combined with the sets before it.
        private mutating func combineMembers() {
            var all = members
            if !ranges.isEmpty { all.append(.ranges(ranges)) }
            let right = all.count == 1 ? all[0] : .union(all)
            (members, ranges) = ([], [])
            guard let left = combined, let operation = pendingOperator else {
                combined = right
                return
            }
            switch operation {
            case "&": combined = .intersection(left, right)
            case "-": combined = .difference(left, right)
            default: combined = .symmetricDifference(left, right)
            }
        }
    }

    /// The members of a class after its `[`, through its `]`: items, ranges, POSIX classes,
    /// and in Rust's dialect nested classes and `&&`, `--`, `~~` between sets.
    private mutating func parseClassBody(openedAt start: Int) throws(LinearPatternError) -> ScalarClass {
        try enter(at: start)
        defer { depth -= 1 }
        var negated = false
        if peek == "^" {
            negated = true
            index += 1
        }
        var set = ClassBeingRead()
        var first = true
        while true {
            guard let scalar = peek else { throw fail("unclosed class: this '[' has no ']'", at: start) }
            if scalar == "]", !first {
                index += 1
                break
            }
            first = false
            if let operation = setOperator(after: set) {
                set.begin(operation)
                index += 2
            } else if scalar == "[", index + 1 < scalars.count, scalars[index + 1] == ":",
                let posix = try posixClass()
            {
                set.members.append(posix)
            } else if scalar == "[", dialect == .rust {
                let nestedStart = index
                index += 1
                set.members.append(try parseClassBody(openedAt: nestedStart))
            } else {
                try parseClassItem(into: &set)
            }
        }
        let whole = set.finished()
        return negated ? .negated(whole) : whole
    }

    /// The operator between sets at `index` (Rust's `&&`, `--`, `~~`, after something in the
    /// class), by its first scalar; `nil` when there is none.
    private func setOperator(after set: ClassBeingRead) -> Unicode.Scalar? {
        guard dialect == .rust, let scalar = peek, scalar == "&" || scalar == "-" || scalar == "~",
            index + 1 < scalars.count, scalars[index + 1] == scalar, !set.isEmpty
        else { return nil }
        return scalar
    }

    /// One item of a class at `index`: a class escape (`\d`), a scalar, or a range `a-z` (a
    /// `-` before `]`, or before Rust's `--`, is the character).
    private mutating func parseClassItem(into set: inout ClassBeingRead) throws(LinearPatternError) {
        let itemStart = index
        let low: Unicode.Scalar
        if scalars[index] == "\\" {
            index += 1
            if let escaped = try classEscape(start: itemStart) {
                set.members.append(escaped)
                return
            }
            low = try classScalarEscape(start: itemStart)
        } else {
            low = scalars[index]
            index += 1
        }
        guard peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]",
            !(dialect == .rust && scalars[index + 1] == "-")
        else {
            set.ranges.append(low.value...low.value)
            return
        }
        index += 1
        let high = try classRangeEnd()
        guard low.value <= high.value else {
            throw fail("a range \(low)-\(high) that ends before it starts", at: itemStart)
        }
        set.ranges.append(low.value...high.value)
    }

    /// The scalar a range ends with, after its `-`: one scalar, or an escape that stands for one.
    private mutating func classRangeEnd() throws(LinearPatternError) -> Unicode.Scalar {
        let highStart = index
        guard scalars[index] == "\\" else {
            index += 1
            return scalars[highStart]
        }
        index += 1
        if try classEscape(start: highStart) != nil {
            throw fail("a range ends with a class", at: highStart)
        }
        return try classScalarEscape(start: highStart)
    }

    /// An escape inside a class that stands for one scalar (`\]`, `\-`, `\n`, `\x41`).
    private mutating func classScalarEscape(start: Int) throws(LinearPatternError) -> Unicode.Scalar {
        if peek == "b" { throw fail("\\b is not allowed in a class", at: start) }
        return try scalarEscape(start: start)
    }

    /// `[:alpha:]` or `[:^alpha:]` at `index`; `nil` when the text is not one (then `[` is read otherwise).
    private mutating func posixClass() throws(LinearPatternError) -> ScalarClass? {
        let start = index
        var cursor = index + 2
        var negated = false
        if cursor < scalars.count, scalars[cursor] == "^" {
            negated = true
            cursor += 1
        }
        var name = ""
        while cursor < scalars.count, scalars[cursor] != ":", name.count < 10 {
            name.unicodeScalars.append(scalars[cursor])
            cursor += 1
        }
        guard cursor + 1 < scalars.count, scalars[cursor] == ":", scalars[cursor + 1] == "]" else { return nil }
        let classes: [String: [ClosedRange<UInt32>]] = [
            "alnum": [0x30...0x39, 0x41...0x5A, 0x61...0x7A], "alpha": [0x41...0x5A, 0x61...0x7A],
            "ascii": [0x00...0x7F], "blank": [0x09...0x09, 0x20...0x20], "cntrl": [0x00...0x1F, 0x7F...0x7F],
            "digit": [0x30...0x39], "graph": [0x21...0x7E], "lower": [0x61...0x7A], "print": [0x20...0x7E],
            "punct": [0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E], "space": [0x09...0x0D, 0x20...0x20],
            "upper": [0x41...0x5A], "word": [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A],
            "xdigit": [0x30...0x39, 0x41...0x46, 0x61...0x66],
        ]
        guard let ranges = classes[name] else { throw fail("unknown POSIX class [:\(name):]", at: start) }
        index = cursor + 2
        return negated ? .negated(.ranges(ranges)) : .ranges(ranges)
    }

    // MARK: Helpers

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    /// In `(?x)` mode, skips spaces and `#` comments between items.
    private mutating func skipVerbose() {
        guard flags.verbose else { return }
        while let scalar = peek {
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "#" {
                while let next = peek, next != "\n" { index += 1 }
            } else {
                return
            }
        }
    }

    /// One level deeper, refused past the nesting limit.
    private mutating func enter(at position: Int) throws(LinearPatternError) {
        depth += 1
        guard depth <= LinearPattern.nestingLimit else {
            throw fail(
                "groups, repetitions and classes nest more than \(LinearPattern.nestingLimit) deep", at: position)
        }
    }

    private func fail(_ message: String, at position: Int? = nil) -> LinearPatternError {
        LinearPatternError(message: message, offset: position ?? index)
    }
}
