import Foundation
import OrderedCollections

/// What a `var` reads from: the context (with the dialect's own data), or a value (an item of
/// the list that `map`, `filter` and their kin walk, or `reduce`'s `{current, accumulator}`).
enum LogicData: Sendable {
    case context
    case value(LogicValue)
}

/// Where an operation is evaluated.
struct LogicScope: Sendable {
    /// What `var` reads.
    var data: LogicData
    /// Data that `var` consults first: the Go evaluator fills the `var`s of a `filter`,
    /// `some` or `none` test from the outer data before it runs the test on each item.
    var substitutions: [LogicData] = []
}

/// One evaluation of a flag's JsonLogic for one context: pure (the clock comes from the
/// context), bounded (a step budget and a depth limit; running out is an error, never a hang
/// or a crash), and traced (every context key read, every condition decided).
struct JsonLogicEvaluation {
    /// How many rule nodes one evaluation may visit.
    static let stepBudget = 100_000
    /// How deep evaluation may recurse.
    static let depthLimit = 400

    /// The flag being evaluated.
    let flagKey: String
    /// The rule's dialect: its own operators are applied from there, and its evaluator's own
    /// data is read from there.
    let dialect: JsonLogicDialect
    /// The simulated device.
    let context: EvaluationContext
    /// Whether steps and reads are recorded: without them the result, variant and reason are
    /// the same, and a bulk resolve whose traces nobody shows does about a third less work.
    let isTracing: Bool
    /// Every context key read, in order.
    private(set) var reads = ReadLog()
    /// The steps taken, in the order they began.
    private(set) var steps: [RuleStep] = []
    /// Steps begun and not finished: their index, where their reads begin, and the operation
    /// they are about (so an operator that is itself a condition adds to its step, not a new one).
    private var openSteps: [(index: Int, readStart: Int, operation: OperationIdentity?)] = []
    private var remaining = stepBudget
    private var depth = 0

    /// An operation's name and location: enough to tell whether a step is about it.
    struct OperationIdentity: Equatable {
        var name: String
        var location: TextLocation?
    }

    init(flagKey: String, context: EvaluationContext, tracing: Bool = true, dialect: JsonLogicDialect) {
        self.flagKey = flagKey
        self.dialect = dialect
        self.context = context
        isTracing = tracing
        reads.isRecording = tracing
    }

    /// Evaluates a flag's whole targeting. An `if` at the top is traced by its conditions;
    /// anything else is one step.
    mutating func run(_ rule: JsonLogicRule) throws(RuleEvaluationError) -> LogicValue {
        // Targeting that did not compile at all has no step to show: the error says it all.
        if case .invalid = rule { return try evaluate(rule, LogicScope(data: .context)) }
        if case .operation(let operation) = rule, case .standard(let op) = operation.kind,
            op == .ifThenElse || op == .ternary
        {
            return try evaluate(rule, LogicScope(data: .context))
        }
        return try traced(rule, LogicScope(data: .context))
    }

    /// Evaluates `rule` as one step of the trace.
    mutating func traced(_ rule: JsonLogicRule, _ scope: LogicScope) throws(RuleEvaluationError) -> LogicValue {
        guard isTracing else { return try evaluate(rule, scope) }
        var identity: OperationIdentity?
        if case .operation(let operation) = rule {
            identity = OperationIdentity(name: operation.name, location: operation.location)
        }
        let index = beginStep(RuleStep(jsonLogic: rule, location: rule.location, result: nil), about: identity)
        do {
            let value = try evaluate(rule, scope)
            endStep(index, result: value)
            return value
        } catch {
            endStep(index, result: nil)
            throw error
        }
    }

    private mutating func beginStep(_ step: RuleStep, about operation: OperationIdentity?) -> Int {
        // Room for the few steps a flag's rules usually take, made once.
        if steps.isEmpty {
            steps.reserveCapacity(4)
            openSteps.reserveCapacity(4)
        }
        steps.append(step)
        openSteps.append((steps.count - 1, reads.count, operation))
        return steps.count - 1
    }

    private mutating func endStep(_ index: Int, result: LogicValue?) {
        guard let position = openSteps.lastIndex(where: { $0.index == index }) else { return }
        steps[index].reads = reads.reads(from: openSteps[position].readStart)
        steps[index].result = result?.json
        openSteps.remove(at: position)
    }

    // MARK: - Evaluation

