/// An operator a dialect of JsonLogic adds to JsonLogic's own, as a format's evaluator adds
/// operators of its own to its JsonLogic library. It gets its arguments already evaluated and
/// never fails the rule: on bad input it gives `null`, with a note for the trace.
protocol JsonLogicCustomOperator {
    /// The operator's name in rules.
    static var name: String { get }
    /// The operator applied to its evaluated arguments, in the evaluation of one flag.
    static func evaluate(_ arguments: LogicValue, in evaluation: inout JsonLogicEvaluation) -> CustomOperatorResult
    /// What `validate` reports about its arguments as written, each problem at its place;
    /// `shown` words the operation for a message.
    static func check(_ arguments: SourceNode, shown: () -> String, report: (String, TextLocation?) -> Void)
    /// How it compares the attribute read at argument `position` (what the attribute's editor
    /// offers); `nil` when it says nothing about it.
    static func comparison(ofArgument position: Int) -> AttributeTypeHint?
    /// The attributes it reads with no `var` naming them, given its arguments (a percentage
    /// split without a bucketing value reads the targeting key).
    static func implicitReads(_ arguments: [JsonLogicRule]) -> [String]
    /// Every attribute ``implicitReads(_:)`` may name, whatever the arguments: what compiling a
    /// file notes, so the attribute index may stop walking once it has found them all.
    static var implicitNames: [String] { get }
}

extension JsonLogicCustomOperator {
    static func comparison(ofArgument position: Int) -> AttributeTypeHint? { nil }
    static func implicitReads(_ arguments: [JsonLogicRule]) -> [String] { [] }
    static var implicitNames: [String] { [] }
}

/// What a custom operator gave: its value, and what the trace should show about it.
struct CustomOperatorResult {
    /// The value (`null` when the operator gives up, so the rule's default applies).
    var value: LogicValue
    /// Why it gave up, or what it compared, for the trace.
    var note: String?
    /// For a percentage operator: the bucket and the split.
    var split: PercentageSplit?
}

/// The operators one dialect of JsonLogic knows: JsonLogic's own and the dialect's, which it
/// fills in (its ``JsonLogicDialect/operators``). Compiling looks a name up here; evaluating,
/// walking and checking a rule find a custom operator by the number it was given.
struct JsonLogicOperators: @unchecked Sendable {
    // Unchecked: metatypes of a protocol are not `Sendable` to the compiler, but these are
    // types, which hold no state.
    /// The dialect's operators; a custom operation stores its index.
    let custom: [any JsonLogicCustomOperator.Type]
    /// Every known operator, listed under its name's first byte with its length: a name is
    /// compared with the few that start alike and are as long (short names compare as two
    /// machine words). Hashing the name, once per operation compiled, cost more than this.
    private let byFirstByte: [[(name: String, count: Int, kind: JsonLogicOperatorKind)]]

    /// JsonLogic's operators and `custom`, which must have names of their own (a custom
    /// operator never replaces one of JsonLogic's) and be at most 256.
    init(custom: [any JsonLogicCustomOperator.Type]) {
        precondition(custom.count <= 256, "a custom operator's number is one byte")
        self.custom = custom
        var table = [[(name: String, count: Int, kind: JsonLogicOperatorKind)]](repeating: [], count: 128)
        func add(_ name: String, _ kind: JsonLogicOperatorKind) {
            guard let first = name.utf8.first.map(Int.init), first < 128 else { return }
            guard !table[first].contains(where: { $0.name == name }) else { return }
            table[first].append((name, name.utf8.count, kind))
        }
        for op in JsonLogicOperator.allCases { add(op.name, .standard(op)) }
        for (index, op) in custom.enumerated() { add(op.name, .custom(UInt8(index))) }
        byFirstByte = table
    }

    /// JsonLogic's own operators only.
    static let standard = JsonLogicOperators(custom: [])

    /// The operator written `name`, or `.unknown`.
    func kind(of name: String) -> JsonLogicOperatorKind {
        let count = name.utf8.count
        guard let first = name.utf8.first, Int(first) < byFirstByte.count else { return .unknown }
        for known in byFirstByte[Int(first)] where known.count == count && known.name == name { return known.kind }
        return .unknown
    }

    /// The custom operator numbered `index`.
    subscript(index: UInt8) -> any JsonLogicCustomOperator.Type { custom[Int(index)] }
}
