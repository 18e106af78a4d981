/// flagd's own operators, added to JsonLogic's as flagd's evaluator adds them to its library.
enum FlagdOperators {
    /// JsonLogic's operators and flagd's: the operators of flagd's dialect
    /// (``JsonLogicDialect/flagd``), which its rules are compiled, checked, walked and evaluated in.
    static let table = JsonLogicOperators(custom: [
        FractionalOperator.self, SemVerOperator.self, StartsWithOperator.self, EndsWithOperator.self,
    ])
}
