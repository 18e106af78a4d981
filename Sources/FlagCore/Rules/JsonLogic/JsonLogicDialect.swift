/// One format's JsonLogic: JsonLogic's operators with those the format adds, the data its
/// evaluator offers rules beside the context, and the schema its rules are checked against.
/// The format hands it in; compiling, checking, walking and evaluating a rule take everything
/// that is not JsonLogic's own from here.
struct JsonLogicDialect: @unchecked Sendable {
    // Unchecked: metatypes of a protocol are not `Sendable` to the compiler, but the schema is
    // a type, which holds no state.
    /// JsonLogic's operators and the dialect's own.
    let operators: JsonLogicOperators
    /// What the dialect's evaluator adds to the data rules read, when it adds anything.
    let evaluatorData: JsonLogicEvaluatorData?
    /// The constraints the dialect's schema puts on operations' arguments, when it has one.
    let schema: (any JsonLogicSchema.Type)?

    /// A dialect of `operators`, whose evaluator adds `evaluatorData` and whose rules are
    /// checked against `schema`.
    init(
        operators: JsonLogicOperators, evaluatorData: JsonLogicEvaluatorData? = nil,
        schema: (any JsonLogicSchema.Type)? = nil
    ) {
        self.operators = operators
        self.evaluatorData = evaluatorData
        self.schema = schema
    }

    /// JsonLogic alone: its own operators, the context as the only data, and no schema.
    static let standard = JsonLogicDialect(operators: .standard)

    /// The `context/*` key that reading the dotted `path` of the context reads, if any: `""`
    /// and paths starting with `.` are the item or the whole data, never one attribute, and the
    /// evaluator's own data is none.
    func attributeKey(ofPath path: String) -> String? {
        guard !path.isEmpty, !path.hasPrefix(".") else { return nil }
        if let evaluatorData, evaluatorData.holds(path) { return nil }
        return EvaluationContext.key(forAttribute: path)
    }
}

/// Data a dialect's evaluator offers rules under a name of its own, beside the context's
/// attributes: a few members, each computed for the flag being evaluated, and only when a rule
/// reads it.
struct JsonLogicEvaluatorData: Sendable {
    /// The name a `var` reads it by, as the first part of a dotted path.
    let name: String
    /// Its members, in the order the whole of it lists them.
    let members: [Member]
    /// `name` and a dot: what a path to one of its members starts with.
    let memberPrefix: String

    /// One member of the data.
    struct Member: Sendable {
        /// Its name after the data's.
        let name: String
        /// Its value for the flag `flagKey` evaluated in `context`. A member read from the context
        /// (the clock) records the read in `reads`, so the trace shows it.
        let value: @Sendable (_ flagKey: String, _ context: EvaluationContext, _ reads: inout ReadLog) -> LogicValue
    }

    /// Data named `name` with `members`.
    init(name: String, members: [Member]) {
        self.name = name
        self.members = members
        memberPrefix = name + "."
    }

    /// Whether the dotted `path` reads this data, or something in it, rather than the context.
    func holds(_ path: String) -> Bool {
        path == name || path.hasPrefix(memberPrefix)
    }

    /// The member named `name`, if there is one.
    func member(named name: String) -> Member? {
        members.first { $0.name == name }
    }
}
