/// A JsonLogic rule compiled once at load time: a small tree with source locations, evaluated
/// per context by ``JsonLogicEvaluation``.
///
/// Values and lists are held in place and only the cases that hold a rule are boxed: most of
/// a rule's nodes are values (`"email"`, `"@example.com"`, variant names), and a box for each
/// was an allocation to make, to follow when evaluating, and to keep in memory for every flag.
package enum JsonLogicRule: Sendable, Hashable {
    /// A value given as is: a scalar, or an object that is not an operation (the Go evaluator
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
    /// as the Go evaluator fails on it only if it is reached.
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
