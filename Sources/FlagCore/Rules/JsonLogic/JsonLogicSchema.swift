/// The constraints a dialect's schema puts on the arguments of each operation as written:
/// `validate` reports a violation at its line and column, while evaluation stays as lenient as
/// the dialect's own evaluator. A dialect's own operators check theirs
/// (``JsonLogicCustomOperator/check(_:shown:report:)``) when its schema asks them to.
protocol JsonLogicSchema {
    /// Reports each violation in `arguments`, as written, of the operation named `name`, whose
    /// operator is `kind` in `dialect`; `report` takes the message and where it applies.
    static func check(
        _ name: String, kind: JsonLogicOperatorKind, in dialect: JsonLogicDialect, arguments: SourceNode,
        report: (String, TextLocation?) -> Void)
}
