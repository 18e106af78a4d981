/// Compiles conditions from a payload's parsed JSON, once, reporting what the SDK would trip on
/// (an unknown operator, a saved group the payload lacks, a pattern that does not compile) as
/// problems at their place. Each such part still compiles to what the SDK does with it: an
/// unknown operator fails, `$notInGroup` of a missing group holds.
struct GrowthBookConditionCompiler {
    /// How deep conditions may nest (`$and` in `$or` in `$not` …) before the rest is an error:
    /// written conditions nest a few levels, and a hostile payload must not recurse without end.
    static let maximumDepth = 64
    /// The longest `$regex` pattern compiled, in bytes: a longer one cannot fit the engine's size
    /// limit anyway, and is refused before it is read.
    static let longestPattern = 100_000

    /// The saved groups' ids, to report a reference to a missing one.
    let savedGroupIDs: Set<String>
    /// What was found wrong, in reading order.
    var problems: [RuleProblem] = []

    mutating func report(_ message: String, at location: TextLocation, severity: Diagnostic.Severity = .error) {
        problems.append(RuleProblem(message, at: location, severity: severity))
    }

    /// A condition: an object of paths and `$and`/`$or`/`$nor`/`$not`. Anything else is a
    /// problem, read as the SDK reads it (a list's items by index; a number or bool: no entries).
    mutating func condition(_ node: SourceNode, depth: Int = 0) -> GrowthBookCondition {
        guard depth < Self.maximumDepth else {
            report("conditions nest deeper than \(Self.maximumDepth) levels; this one is an error", at: node.location)
            return .tooDeep(at: node.location)
        }
        switch node.content {
        case .mapping(let pairs):
            var parts: [GrowthBookCondition] = []
            parts.reserveCapacity(pairs.count)
            for (key, value) in pairs {
                parts.append(entry(key.scalarText ?? "", key: key.location, value, depth: depth))
            }
            return parts.count == 1 ? parts[0] : .all(parts)
        case .sequence(let items):
            report("a condition is an object of attributes and operators, found a list", at: node.location)
            return .all(
                items.enumerated().map { index, item in
                    .attribute(GrowthBookPath(String(index), at: item.location), valueTest(item, depth: depth + 1))
                })
        case .scalar:
            report(
                "a condition is an object of attributes and operators, found \(node.kindDescription)",
                at: node.location)
            // null makes the SDK throw; the condition fails. A number or bool has no entries.
            return node.isNull ? .nor([], at: node.location) : .all([])
        }
    }

    private mutating func entry(_ name: String, key: TextLocation, _ value: SourceNode, depth: Int)
        -> GrowthBookCondition
    {
        switch name {
        case "$and", "$or", "$nor":
            var conditions: [GrowthBookCondition] = []
            if let items = value.sequence {
                conditions = items.map { condition($0, depth: depth + 1) }
            } else {
                report("\(name) takes a list of conditions, found \(value.kindDescription)", at: value.location)
            }
            switch name {
            case "$and": return .and(conditions, at: key)
            case "$or": return .or(conditions, at: key)
            default: return .nor(conditions, at: key)
            }
        case "$not":
            return .not(condition(value, depth: depth + 1), at: key)
        default:
            return .attribute(GrowthBookPath(name, at: key), valueTest(value, depth: depth + 1))
        }
    }

    /// What a path's value must be: a plain value, or an object of operators (every name starts
    /// with `$`; an object with another name is a value compared as JSON).
    mutating func valueTest(_ node: SourceNode, depth: Int, ignoringCase: Bool = false) -> GrowthBookValueTest {
        guard depth < Self.maximumDepth else {
            report("conditions nest deeper than \(Self.maximumDepth) levels; this one is an error", at: node.location)
            return .tooDeep(at: node.location)
        }
        switch node.content {
        case .scalar(let text, true):
            return .text(ignoringCase ? GrowthBookCoercion.lowercased(text) : text, ignoringCase: ignoringCase)
        case .scalar:
            switch JSONValue(node) {
            case .bool(let flag): return .bool(flag)
            case .int(let number): return .number(Double(number))
            case .double(let number): return .number(number)
            case .string(let text): return .text(text, ignoringCase: false)
            default: return .null
            }
        case .sequence:
            return .json(JSONValue(node))
        case .mapping(let pairs):
            let isOperators = !pairs.isEmpty && pairs.allSatisfy { $0.key.scalarText?.hasPrefix("$") == true }
            guard isOperators else { return .json(JSONValue(node)) }
            return .operators(
                pairs.map { key, value in operation(key.scalarText ?? "", value, at: key.location, depth: depth) })
        }
    }