    /// The value of `rule` in `scope`.
    mutating func evaluate(_ rule: JsonLogicRule, _ scope: LogicScope) throws(RuleEvaluationError) -> LogicValue {
        try countValue()
        depth += 1
        defer { depth -= 1 }
        switch rule {
        case .literal(let value):
            return value
        case .values(let values):
            // The value kept for a list of values (`["DE", "FR"]`), with the steps counted and
            // the depth checked as if each item were evaluated.
            if depth >= Self.depthLimit, !values.isEmpty {
                throw RuleEvaluationError("the rule nests more than \(Self.depthLimit) levels deep", code: "GENERAL")
            }
            remaining -= values.count
            if remaining < 0 {
                throw RuleEvaluationError(
                    "the rule takes more than \(Self.stepBudget) steps to evaluate", code: "GENERAL")
            }
            return .array(values)
        case .list(let items):
            var values: [LogicValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                // A value among rules (`"@example.com"` beside `{"var": "email"}`) is taken as
                // it is, counted as evaluating it would count it.
                if case .literal(let value) = item {
                    try countValue()
                    values.append(value)
                } else {
                    values.append(try evaluate(item, scope))
                }
            }
            return .array(values)
        case .operation(let operation):
            return try apply(operation, scope)
        case .reference(_, let shared, _):
            return try evaluate(shared, scope)
        case .invalid(let message, let location):
            throw RuleEvaluationError(message, at: location)
        }
    }

    /// The value of `operation`'s arguments, as ``evaluate(_:_:)`` gives it for the rule they
    /// are written as: a list's items are evaluated where they lie, counted as a list is.
    mutating func evaluateArguments(of operation: JsonLogicOperation, _ scope: LogicScope)
        throws(RuleEvaluationError) -> LogicValue
    {
        try operation.withStoredArguments { (elements, count) throws(RuleEvaluationError) -> LogicValue in
            guard let count else { return try evaluate(elements.pointee, scope) }
            try countValue()
            depth += 1
            defer { depth -= 1 }
            var values: [LogicValue] = []
            values.reserveCapacity(count)
            for index in 0..<count {
                if case .literal(let value) = elements[index] {
                    try countValue()
                    values.append(value)
                } else {
                    values.append(try evaluate(elements[index], scope))
                }
            }
            return .array(values)
        }
    }

    /// Counts a value written in a rule as ``evaluate(_:_:)`` counts it, one level below the
    /// rule being evaluated, for callers that take the value without evaluating it.
    @inline(__always)
    mutating func countValue() throws(RuleEvaluationError) {
        remaining -= 1
        if remaining < 0 {
            throw RuleEvaluationError("the rule takes more than \(Self.stepBudget) steps to evaluate", code: "GENERAL")
        }
        if depth + 1 > Self.depthLimit {
            throw RuleEvaluationError("the rule nests more than \(Self.depthLimit) levels deep", code: "GENERAL")
        }
    }

    private mutating func apply(_ operation: JsonLogicOperation, _ scope: LogicScope) throws(RuleEvaluationError)
        -> LogicValue
    {
        switch operation.kind {
        case .standard(let op):
            return try apply(op, operation, scope)
        case .custom(let index):
            let readStart = reads.count
            let arguments = try evaluateArguments(of: operation, scope)
            let result = dialect.operators[index].evaluate(arguments, in: &self)
            recordOperatorStep(operation, result: result, readStart: readStart)
            return result.value
        case .unknown:
            throw RuleEvaluationError(
                "unknown operator '\(TerminalText.capped(operation.name, limit: 60))'", at: operation.location)
        }
    }

    /// A custom operator's note and split go to the step it is the condition of, or to a step
    /// of its own when it is not one (a percentage split that is the whole rule or a branch).
    private mutating func recordOperatorStep(
        _ operation: JsonLogicOperation, result: CustomOperatorResult, readStart: Int
    ) {
        guard isTracing else { return }
        let identity = OperationIdentity(name: operation.name, location: operation.location)
        if let open = openSteps.last, open.operation == identity, operation.location != nil {
            if let note = result.note { steps[open.index].note = note }
            if let split = result.split { steps[open.index].split = split }
            return
        }
        guard result.note != nil || result.split != nil else { return }
        var step = RuleStep(
            jsonLogic: .operation(operation), location: operation.location,
            reads: reads.reads(from: readStart), result: result.value.json, split: result.split)
        step.note = result.note
        steps.append(step)
    }

    /// Evaluates a value the evaluator made an object of as a rule, as the Go evaluator does
    /// with the branch an `if` chose: an object of one key is an operation.
    mutating func applyDynamic(_ value: LogicValue, _ scope: LogicScope) throws(RuleEvaluationError) -> LogicValue {
        guard case .object(let members) = value, members.count == 1 else { return value }
        var compiler = JsonLogicCompiler(evaluators: nil, dialect: dialect)
        return try evaluate(compiler.compile(value.sourceNode), scope)
    }

    // MARK: - Reading data

    /// The targeting key (`context/targeting_key`), recorded as read.
    mutating func targetingKey() -> LogicValue {
        (try? lookup("targetingKey", fallback: .null, in: .context)) ?? .null
    }

