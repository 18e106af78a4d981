/// The names of flagd's own JsonLogic operators.
enum FlagdOperatorName: String, Sendable, Hashable, CaseIterable {
    case fractional
    case semVer = "sem_ver"
    case startsWith = "starts_with"
    case endsWith = "ends_with"
}

/// What a flagd operator gave: its value, and what the trace should show about it.
struct FlagdOperatorResult {
    /// The value (`null` when the operator gives up, as flagd's do, so the default variant applies).
    var value: LogicValue
    /// Why it gave up, or what it compared, for the trace.
    var note: String?
    /// For `fractional`: the bucket and the split.
    var split: PercentageSplit?
}

/// One of flagd's operators: it gets its arguments already evaluated (flagd's evaluator
/// evaluates them first) and never fails the rule: on bad input it gives `null`.
protocol FlagdOperator {
    /// The operator's name in rules.
    static var name: FlagdOperatorName { get }
    /// The operator applied to its evaluated arguments, in the evaluation of one flag.
    static func evaluate(_ arguments: LogicValue, in evaluation: inout JsonLogicEvaluation) -> FlagdOperatorResult
}

/// flagd's operators, registered in one table.
enum FlagdOperators {
    /// The operator named `name`: a switch, as it is looked up for every flagd operation of
    /// every flag evaluated.
    static func named(_ name: FlagdOperatorName) -> any FlagdOperator.Type {
        switch name {
        case .fractional: return FractionalOperator.self
        case .semVer: return SemVerOperator.self
        case .startsWith: return StartsWithOperator.self
        case .endsWith: return EndsWithOperator.self
        }
    }

    /// Every flagd operator by name.
    static var table: [FlagdOperatorName: any FlagdOperator.Type] {
        Dictionary(uniqueKeysWithValues: FlagdOperatorName.allCases.map { ($0, named($0)) })
    }
}