    /// One operator with its operand.
    mutating func operation(_ name: String, _ node: SourceNode, at location: TextLocation, depth: Int)
        -> GrowthBookOperation
    {
        let operand = JSONValue(node)
        let test: GrowthBookOperation.Test
        switch name {
        case "$eq", "$ne": test = .equal(name == "$eq")
        case "$lt": test = .order(.less)
        case "$lte": test = .order(.lessOrEqual)
        case "$gt": test = .order(.greater)
        case "$gte": test = .order(.greaterOrEqual)
        case "$veq", "$vne", "$vgt", "$vgte", "$vlt", "$vlte":
            let order: [String: GrowthBookOrder] = [
                "$vgt": .greater, "$vgte": .greaterOrEqual, "$vlt": .less, "$vlte": .lessOrEqual,
            ]
            test = .version(order[name], equal: name == "$veq", padded: GrowthBookVersion.padded(operand))
        case "$regex", "$regexi": test = .regex(pattern(node, ignoringCase: name == "$regexi"))
        case "$in", "$nin", "$ini", "$nini":
            let ignoringCase = name == "$ini" || name == "$nini"
            let negated = name == "$nin" || name == "$nini"
            if case .array(let items) = operand {
                test = .membership(GrowthBookValueSet(items, ignoringCase: ignoringCase), negated: negated)
            } else {
                report("\(name) takes a list, found \(node.kindDescription); the test fails", at: node.location)
                test = .membership(nil, negated: negated)
            }
        case "$all", "$alli":
            if let items = node.sequence {
                test = .all(items.map { valueTest($0, depth: depth + 1, ignoringCase: name == "$alli") })
            } else {
                report("\(name) takes a list, found \(node.kindDescription); the test fails", at: node.location)
                test = .all(nil)
            }
        case "$elemMatch": test = .elementMatch(elementTest(node, depth: depth))
        case "$size": test = .size(valueTest(node, depth: depth + 1))
        case "$exists": test = .exists(GrowthBookCoercion.isTruthy(operand))
        case "$type": test = .type(GrowthBookCoercion.textValue(operand))
        case "$not": test = .not(valueTest(node, depth: depth + 1))
        case "$inGroup", "$notInGroup": test = group(node, operand, negated: name == "$notInGroup")
        default:
            report(
                "unknown operator '\(TerminalText.capped(name, limit: 60))'; the condition fails, as in the SDKs",
                at: location, severity: .warning)
            test = .unknown
        }
        return GrowthBookOperation(name: name, test: test, operand: operand, location: location)
    }

    private mutating func elementTest(_ node: SourceNode, depth: Int) -> GrowthBookElementTest {
        if let pairs = node.mapping, !pairs.isEmpty, pairs.allSatisfy({ $0.key.scalarText?.hasPrefix("$") == true }) {
            return .value(valueTest(node, depth: depth + 1))
        }
        return .condition(condition(node, depth: depth + 1))
    }

    private mutating func group(_ node: SourceNode, _ operand: JSONValue, negated: Bool) -> GrowthBookOperation.Test {
        let id: String
        switch operand {
        case .string(let text): id = text
        case .int, .double: id = GrowthBookCoercion.text(operand)
        default:
            report("a saved group is named by its id (text), found \(node.kindDescription)", at: node.location)
            return .group("", negated: negated)
        }
        if !savedGroupIDs.contains(id) {
            report(
                "no saved group '\(TerminalText.capped(id, limit: 60))' in this payload; "
                    + (negated ? "$notInGroup holds, as in the SDKs" : "$inGroup fails, as in the SDKs"),
                at: node.location, severity: .warning)
        }
        return .group(id, negated: negated)
    }

    /// The `$regex` pattern on the linear-time engine, or `nil` (reported) when it cannot run.
    private mutating func pattern(_ node: SourceNode, ignoringCase: Bool) -> LinearPattern? {
        guard case .scalar(let source, true) = node.content else {
            report("a pattern is text, found \(node.kindDescription); the test fails", at: node.location)
            return nil
        }
        guard source.utf8.count <= Self.longestPattern else {
            report(
                "the pattern is longer than \(Self.longestPattern) bytes; the test fails", at: node.location)
            return nil
        }
        do {
            return try LinearPattern(source, dialect: .re2, caseInsensitive: ignoringCase)
        } catch {
            report("the pattern cannot be used (\(error.description)); the test fails", at: node.location)
            return nil
        }
    }
}
