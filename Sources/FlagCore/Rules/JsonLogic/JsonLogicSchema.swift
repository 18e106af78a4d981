/// The constraints flagd's schema (`targeting.json`) puts on each operator's arguments, checked
/// in code: `validate` reports a violation at its line and column, while evaluation stays as
/// lenient as flagd's own (a negative weight counts as zero there).
enum JsonLogicSchema {
    /// How many arguments an operator takes, as the schema says.
    private enum Arity {
        case exactly(Int)
        case between(Int, Int)
        case atLeast(Int)
        /// One argument, written alone or as a list of one.
        case unary
    }

    private static func arity(of op: JsonLogicOperator) -> Arity? {
        switch op {
        case .equal, .strictEqual, .notEqual, .strictNotEqual, .greater, .greaterOrEqual, .modulo, .divide,
            .map, .filter, .all, .none, .some, .in:
            return .exactly(2)
        case .less, .lessOrEqual, .substr: return .between(2, 3)
        case .reduce: return .exactly(3)
        case .times: return .atLeast(2)
        case .ifThenElse, .or, .and, .plus, .minus, .max, .min, .merge, .cat: return .atLeast(1)
        case .not, .truthy: return .unary
        // Operators the schema does not list but flagd's evaluator runs: nothing to check.
        case .variable, .missing, .missingSome, .ternary, .abs, .set, .containsAll, .containsAny, .containsNone:
            return nil
        }
    }

    /// Reports each violation in `arguments` of the operator `name`.
    static func check(
        _ name: String, kind: JsonLogicOperatorKind, arguments: SourceNode, at location: TextLocation,
        report: (String, TextLocation?) -> Void
    ) {
        if case .unknown = kind { return }
        // A known operator's name is short ASCII: nothing to cap or escape. Quoted only for a
        // message, as this runs once per operation of every flag and most have none.
        let shown = { "'" + name + "'" }
        switch kind {
        case .unknown:
            return
        case .flagd(let custom):
            checkFlagd(custom, shown: shown, arguments: arguments, at: location, report: report)
        case .standard(let op):
            switch op {
            case .variable: checkVariable(arguments, report: report)
            case .missing:
                guard let items = arguments.sequence, items.allSatisfy(isText) else {
                    report("\(shown()) takes a list of attribute names", arguments.location)
                    return
                }
            case .missingSome:
                guard let items = arguments.sequence, items.count == 2, isNumber(items[0]),
                    let names = items[1].sequence, names.allSatisfy(isText)
                else {
                    report("\(shown()) takes [minimum, [attribute names]]", arguments.location)
                    return
                }
            default:
                if let arity = arity(of: op) { checkArity(arity, shown: shown, arguments: arguments, report: report) }
            }
        }
    }

    private static func checkArity(
        _ arity: Arity, shown: () -> String, arguments: SourceNode, report: (String, TextLocation?) -> Void
    ) {
        guard let items = arguments.sequence else {
            if case .unary = arity { return }
            report("\(shown()) takes a list of arguments, found \(arguments.kindDescription)", arguments.location)
            return
        }
        switch arity {
        case .exactly(let count) where items.count != count:
            report("\(shown()) takes \(count) arguments, found \(items.count)", arguments.location)
        case .between(let low, let high) where items.count < low || items.count > high:
            report("\(shown()) takes \(low) or \(high) arguments, found \(items.count)", arguments.location)
        case .atLeast(let count) where items.count < count:
            report(
                "\(shown()) takes at least \(count) argument\(count == 1 ? "" : "s"), found \(items.count)",
                arguments.location)
        case .unary where items.count != 1:
            report("\(shown()) takes 1 argument, found \(items.count)", arguments.location)
        default:
            break
        }
    }

    private static func checkVariable(_ arguments: SourceNode, report: (String, TextLocation?) -> Void) {
        switch arguments.content {
        case .scalar(let text, true):
            if text.hasPrefix("$flagd."), text != "$flagd.timestamp", text != "$flagd.flagKey" {
                report(
                    "'$flagd' has only 'timestamp' and 'flagKey', not '\(TerminalText.capped(String(text.dropFirst(7)), limit: 60))'",
                    arguments.location)
            }
        case .sequence(let items):
            guard let first = items.first, isText(first) else {
                report("'var' takes [attribute name, default]: the name is text", arguments.location)
                return
            }
        default:
            report(
                "'var' takes an attribute name or [name, default], found \(arguments.kindDescription)",
                arguments.location)
        }
    }

