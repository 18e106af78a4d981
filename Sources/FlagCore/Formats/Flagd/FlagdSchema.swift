/// flagd's schema (`targeting.json`): the constraints it puts on the arguments of JsonLogic's
/// own operators, checked in code; flagd's own operators check theirs
/// (``JsonLogicCustomOperator/check(_:shown:report:)``), and a `var` of `$flagd` may name only
/// its members. `validate` reports a violation at its line and column, while evaluation stays
/// as lenient as flagd's own (a negative weight counts as zero there).
enum FlagdSchema: JsonLogicSchema {
    /// How many arguments an operator takes, as the schema says.
    private enum Arity {
        case exactly(Int)
        case between(Int, Int)
        case atLeast(Int)
        /// One argument, written alone or as a list of one.
        case unary
    }

    /// How many arguments the schema lets `op` take; `nil` when it says nothing of `op`.
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

    /// Reports each violation in `arguments` of the operation `name`: the arity the schema
    /// gives JsonLogic's operators, `var`'s and `missing`'s forms, and flagd's own operators'
    /// checks.
    static func check(
        _ name: String, kind: JsonLogicOperatorKind, in dialect: JsonLogicDialect, arguments: SourceNode,
        report: (String, TextLocation?) -> Void
    ) {
        if case .unknown = kind { return }
        // A known operator's name is short ASCII: nothing to cap or escape. Quoted only for a
        // message, as this runs once per operation of every flag and most have none.
        let shown = { "'" + name + "'" }
        switch kind {
        case .unknown:
            return
        case .custom(let index):
            dialect.operators[index].check(arguments, shown: shown, report: report)
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

    /// Checks a `var`'s arguments: a name or `[name, default]`, and no member `$flagd` does not
    /// have.
    private static func checkVariable(_ arguments: SourceNode, report: (String, TextLocation?) -> Void) {
        switch arguments.content {
        case .scalar(let text, true):
            let flagd = JsonLogicEvaluatorData.flagd
            guard text.hasPrefix(flagd.memberPrefix) else { return }
            let member = String(text.dropFirst(flagd.memberPrefix.count))
            if flagd.member(named: member) == nil {
                report(
                    "'$flagd' has only 'timestamp' and 'flagKey', not '\(TerminalText.capped(member, limit: 60))'",
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

    /// Whether `node` is written as text (quoted).
    static func isText(_ node: SourceNode) -> Bool {
        if case .scalar(_, true) = node.content { return true }
        return false
    }

    /// Whether `node` is written as a number.
    static func isNumber(_ node: SourceNode) -> Bool {
        node.isPlainScalar && node.scalarText.flatMap(PlainScalar.number) != nil
    }

    /// `node` as a message shows it: a scalar as written (capped), anything else by its kind.
    static func shownValue(_ node: SourceNode) -> String {
        if case .scalar(let text, let quoted) = node.content, !node.isNull {
            return quoted ? "\"\(TerminalText.capped(text, limit: 60))\"" : TerminalText.capped(text, limit: 60)
        }
        return node.kindDescription
    }
}
