extension JsonLogicDialect {
    /// flagd's JsonLogic: its operators (``FlagdOperators/table``), its evaluator's `$flagd`
    /// and its schema (``FlagdSchema``).
    static let flagd = JsonLogicDialect(
        operators: FlagdOperators.table, evaluatorData: .flagd, schema: FlagdSchema.self)
}

extension JsonLogicEvaluatorData {
    /// `$flagd`, which flagd's evaluator adds to the data of every flag: the flag's key
    /// (`$flagd.flagKey`) and the time in whole seconds (`$flagd.timestamp`, the clock read
    /// through the context, so `context/now` sets it and the trace shows the read).
    static let flagd = JsonLogicEvaluatorData(
        name: "$flagd",
        members: [
            Member(name: "flagKey", value: flagKey),
            Member(name: "timestamp", value: timestamp),
        ])

    /// `$flagd.flagKey`: the key of the flag being evaluated.
    private static func flagKey(_ key: String, _ context: EvaluationContext, _ reads: inout ReadLog) -> LogicValue {
        .string(key)
    }

    /// `$flagd.timestamp`: now, in whole seconds since 1970.
    private static func timestamp(_ key: String, _ context: EvaluationContext, _ reads: inout ReadLog) -> LogicValue {
        .number(context.currentTime(reads: &reads).timeIntervalSince1970.rounded(.down))
    }
}
