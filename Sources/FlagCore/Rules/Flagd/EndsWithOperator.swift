/// flagd's `ends_with`: `[text, suffix]`, both text, compared byte for byte; anything else
/// gives `null`, so the default variant applies.
enum EndsWithOperator: FlagdOperator {
    static let name = FlagdOperatorName.endsWith

    static func evaluate(_ arguments: LogicValue, in evaluation: inout JsonLogicEvaluation) -> FlagdOperatorResult {
        StringAffix.compare(arguments, operator: name.rawValue, UTF8Bytes.hasSuffix)
    }
}