    private static func checkFlagd(
        _ op: FlagdOperatorName, shown: () -> String, arguments: SourceNode, at location: TextLocation,
        report: (String, TextLocation?) -> Void
    ) {
        switch op {
        case .startsWith, .endsWith:
            guard let items = arguments.sequence, items.count == 2 else {
                report("\(shown()) takes 2 arguments: the attribute and the text", arguments.location)
                return
            }
            for item in items where !isText(item) && item.mapping == nil {
                report("\(shown()) compares text: found \(item.kindDescription)", item.location)
            }
        case .semVer:
            guard let items = arguments.sequence, items.count == 3 else {
                report("\(shown()) takes 3 arguments: a version, a comparison and a version", arguments.location)
                return
            }
            for index in stride(from: 0, through: 2, by: 2) {
                let item = items[index]
                if item.mapping != nil { continue }
                if isText(item), let text = item.scalarText, SemanticVersion.isStrictlyWritten(text) { continue }
                report(
                    "\(shown()) needs a version such as \"1.2.3\" or a rule, found \(shownValue(item))", item.location)
            }
            if !(isText(items[1]) && SemVerComparison(symbol: items[1].scalarText ?? "") != nil) {
                let comparisons = SemVerComparison.allCases.map(\.rawValue)
                report(
                    "\(shown()) compares with one of \(comparisons.joined(separator: " ")), found \(shownValue(items[1]))",
                    items[1].location)
            }
        case .fractional:
            checkFractional(shown: shown, arguments: arguments, report: report)
        }
    }

    private static func checkFractional(
        shown: () -> String, arguments: SourceNode, report: (String, TextLocation?) -> Void
    ) {
        guard let items = arguments.sequence, let first = items.first else {
            report("\(shown()) takes a list of [variant, weight] buckets", arguments.location)
            return
        }
        var buckets = items[...]
        if first.mapping != nil {
            buckets = items.dropFirst()
        } else if first.sequence == nil {
            report(
                "\(shown()) starts with a rule that gives the bucketing value, or with a bucket; found \(shownValue(first))",
                first.location)
            buckets = items.dropFirst()
        }
        var total = 0.0
        for bucket in buckets {
            guard let parts = bucket.sequence, (1...2).contains(parts.count) else {
                report(
                    "each bucket of \(shown()) is [variant] or [variant, weight], found \(shownValue(bucket))",
                    bucket.location)
                continue
            }
            guard parts.count == 2 else {
                total += 1
                continue
            }
            let weight = parts[1]
            if weight.mapping != nil { continue }
            guard isNumber(weight), let value = weight.scalarText.flatMap(PlainScalar.number) else {
                report(
                    "a weight of \(shown()) must be a whole number or a rule, found \(shownValue(weight))",
                    weight.location)
                continue
            }
            if value != value.rounded() {
                report(
                    "a weight of \(shown()) must be a whole number, found \(weight.scalarText ?? "")", weight.location)
            } else if value < 0 {
                report("a weight of \(shown()) must not be negative, found \(weight.scalarText ?? "")", weight.location)
            } else {
                total += value
            }
        }
        if total > Double(Int32.max) {
            report("the weights of \(shown()) add up to more than \(Int32.max)", arguments.location)
        }
    }

    private static func isText(_ node: SourceNode) -> Bool {
        if case .scalar(_, true) = node.content { return true }
        return false
    }

    private static func isNumber(_ node: SourceNode) -> Bool {
        node.isPlainScalar && node.scalarText.flatMap(PlainScalar.number) != nil
    }

    private static func shownValue(_ node: SourceNode) -> String {
        if case .scalar(let text, let quoted) = node.content, !node.isNull {
            return quoted ? "\"\(TerminalText.capped(text, limit: 60))\"" : TerminalText.capped(text, limit: 60)
        }
        return node.kindDescription
    }
}
