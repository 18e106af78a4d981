/// flagd's `ends_with`: `[text, suffix]`, both text, compared byte for byte; anything else
/// gives `null`, so the default variant applies.
enum EndsWithOperator: JsonLogicCustomOperator {
    static let name = "ends_with"

    static func check(_ arguments: SourceNode, shown: () -> String, report: (String, TextLocation?) -> Void) {
        StringAffix.check(arguments, shown: shown, report: report)
    }

    /// The attribute is the text looked at.
    static func comparison(ofArgument position: Int) -> AttributeTypeHint? { position == 0 ? .text : nil }

    static func evaluate(_ arguments: LogicValue, in evaluation: inout JsonLogicEvaluation) -> CustomOperatorResult {
        StringAffix.compare(arguments, operator: name, UTF8Bytes.hasSuffix)
    }
}