    /// `{"var": operand}`: a dotted path (numbers are paths too), `[path, default]`, or `""`
    /// (the whole data). A missing or `null` value gives the default (`null` without one).
    mutating func variable(_ operand: LogicValue, _ scope: LogicScope) throws(RuleEvaluationError) -> LogicValue {
        let path: String
        var fallback = LogicValue.null
        switch operand {
        case .null:
            if case .value(let value) = scope.data {
                switch value {
                case .bool, .number, .string: return value
                default: return .null
                }
            }
            return .null
        case .string(let text):
            if text.isEmpty { return whole(scope.data) }
            path = text
        case .number(let number):
            path = GoNumberText.plain(number)
        case .array(let items):
            guard let first = items.first else { return whole(scope.data) }
            if items.count == 2 { fallback = items[1] }
            guard case .string(let text) = first else {
                throw RuleEvaluationError("'var' takes [name, default]: the name is \(first.kindName)")
            }
            path = text
        default:
            throw RuleEvaluationError("'var' takes a name, found \(operand.kindName)")
        }
        // The Go evaluator leaves `""` and paths starting with `.` to the item.
        if !scope.substitutions.isEmpty, !path.hasPrefix(".") {
            for source in scope.substitutions {
                let substituted = try lookup(path, fallback: fallback, in: source)
                if !substituted.isNull { return substituted }
            }
        }
        return try lookup(path, fallback: fallback, in: scope.data)
    }

    private mutating func lookup(_ path: String, fallback: LogicValue, in data: LogicData) throws(RuleEvaluationError)
        -> LogicValue
    {
        // Looked for in the bytes in place: a generic walk of the view cost more than the rest of the read.
        let dot = UInt8(ascii: ".")
        let dotted = path.utf8.withContiguousStorageIfAvailable { $0.contains(dot) } ?? path.utf8.contains(dot)
        // The usual read, one attribute of the context by a name without dots (`email`), makes
        // no list of parts.
        if case .context = data, !dotted, !path.isEmpty, path != dialect.evaluatorData?.name {
            return context.attribute(named: path, reads: &reads).map(LogicValue.init) ?? fallback
        }
        let parts =
            dotted
            ? path.split(separator: ".", omittingEmptySubsequences: true).map(String.init) : path.isEmpty ? [] : [path]
        switch data {
        case .value(let value):
            return Self.walk(value, parts[...]) ?? fallback
        case .context:
            guard let head = parts.first else { return whole(.context) }
            if let evaluatorData = dialect.evaluatorData, head == evaluatorData.name {
                return evaluatorValue(evaluatorData, at: parts) ?? fallback
            }
            return context.attribute(parts, reads: &reads).map(LogicValue.init) ?? fallback
        }
    }

    /// The value at `parts` (the data's name first) of the evaluator's own data; `nil` where
    /// nothing is. Only the member read is computed, so the clock is read only when asked for.
    private mutating func evaluatorValue(_ data: JsonLogicEvaluatorData, at parts: [String]) -> LogicValue? {
        guard parts.count > 1 else { return evaluatorObject(data) }
        guard let member = data.member(named: parts[1]) else { return nil }
        let value = member.value(flagKey, context, &reads)
        return value.isNull ? nil : Self.walk(value, parts.dropFirst(2))
    }

    /// The whole of the evaluator's own data, every member computed.
    private mutating func evaluatorObject(_ data: JsonLogicEvaluatorData) -> LogicValue {
        var members: OrderedDictionary<String, LogicValue> = [:]
        for member in data.members { members[member.name] = member.value(flagKey, context, &reads) }
        return .object(members)
    }

    /// The whole data: every context attribute, the targeting key and the evaluator's own
    /// data; or the item.
    private mutating func whole(_ data: LogicData) -> LogicValue {
        guard case .context = data else {
            if case .value(let value) = data { return value }
            return .null
        }
        guard case .object(var members) = LogicValue(context.wholeObject) else { return .null }
        if let key = context.attributes["targeting_key"] { members["targetingKey"] = LogicValue(key) }
        if let evaluatorData = dialect.evaluatorData { members[evaluatorData.name] = evaluatorObject(evaluatorData) }
        return .object(members)
    }

    /// Follows `parts` down objects (by name) and lists (by index); `nil` where nothing is.
    static func walk(_ value: LogicValue, _ parts: ArraySlice<String>) -> LogicValue? {
        var current = value
        for part in parts {
            switch current {
            case .object(let members):
                guard let member = members[part] else { return nil }
                current = member
            case .array(let items):
                let index = LogicCoercion.integer(GoNumberText.parse(part) ?? 0)
                guard index >= 0, index < items.count else { return nil }
                current = items[index]
            default:
                return nil
            }
            if current.isNull { return nil }
        }
        return current
    }
}

extension LogicValue {
    /// The value as a document node (no positions), for the compiler.
    var sourceNode: SourceNode {
        switch self {
        case .null: return SourceNode(.scalar("null", quoted: false), at: .start)
        case .bool(let flag): return SourceNode(.scalar(flag ? "true" : "false", quoted: false), at: .start)
        case .number(let number):
            return SourceNode(.scalar(GoNumberText.json(number.isFinite ? number : 0), quoted: false), at: .start)
        case .string(let text): return SourceNode(.scalar(text, quoted: true), at: .start)
        case .array(let items): return SourceNode(.sequence(items.map(\.sourceNode)), at: .start)
        case .object(let members):
            return SourceNode(
                .mapping(members.map { (SourceNode(.scalar($0.key, quoted: true), at: .start), $0.value.sourceNode) }),
                at: .start)
        }
    }
}
