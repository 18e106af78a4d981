/// Conditions evaluated as the SDK's `evalCondition` does, over a compiled ``GrowthBookCondition``:
/// JavaScript's coercions (``GrowthBookCoercion``), a missing attribute read as `null`.
extension GrowthBookEvaluation {
    /// What a condition's paths are read from: the device's attributes (each read recorded), or
    /// a JSON value (an `$elemMatch` item, a prerequisite's `{"value": …}`).
    enum Subject {
        case device
        case object(JSONValue?)
    }

    /// Whether `condition` holds for `subject`.
    mutating func holds(_ condition: GrowthBookCondition, on subject: Subject) throws(GrowthBookEvaluationError)
        -> Bool
    {
        try spend()
        switch condition {
        case .all(let parts):
            for part in parts where try !holds(part, on: subject) { return false }
            return true
        case .and(let parts, _):
            for part in parts where try !holds(part, on: subject) { return false }
            return true
        case .or(let parts, _):
            return try anyHolds(parts, on: subject)
        case .nor(let parts, _):
            return try !anyHolds(parts, on: subject)
        case .not(let inner, _):
            return try !holds(inner, on: subject)
        case .attribute(let path, let test):
            return try passes(test, value(at: path, of: subject))
        case .tooDeep(let location):
            throw GrowthBookEvaluationError(message: "a condition nests too deeply to evaluate", location: location)
        }
    }

    /// `$or`: some part holds, or there are none.
    private mutating func anyHolds(_ parts: [GrowthBookCondition], on subject: Subject)
        throws(GrowthBookEvaluationError) -> Bool
    {
        if parts.isEmpty { return true }
        for part in parts where try holds(part, on: subject) { return true }
        return false
    }

    /// The value at `path`, as the SDK's `getPath` reads it (`nil`: null or missing).
    private mutating func value(at path: GrowthBookPath, of subject: Subject) -> JSONValue? {
        switch subject {
        case .device: return attribute(path.names)
        case .object(let value): return Self.walk(value, path.names[...])
        }
    }

    /// Whether `value` passes `test` (`evalConditionValue`).
    mutating func passes(_ test: GrowthBookValueTest, _ value: JSONValue?) throws(GrowthBookEvaluationError) -> Bool {
        switch test {
        case .text(let text, let ignoringCase):
            let actual = GrowthBookCoercion.text(value)
            return (ignoringCase ? GrowthBookCoercion.lowercased(actual) : actual) == text
        case .number(let number):
            return GrowthBookCoercion.number(value) == number
        case .bool(let flag):
            return value != nil && value != .null && GrowthBookCoercion.isTruthy(value) == flag
        case .null:
            return value == nil || value == .null
        case .json(let expected):
            return GrowthBookCoercion.sameJSON(value, expected)
        case .operators(let operations):
            for operation in operations where try !passes(operation, value) { return false }
            return true
        case .tooDeep(let location):
            throw GrowthBookEvaluationError(message: "a condition nests too deeply to evaluate", location: location)
        }
    }

    /// Whether `value` passes one operator (`evalOperatorCondition`).
    private mutating func passes(_ operation: GrowthBookOperation, _ value: JSONValue?)
        throws(GrowthBookEvaluationError) -> Bool
    {
        try spend(at: operation.location)
        switch operation.test {
        case .equal(let equal):
            return GrowthBookCoercion.strictlyEqual(value, operation.operand) == equal
        case .order(let order):
            return Self.compare(value, operation.operand, order)
        case .version(let order, let equal, let padded):
            let actual = GrowthBookVersion.padded(value)
            guard let order else { return (actual == padded) == equal }
            switch order {
            case .less: return GrowthBookVersion.precedes(actual, padded)
            case .lessOrEqual: return !GrowthBookVersion.precedes(padded, actual)
            case .greater: return GrowthBookVersion.precedes(padded, actual)
            case .greaterOrEqual: return !GrowthBookVersion.precedes(actual, padded)
            }
        case .regex(let pattern):
            guard let pattern else { return false }
            let text = GrowthBookCoercion.text(value)
            try spend(text.utf8.count / 64, at: operation.location)
            return pattern.matches(in: text)
        case .membership(let set, let negated):
            guard let set else { return false }
            return try isIn(value, set) != negated
        case .all(let tests):
            guard let tests, case .array(let items) = value else { return false }
            for test in tests {
                var found = false
                for item in items {
                    try spend()
                    if try passes(test, item) {
                        found = true
                        break
                    }
                }
                if !found { return false }
            }
            return true
        case .elementMatch(let test):
            return try elementMatches(value, test)
        case .size(let test):
            guard case .array(let items) = value else { return false }
            return try passes(test, .int(items.count))
        case .exists(let wanted):
            let exists = value != nil && value != .null
            return exists == wanted
        case .type(let name):
            return Self.typeName(value) == name
        case .not(let test):
            return try !passes(test, value)
        case .group(let id, let negated):
            let group = savedGroupsVisible ? definitions.savedGroups[id] : nil
            let member = try group.map { group throws(GrowthBookEvaluationError) in try isIn(value, group) } ?? false
            return member != negated
        case .unknown:
            return false
        }
    }

    /// `isIn`: the value is a member, or, when it is a list, some item is.
    private mutating func isIn(_ value: JSONValue?, _ set: GrowthBookValueSet) throws(GrowthBookEvaluationError) -> Bool
    {
        guard case .array(let items) = value else { return set.contains(value) }
        try spend(items.count)
        return items.contains { set.contains($0) }
    }

    /// `$elemMatch`: some truthy item of the list passes.
    private mutating func elementMatches(_ value: JSONValue?, _ test: GrowthBookElementTest)
        throws(GrowthBookEvaluationError) -> Bool
    {
        guard case .array(let items) = value else { return false }
        for item in items where GrowthBookCoercion.isTruthy(item) {
            switch test {
            case .value(let inner): if try passes(inner, item) { return true }
            case .condition(let condition): if try holds(condition, on: .object(item)) { return true }
            }
        }
        return false
    }

    /// JavaScript's `<`, `<=`, `>`, `>=` (a comparison with `NaN` is false every way).
    private static func compare(_ actual: JSONValue?, _ expected: JSONValue?, _ order: GrowthBookOrder) -> Bool {
        switch order {
        case .less: return GrowthBookCoercion.lessThan(actual, expected) == true
        case .greater: return GrowthBookCoercion.lessThan(expected, actual) == true
        case .lessOrEqual: return GrowthBookCoercion.lessThan(expected, actual) == false
        case .greaterOrEqual: return GrowthBookCoercion.lessThan(actual, expected) == false
        }
    }

    /// `getType`: the JSON type's name as the SDK writes it.
    private static func typeName(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null: return "null"
        case .array: return "array"
        case .string: return "string"
        case .int, .double: return "number"
        case .bool: return "boolean"
        case .object: return "object"
        }
    }
}
