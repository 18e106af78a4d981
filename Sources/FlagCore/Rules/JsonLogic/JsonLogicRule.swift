/// A JsonLogic rule compiled once at load time: a small tree with source locations, evaluated
/// per context by ``JsonLogicEvaluation``.
///
/// Values and lists are held in place and only the cases that hold a rule are boxed: most of
/// a rule's nodes are values (`"email"`, `"@example.com"`, variant names), and a box for each
/// was an allocation to make, to follow when evaluating, and to keep in memory for every flag.
package enum JsonLogicRule: Sendable, Hashable {
    /// A value given as is: a scalar, or an object that is not an operation (flagd's evaluator
    /// returns objects of several keys, and `{}`, unevaluated).
    case literal(LogicValue)
    /// A list whose items are evaluated, some of them not values.
    case list([JsonLogicRule])
    /// A list written with values only (`["DE", "FR"]`): its value, kept once, so that it is
    /// not built again for every flag and context nor held twice, as rules and as a value.
    case values([LogicValue])
    /// An operation (a class: no box needed).
    case operation(JsonLogicOperation)
    /// A `{"$ref": name}` resolved to the shared rule in `$evaluators`.
    indirect case reference(name: String, rule: JsonLogicRule, location: TextLocation?)
    /// Something that fails when evaluated (a `$ref` to no evaluator, a rule nested too deep),
    /// as flagd's evaluator fails on it only if it is reached.
    indirect case invalid(message: String, location: TextLocation?)

    /// The rule as JSON, as written (a resolved `$ref` shows as the reference).
    var raw: LogicValue {
        switch self {
        case .literal(let value): return value
        case .list(let items): return .array(items.map(\.raw))
        case .values(let values): return .array(values)
        case .operation(let operation): return .object([operation.name: operation.arguments.raw])
        case .reference(let name, _, _): return .object(["$ref": .string(name)])
        case .invalid(let message, _): return .object(["$invalid": .string(message)])
        }
    }

    /// The items when this is a list, each a rule (a value for each of a list of values).
    var listItems: [JsonLogicRule]? {
        switch self {
        case .list(let items): return items
        case .values(let values): return values.map(JsonLogicRule.literal)
        default: return nil
        }
    }

    /// Whether this is a value given as is.
    var isLiteral: Bool {
        if case .literal = self { return true }
        return false
    }

    /// Where the rule is written, when known.
    var location: TextLocation? {
        switch self {
        case .operation(let operation): return operation.location
        case .reference(_, _, let location), .invalid(_, let location): return location
        case .literal, .list, .values: return nil
        }
    }
}

/// One operation of a compiled rule: `{"name": arguments}`.
///
/// A class, so that a rule holds it by one reference: taking an operation out of a rule to
/// evaluate it (for every flag and context) then costs a reference, not a copy of its name,
/// arguments and place. It never changes once compiled.
package final class JsonLogicOperation: Sendable, Hashable {
    /// The operator as written.
    package let name: String
    /// Which operator it is.
    let kind: JsonLogicOperatorKind
    /// The arguments as written (usually a list), compiled.
    package let arguments: JsonLogicRule
    /// Where the operator's name is written.
    package let location: TextLocation?

    init(name: String, kind: JsonLogicOperatorKind, arguments: JsonLogicRule, location: TextLocation?) {
        self.name = name
        self.kind = kind
        self.arguments = arguments
        self.location = location
    }

    /// The argument rules when they are written as a list.
    var argumentList: [JsonLogicRule]? {
        arguments.listItems
    }

    package static func == (left: JsonLogicOperation, right: JsonLogicOperation) -> Bool {
        left === right
            || (left.name == right.name && left.kind == right.kind && left.location == right.location
                && left.arguments == right.arguments)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(location)
        hasher.combine(arguments)
    }
}

/// The operators flagd's evaluator knows: JsonLogic's own (as its Go library has them) and
/// flagd's, which live in ``FlagdOperators``.
enum JsonLogicOperatorKind: Sendable, Hashable {
    case standard(JsonLogicOperator)
    case flagd(FlagdOperatorName)
    case unknown

    init(_ name: String) {
        self = .unknown
        let count = name.utf8.count
        guard let first = name.utf8.first, Int(first) < Self.byFirstByte.count else { return }
        for known in Self.byFirstByte[Int(first)] where known.count == count && known.name == name {
            self = known.kind
            return
        }
    }

    /// Every known operator, listed under its name's first byte with its length: a name is
    /// compared with the few that start alike and are as long (short names compare as two
    /// machine words). Hashing the name, once per operation compiled, cost more than this.
    private static let byFirstByte: [[(name: String, count: Int, kind: JsonLogicOperatorKind)]] = {
        var table = [[(name: String, count: Int, kind: JsonLogicOperatorKind)]](repeating: [], count: 128)
        func add(_ name: String, _ kind: JsonLogicOperatorKind) {
            let first = Int(name.utf8.first!)
            guard !table[first].contains(where: { $0.name == name }) else { return }
            table[first].append((name, name.utf8.count, kind))
        }
        for op in JsonLogicOperator.allCases { add(op.rawValue, .standard(op)) }
        for op in FlagdOperatorName.allCases { add(op.rawValue, .flagd(op)) }
        return table
    }()
}

/// JsonLogic's operators, as flagd's Go evaluator (diegoholiveira/jsonlogic) registers them.
enum JsonLogicOperator: String, Sendable, Hashable, CaseIterable {
    case variable = "var"
    case missing
    case missingSome = "missing_some"
    case ifThenElse = "if"
    case ternary = "?:"
    case equal = "=="
    case strictEqual = "==="
    case notEqual = "!="
    case strictNotEqual = "!=="
    case not = "!"
    case truthy = "!!"
    case or, and
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case max, min
    case plus = "+"
    case minus = "-"
    case times = "*"
    case divide = "/"
    case modulo = "%"
    case abs
    case map, filter, reduce, all, none, some
    case merge, `in`, cat, substr, set
    case containsAll = "contains_all"
    case containsAny = "contains_any"
    case containsNone = "contains_none"
}

/// A problem found in a rule while compiling it: a schema violation or a rule that cannot work.
package struct RuleProblem: Sendable, Hashable {
    /// What is wrong.
    package var message: String
    /// Where.
    package var location: TextLocation?

    /// Creates a problem.
    package init(_ message: String, at location: TextLocation?) {
        self.message = message
        self.location = location
    }
}
