/// How `sem_ver` compares two versions.
enum SemVerComparison: String, Sendable, CaseIterable {
    case equal = "="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    /// Same major version.
    case sameMajor = "^"
    /// Same major and minor version.
    case sameMinor = "~"

    /// The comparison written `symbol`, found by its bytes (a `switch` over text compares it
    /// with each case in turn, for every `sem_ver` evaluated).
    init?(symbol: String) {
        var bytes = symbol.utf8.makeIterator()
        let first = bytes.next()
        let second = bytes.next()
        guard bytes.next() == nil else { return nil }
        switch (first, second) {
        case (UInt8(ascii: "=")?, nil): self = .equal
        case (UInt8(ascii: "!")?, UInt8(ascii: "=")?): self = .notEqual
        case (UInt8(ascii: "<")?, nil): self = .less
        case (UInt8(ascii: "<")?, UInt8(ascii: "=")?): self = .lessOrEqual
        case (UInt8(ascii: ">")?, nil): self = .greater
        case (UInt8(ascii: ">")?, UInt8(ascii: "=")?): self = .greaterOrEqual
        case (UInt8(ascii: "^")?, nil): self = .sameMajor
        case (UInt8(ascii: "~")?, nil): self = .sameMinor
        default: return nil
        }
    }

    /// Whether `left` stands in this relation to `right`.
    func holds(_ left: SemanticVersion, _ right: SemanticVersion) -> Bool {
        let order = left.compare(to: right)
        switch self {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        case .sameMajor: return left.major == right.major
        case .sameMinor: return left.major == right.major && left.minor == right.minor
        }
    }
}

/// flagd's `sem_ver`: `[version, comparison, version]`. Versions may lack minor and patch
/// (`1.2` is `1.2.0`) and may start with `v` or `V`; numbers are read as their text (`1.2`).
/// Anything that is not a version, or an unknown comparison, gives `null`.
enum SemVerOperator: JsonLogicCustomOperator {
    static let name = "sem_ver"

    /// `[version, comparison, version]`: strictly written versions (or rules) and one of the
    /// comparisons, as flagd's schema says.
    static func check(_ arguments: SourceNode, shown: () -> String, report: (String, TextLocation?) -> Void) {
        guard let items = arguments.sequence, items.count == 3 else {
            report("\(shown()) takes 3 arguments: a version, a comparison and a version", arguments.location)
            return
        }
        for index in stride(from: 0, through: 2, by: 2) {
            let item = items[index]
            if item.mapping != nil { continue }
            if FlagdSchema.isText(item), let text = item.scalarText, SemanticVersion.isStrictlyWritten(text) {
                continue
            }
            report(
                "\(shown()) needs a version such as \"1.2.3\" or a rule, found \(FlagdSchema.shownValue(item))",
                item.location)
        }
        if !(FlagdSchema.isText(items[1]) && SemVerComparison(symbol: items[1].scalarText ?? "") != nil) {
            let comparisons = SemVerComparison.allCases.map(\.rawValue)
            report(
                "\(shown()) compares with one of \(comparisons.joined(separator: " ")), found \(FlagdSchema.shownValue(items[1]))",
                items[1].location)
        }
    }

    /// The versions compared are read as versions.
    static func comparison(ofArgument position: Int) -> AttributeTypeHint? {
        position == 0 || position == 2 ? .version : nil
    }

    static func evaluate(_ arguments: LogicValue, in evaluation: inout JsonLogicEvaluation) -> CustomOperatorResult {
        guard let items = arguments.arrayItems, items.count == 3 else {
            return CustomOperatorResult(value: .null, note: "sem_ver takes a version, a comparison and a version")
        }
        guard let actual = version(items[0]) else {
            return CustomOperatorResult(value: .null, note: "sem_ver: \(shown(items[0])) is not a semantic version")
        }
        guard case .string(let symbol) = items[1] else {
            return CustomOperatorResult(value: .null, note: "sem_ver: the comparison is \(items[1].kindName), not text")
        }
        guard let target = version(items[2]) else {
            return CustomOperatorResult(value: .null, note: "sem_ver: \(shown(items[2])) is not a semantic version")
        }
        guard let comparison = SemVerComparison(symbol: symbol) else {
            return CustomOperatorResult(
                value: .null, note: "sem_ver: no comparison '\(TerminalText.capped(symbol, limit: 20))'")
        }
        return CustomOperatorResult(value: .bool(comparison.holds(actual, target)))
    }

    /// A value as flagd reads it for a version: text as is, anything else as Go prints it,
    /// then `v` put in front unless it starts with one (`V` becomes `v`).
    static func version(_ value: LogicValue) -> SemanticVersion? {
        // What follows a leading `v` or `V`, else all of it: no `v` is written in front only
        // to be read past.
        SemanticVersion(typed: goText(value))
    }

    private static func goText(_ value: LogicValue) -> String {
        switch value {
        case .string(let text): return text
        case .number(let number): return GoNumberText.printed(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "<nil>"
        case .array, .object: return "[…]"
        }
    }

    private static func shown(_ value: LogicValue) -> String {
        if case .string(let text) = value { return "\"\(TerminalText.capped(text, limit: 60))\"" }
        return value.kindName
    }
}
