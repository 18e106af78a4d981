import OrderedCollections

/// JsonLogic's own operators, each as the Go evaluator (diegoholiveira/jsonlogic 3.9) runs it:
/// its coercions, its laziness, and the inputs it fails on (there a Go panic that the
/// evaluator reports as a parse error; here a thrown ``RuleEvaluationError``).
extension JsonLogicEvaluation {
    /// How one of JsonLogic's own operators is applied to an operation of it, in a scope.
    typealias Application =
        @Sendable (
            inout JsonLogicEvaluation, JsonLogicOperator, JsonLogicOperation, LogicScope
        ) throws(RuleEvaluationError) -> LogicValue

    /// Operators applied alike, and how.
    private struct Row {
        /// The operators; the application tells them apart where they differ.
        let operators: [JsonLogicOperator]
        /// How each is applied.
        let application: Application

        init(_ operators: JsonLogicOperator..., application: @escaping Application) {
            self.operators = operators
            self.application = application
        }
    }

    /// JsonLogic's operators, each with how it is applied: operators alike in all but a detail
    /// (`==` and `!=`, `<` and its kin) share one application, which the operator tells apart.
    private static let operatorTable: [Row] = [
        Row(.variable) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try evaluation.readVariable(operation, scope)
        },
        Row(.missing) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try evaluation.missingNames(operation, scope)
        },
        Row(.missingSome) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try evaluation.missingSomeNames(operation, scope)
        },
        Row(.ifThenElse, .ternary) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try evaluation.branches(operation, scope)
        },
        Row(.equal, .notEqual, .strictEqual, .strictNotEqual) {
            (evaluation, op, operation, scope) throws(RuleEvaluationError) in
            try evaluation.equality(op, operation, scope)
        },
        Row(.not, .truthy) { (evaluation, op, operation, scope) throws(RuleEvaluationError) in
            try evaluation.truthiness(op, operation, scope)
        },
        Row(.or, .and) { (evaluation, op, operation, scope) throws(RuleEvaluationError) in
            try evaluation.logic(op, operation, scope)
        },
        Row(.less, .lessOrEqual, .greater, .greaterOrEqual) {
            (evaluation, op, operation, scope) throws(RuleEvaluationError) in
            try evaluation.order(op, operation, scope)
        },
        Row(.max, .min) { (evaluation, op, operation, scope) throws(RuleEvaluationError) in
            try evaluation.extreme(op, operation, scope)
        },
        Row(.plus) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try evaluation.sum(operation, scope)
        },
        Row(.minus) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try evaluation.difference(operation, scope)
        },
        Row(.times) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try evaluation.product(operation, scope)
        },
        Row(.divide) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try evaluation.quotient(operation, scope)
        },
        Row(.modulo) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try evaluation.remainder(operation, scope)
        },
        Row(.abs) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try evaluation.absolute(operation, scope)
        },
        Row(.map, .filter) { (evaluation, op, operation, scope) throws(RuleEvaluationError) in
            try evaluation.mapOrFilter(op, operation, scope)
        },
        Row(.reduce) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try evaluation.reduce(operation, scope)
        },
        Row(.all, .none, .some) { (evaluation, op, operation, scope) throws(RuleEvaluationError) in
            try evaluation.quantify(op, operation, scope)
        },
        Row(.merge) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try evaluation.merge(operation, scope)
        },
        Row(.in) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try Self.contains(evaluation.listArguments(operation, scope), operation)
        },
        Row(.cat) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try evaluation.concatenate(operation, scope)
        },
        Row(.substr) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try Self.substring(evaluation.listArguments(operation, scope), operation)
        },
        Row(.set) { (evaluation, _, operation, scope) throws(RuleEvaluationError) in
            try evaluation.setProperty(operation, scope)
        },
        Row(.containsAll, .containsAny, .containsNone) {
            (evaluation, op, operation, scope) throws(RuleEvaluationError) in
            try evaluation.containment(op, operation, scope)
        },
    ]

    /// Each operator's application, by the operator's number.
    private static let applications: [Application] = JsonLogicOperator.allCases.map { op in
        guard let row = operatorTable.first(where: { $0.operators.contains(op) }) else {
            preconditionFailure("JsonLogic's '\(op.name)' is in no row of the operator table")
        }
        return row.application
    }

    /// Applies `op`, one of JsonLogic's own operators, to `operation` in `scope`.
    mutating func apply(_ op: JsonLogicOperator, _ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        try Self.applications[Int(op.rawValue)](&self, op, operation, scope)
    }

    // MARK: - Reading data

    /// `var`: the usual `{"var": "email"}` takes the name as written; a computed name is
    /// evaluated first.
    private mutating func readVariable(_ operation: JsonLogicOperation, _ scope: LogicScope) throws(RuleEvaluationError)
        -> LogicValue
    {
        if case .literal(let name)? = operation.singleArgument {
            try countValue()
            return try variable(name, scope)
        }
        return try variable(evaluateArguments(of: operation, scope), scope)
    }

    /// `missing`: the names (one, or a list) whose value is missing or `null`.
    private mutating func missingNames(_ operation: JsonLogicOperation, _ scope: LogicScope) throws(RuleEvaluationError)
        -> LogicValue
    {
        let names = try evaluateArguments(of: operation, scope)
        let list: [LogicValue] = names.stringValue != nil ? [names] : try Self.items(names, operation)
        var missing: [LogicValue] = []
        for name in list where try variable(name, scope).isNull { missing.append(name) }
        return .array(missing)
    }

    /// `missing_some`: `[minimum, names]`, the missing names when fewer than the minimum are
    /// there, else nothing.
    private mutating func missingSomeNames(_ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        let arguments = try listArguments(operation, scope)
        guard arguments.count >= 2 else { throw Self.failure(operation, "takes [minimum, [names]]") }
        let needed = LogicCoercion.integer(try LogicCoercion.arithmeticNumber(arguments[0]))
        var missing: [LogicValue] = []
        var found = 0
        for name in try Self.items(arguments[1], operation) {
            if try variable(name, scope).isNull { missing.append(name) } else { found += 1 }
        }
        return needed > found ? .array(missing) : .array([])
    }

    // MARK: - Logic and comparison

    /// `if` and `?:`: the branch after the first condition that holds, else the last branch
    /// when there is one more than the pairs, else `null`.
    private mutating func branches(_ operation: JsonLogicOperation, _ scope: LogicScope) throws(RuleEvaluationError)
        -> LogicValue
    {
        let clauses = try Self.rawItems(operation)
        var index = 0
        while index + 1 < clauses.count {
            if try traced(clauses[index], scope).isTruthy { return try branch(clauses[index + 1], scope) }
            index += 2
        }
        return clauses.count % 2 == 1 ? try branch(clauses[clauses.count - 1], scope) : .null
    }

    /// `==` and `!=` (loose), `===` and `!==` (strict): whether the first two arguments are equal.
    private mutating func equality(_ op: JsonLogicOperator, _ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        let equal: Bool
        if op == .equal || op == .notEqual {
            let arguments = try listArguments(operation, scope)
            equal = arguments.count >= 2 && LogicCoercion.looselyEqual(arguments[0], arguments[1])
        } else {
            let arguments = try evaluateArguments(of: operation, scope).arrayItems ?? []
            equal = arguments.count >= 2 && LogicCoercion.strictlyEqual(arguments[0], arguments[1])
        }
        return .bool(op == .equal || op == .strictEqual ? equal : !equal)
    }

    /// `!` and `!!`: the first argument's truthiness, negated or not.
    private mutating func truthiness(_ op: JsonLogicOperator, _ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        let value = try evaluateArguments(of: operation, scope)
        let subject = value.arrayItems?.first ?? value
        return .bool(op == .not ? !subject.isTruthy : subject.isTruthy)
    }

    /// `or` and `and`: the first argument that decides (truthy for `or`, falsy for `and`), else
    /// the last; the rest are not evaluated.
    private mutating func logic(_ op: JsonLogicOperator, _ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        var last = LogicValue.null
        for item in try Self.rawItems(operation) {
            last = try evaluate(item, scope)
            if last.isTruthy == (op == .or) { return last }
        }
        return last
    }

    /// `<`, `<=`, `>`, `>=`: two arguments in order, or three (the middle one between).
    private mutating func order(_ op: JsonLogicOperator, _ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        let arguments = try listArguments(operation, scope)
        guard arguments.count >= 2 else { return .bool(false) }
        return .bool(Self.compare(op, arguments))
    }

    // MARK: - Arithmetic

    /// `max` and `min` of the numbers; `null` for none.
    private mutating func extreme(_ op: JsonLogicOperator, _ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        let numbers = try listArguments(operation, scope)
        guard let first = numbers.first else { return .null }
        var best = try LogicCoercion.arithmeticNumber(first)
        for value in numbers.dropFirst() {
            let number = try LogicCoercion.arithmeticNumber(value)
            if op == .max ? number > best : number < best { best = number }
        }
        return .number(best)
    }

    /// `+`: the sum of the numbers, or one value made a number.
    private mutating func sum(_ operation: JsonLogicOperation, _ scope: LogicScope) throws(RuleEvaluationError)
        -> LogicValue
    {
        let value = try evaluateArguments(of: operation, scope)
        guard let numbers = value.arrayItems else { return .number(try LogicCoercion.arithmeticNumber(value)) }
        var sum = 0.0
        for number in numbers { sum += try LogicCoercion.arithmeticNumber(number) }
        return .number(sum)
    }

    /// `-`: the first number less the others, or one number negated.
    private mutating func difference(_ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        let numbers = try listArguments(operation, scope)
        guard let first = numbers.first else { return .number(0) }
        if numbers.count == 1 { return .number(-(try LogicCoercion.arithmeticNumber(first))) }
        var result = try LogicCoercion.arithmeticNumber(first)
        for number in numbers.dropFirst() { result -= try LogicCoercion.arithmeticNumber(number) }
        return .number(result)
    }

    /// `*`: the product of the numbers.
    private mutating func product(_ operation: JsonLogicOperation, _ scope: LogicScope) throws(RuleEvaluationError)
        -> LogicValue
    {
        var product = 1.0
        for number in try listArguments(operation, scope) { product *= try LogicCoercion.arithmeticNumber(number) }
        return .number(product)
    }

    /// `/`: the first number divided by the others in turn.
    private mutating func quotient(_ operation: JsonLogicOperation, _ scope: LogicScope) throws(RuleEvaluationError)
        -> LogicValue
    {
        let numbers = try listArguments(operation, scope)
        guard let first = numbers.first else { return .number(0) }
        var result = try LogicCoercion.arithmeticNumber(first)
        for number in numbers.dropFirst() { result /= try LogicCoercion.arithmeticNumber(number) }
        return .number(result)
    }

    /// `%`: the remainder of the first number divided by the second, with the first's sign.
    private mutating func remainder(_ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        let numbers = try listArguments(operation, scope)
        guard numbers.count >= 2 else { throw Self.failure(operation, "takes 2 numbers") }
        return .number(
            try LogicCoercion.arithmeticNumber(numbers[0]).truncatingRemainder(
                dividingBy: LogicCoercion.arithmeticNumber(numbers[1])))
    }

    /// `abs`: the magnitude of the number (the first, of a list).
    private mutating func absolute(_ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        let value = try evaluateArguments(of: operation, scope)
        if let numbers = value.arrayItems {
            guard let first = numbers.first else { throw Self.failure(operation, "takes a number") }
            return .number(Swift.abs(try LogicCoercion.arithmeticNumber(first)))
        }
        return .number(Swift.abs(try LogicCoercion.arithmeticNumber(value)))
    }

    // MARK: - Text, lists and objects

    /// `cat`: the texts of the values joined; several are trimmed as the Go evaluator trims them.
    private mutating func concatenate(_ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        let value = try evaluateArguments(of: operation, scope)
        if value.stringValue != nil { return value }
        let parts = try Self.items(value, operation)
        if parts.count == 1 { return .string(try LogicCoercion.text(parts[0])) }
        var text = ""
        for part in parts { text += try LogicCoercion.text(part) }
        // The Go evaluator trims the joined text (and only when there are several parts).
        return .string(text.trimmingGoSpaces)
    }

    /// `merge`: the lists' items and the other values, in one list.
    private mutating func merge(_ operation: JsonLogicOperation, _ scope: LogicScope) throws(RuleEvaluationError)
        -> LogicValue
    {
        let value = try evaluateArguments(of: operation, scope)
        switch value {
        case .bool, .number, .string: return .array([value])
        case .array(let parts): return .array(parts.flatMap { $0.arrayItems ?? [$0] })
        case .null, .object: throw Self.failure(operation, "takes lists, found \(value.kindName)")
        }
    }

    /// `set`: `[object, property, value]`, the object with the property set to the value (a
    /// value of one key itself evaluated as a rule).
    private mutating func setProperty(_ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        let arguments = try listArguments(operation, scope)
        guard arguments.count >= 3 else { return arguments.first ?? .null }
        guard case .object(var members) = arguments[0] else { return arguments[0] }
        guard case .string(let property) = arguments[1] else {
            throw Self.failure(operation, "names the property with text")
        }
        members[property] = try applyDynamic(arguments[2], scope)
        return .object(members)
    }

    /// `contains_all`, `contains_any`, `contains_none`: whether the first list holds all, any
    /// or none of the second's items (each compared as Go's `==` compares).
    private mutating func containment(_ op: JsonLogicOperator, _ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        let arguments = try evaluateArguments(of: operation, scope).arrayItems ?? []
        guard arguments.count == 2, let searched = arguments[0].arrayItems, let wanted = arguments[1].arrayItems else {
            return .bool(op == .containsNone)
        }
        func has(_ item: LogicValue) throws(RuleEvaluationError) -> Bool {
            for candidate in searched where try Self.identical(candidate, item, operation) { return true }
            return false
        }
        for item in wanted {
            let found = try has(item)
            if op == .containsAll, !found { return .bool(false) }
            if op == .containsAny, found { return .bool(true) }
            if op == .containsNone, found { return .bool(false) }
        }
        return .bool(op != .containsAny)
    }

    // MARK: - Pieces

    /// The error of `operation` that `what` says (`'%' takes 2 numbers`).
    private static func failure(_ operation: JsonLogicOperation, _ what: String) -> RuleEvaluationError {
        RuleEvaluationError("'\(TerminalText.capped(operation.name, limit: 60))' \(what)", at: operation.location)
    }

    /// The items of an evaluated argument that must be a list.
    private static func items(_ value: LogicValue, _ operation: JsonLogicOperation) throws(RuleEvaluationError)
        -> [LogicValue]
    {
        guard let items = value.arrayItems else {
            throw Self.failure(operation, "takes a list, found \(value.kindName)")
        }
        return items
    }

    /// The evaluated arguments of an operator that takes a list of them.
    private mutating func listArguments(_ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> [LogicValue]
    {
        try Self.items(evaluateArguments(of: operation, scope), operation)
    }

    /// The arguments as written, for operators that evaluate them one by one.
    private static func rawItems(_ operation: JsonLogicOperation) throws(RuleEvaluationError)
        -> JsonLogicOperation.Arguments
    {
        guard let items = operation.argumentItems else { throw Self.failure(operation, "takes a list of arguments") }
        return items
    }

    /// The branch an `if` chose; an object it gives is itself evaluated as a rule.
    private mutating func branch(_ rule: JsonLogicRule, _ scope: LogicScope) throws(RuleEvaluationError) -> LogicValue {
        let value = try evaluate(rule, scope)
        if case .object = value { return try applyDynamic(value, scope) }
        return value
    }

    /// Whether the arguments of `<`, `<=`, `>` or `>=` are in its order: two, or three with the
    /// middle one between.
    private static func compare(_ op: JsonLogicOperator, _ arguments: [LogicValue]) -> Bool {
        let (a, b) = (arguments[0], arguments[1])
        let c = arguments.count >= 3 ? arguments[2] : nil
        func lessOrEqual(_ x: LogicValue, _ y: LogicValue) -> Bool {
            LogicCoercion.less(x, y) || LogicCoercion.looselyEqual(x, y)
        }
        switch op {
        case .less: return LogicCoercion.less(a, b) && c.map { LogicCoercion.less(b, $0) } ?? true
        case .lessOrEqual: return lessOrEqual(a, b) && c.map { lessOrEqual(b, $0) } ?? true
        case .greater: return LogicCoercion.less(b, a) && c.map { LogicCoercion.less($0, b) } ?? true
        default: return lessOrEqual(b, a) && c.map { lessOrEqual($0, b) } ?? true
        }
    }

    /// The list `map` and its kin walk: a list written in place is taken as written (the Go
    /// evaluator does not evaluate it), a rule is evaluated, anything else is nothing.
    private mutating func subject(_ rule: JsonLogicRule, _ scope: LogicScope) throws(RuleEvaluationError) -> LogicValue
    {
        switch rule {
        case .list(let items): return .array(items.map(\.raw))
        case .values(let values): return .array(values)
        case .literal(let value): return value.isObject ? value : .null
        default: return try evaluate(rule, scope)
        }
    }

    /// A test or step applied to one item: it must be an operation (or an object given as is).
    private mutating func applied(_ rule: JsonLogicRule, _ scope: LogicScope, _ operation: JsonLogicOperation)
        throws(RuleEvaluationError) -> LogicValue
    {
        switch rule {
        case .operation, .reference, .invalid: return try evaluate(rule, scope)
        case .literal(let value) where value.isObject: return value
        default: throw Self.failure(operation, "applies a rule to each item, found \(rule.raw.kindName)")
        }
    }

    /// Where a `var` of a test or step run on each item looks before the item: with
    /// `substituting`, in the data around the item too, as the Go evaluator fills a `filter`,
    /// `some` or `none` test from the outer data.
    private static func itemSubstitutions(in scope: LogicScope, substituting: Bool) -> [LogicData] {
        substituting ? scope.substitutions + [scope.data] : scope.substitutions
    }

    /// `map` (the step's value for each item) and `filter` (the items that pass the test).
    private mutating func mapOrFilter(_ op: JsonLogicOperator, _ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        let arguments = try Self.rawItems(operation)
        guard arguments.count >= 2 else { return .array([]) }
        let list = try subject(arguments[0], scope)
        if list.isNull { return .array([]) }
        let substitutions = Self.itemSubstitutions(in: scope, substituting: op == .filter)
        var result: [LogicValue] = []
        for item in try Self.items(list, operation) {
            let value = try evaluate(arguments[1], LogicScope(data: .value(item), substitutions: substitutions))
            if op == .map {
                result.append(value)
            } else if value.isTruthy {
                result.append(item)
            }
        }
        return .array(result)
    }

    /// `reduce`: `[list, step, start]`, the step applied to each item (`current`) and what it
    /// gave last (`accumulator`), kept of the start's type.
    private mutating func reduce(_ operation: JsonLogicOperation, _ scope: LogicScope) throws(RuleEvaluationError)
        -> LogicValue
    {
        let arguments = try Self.rawItems(operation)
        guard arguments.count >= 3 else { return .number(0) }
        var accumulator: LogicValue
        switch arguments[2] {
        case .operation, .reference, .invalid: accumulator = try evaluate(arguments[2], scope)
        default: accumulator = arguments[2].raw
        }
        let valueType: String
        switch accumulator {
        case .bool: valueType = "bool"
        case .number: valueType = "number"
        case .string: valueType = "string"
        default: throw Self.failure(operation, "starts from a bool, number or text, found \(accumulator.kindName)")
        }
        let list = try subject(arguments[0], scope)
        if list.isNull { return .number(0) }
        for item in try Self.items(list, operation) where !item.isNull {
            let data: LogicValue = .object([
                "current": item, "accumulator": accumulator, "valueType": .string(valueType),
            ])
            let next = try applied(
                arguments[1], LogicScope(data: .value(data), substitutions: scope.substitutions), operation)
            switch accumulator {
            case .bool: accumulator = .bool(next.isTruthy)
            case .number: accumulator = .number(try LogicCoercion.arithmeticNumber(next))
            default: accumulator = .string(try LogicCoercion.text(next))
            }
        }
        return accumulator
    }

    /// `all`, `none`, `some`: whether every item, no item or some item passes the test; an empty
    /// or missing list passes only `none`.
    private mutating func quantify(_ op: JsonLogicOperator, _ operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        let arguments = try Self.rawItems(operation)
        guard let first = arguments.first else { throw Self.failure(operation, "takes a list and a test") }
        let list = try subject(first, scope)
        guard list.isTruthy else { return .bool(op == .none) }
        guard arguments.count >= 2 else { throw Self.failure(operation, "takes a list and a test") }
        let substitutions = Self.itemSubstitutions(in: scope, substituting: op != .all)
        for item in try Self.items(list, operation) {
            let itemScope = LogicScope(data: .value(item), substitutions: substitutions)
            let passed = try applied(arguments[1], itemScope, operation).isTruthy
            switch op {
            case .all where !passed: return .bool(false)
            case .none where passed: return .bool(false)
            case .some where passed: return .bool(true)
            default: continue
            }
        }
        return .bool(op != .some)
    }

    /// `in`: text within text (bytes), or a member of a list; a list member that is itself a
    /// list `[low, high]` is a range.
    private static func contains(_ arguments: [LogicValue], _ operation: JsonLogicOperation) throws(RuleEvaluationError)
        -> LogicValue
    {
        guard let needle = arguments.first else { throw Self.failure(operation, "takes a value and a list or text") }
        let haystack = arguments.count > 1 ? arguments[1] : .null
        if case .string(let text) = haystack {
            guard case .string(let part) = needle else {
                throw Self.failure(operation, "looks for text in text, found \(needle.kindName)")
            }
            return .bool(UTF8Bytes.contains(text, part))
        }
        guard let members = haystack.arrayItems else { return .bool(false) }
        for member in members {
            if let range = member.arrayItems {
                guard range.count >= 2 else { throw Self.failure(operation, "takes ranges of [low, high]") }
                let value = try LogicCoercion.arithmeticNumber(needle)
                let low = try LogicCoercion.arithmeticNumber(range[0])
                let high = try LogicCoercion.arithmeticNumber(range[1])
                if value >= low && high >= value { return .bool(true) }
                continue
            }
            if case .number(let number) = needle {
                if try LogicCoercion.arithmeticNumber(member) == number { return .bool(true) }
                continue
            }
            if try Self.identical(member, needle, operation) { return .bool(true) }
        }
        return .bool(false)
    }

    /// Go's `==` between two values of unknown type: the same type and value; numbers and
    /// texts compare as such; two lists or two objects cannot be compared (the Go evaluator fails).
    private static func identical(_ a: LogicValue, _ b: LogicValue, _ operation: JsonLogicOperation)
        throws(RuleEvaluationError) -> Bool
    {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return UTF8Bytes.equal(x, y)
        case (.array, .array), (.object, .object):
            throw RuleEvaluationError(
                "'\(operation.name)' cannot compare two \(a.kindName == "a list" ? "lists" : "objects")",
                at: operation.location)
        default: return false
        }
    }

    /// `substr`: by Unicode scalars; a negative start counts from the end, a negative length
    /// stops that far from the end; a start outside the text gives the whole text.
    private static func substring(_ arguments: [LogicValue], _ operation: JsonLogicOperation)
        throws(RuleEvaluationError)
        -> LogicValue
    {
        guard arguments.count >= 2 else { throw Self.failure(operation, "takes text and a start") }
        let scalars = Array(try LogicCoercion.text(arguments[0]).unicodeScalars)
        var from = LogicCoercion.integer(try LogicCoercion.arithmeticNumber(arguments[1]))
        var length = scalars.count
        if from < 0 { from += length }
        if from < 0 || from > length { return .string(String(String.UnicodeScalarView(scalars))) }
        if arguments.count == 3 { length = LogicCoercion.integer(try LogicCoercion.arithmeticNumber(arguments[2])) }
        var end: Int
        if length < 0 {
            end = scalars.count + length
        } else {
            end = from.addingReportingOverflow(length).overflow ? .max : from + length
        }
        end = min(end, scalars.count)
        guard end >= from else { throw Self.failure(operation, "ends before it starts") }
        return .string(String(String.UnicodeScalarView(scalars[from..<end])))
    }
}

extension LogicValue {
    /// Whether this is an object.
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
