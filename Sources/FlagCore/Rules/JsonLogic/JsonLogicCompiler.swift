/// Compiles JsonLogic written in a document into a ``JsonLogicRule``, once, keeping locations,
/// resolving `$ref`s, and noting what the flagd schema (`targeting.json`) forbids.
///
/// Compiling never fails: what cannot work becomes a rule that fails when evaluated (flagd's
/// evaluator, too, fails on it only when it is reached) plus a located ``RuleProblem``.
struct JsonLogicCompiler {
    /// Deeper rules are refused (the reader already stops at 512 levels of JSON): evaluation is
    /// recursive, and a rule this deep is a mistake or an attack, never a real targeting rule.
    static let maximumDepth = 200

    /// Shared rules by name (flagd's `$evaluators`); `nil` when there are none to resolve against
    /// (a targeting rule checked on its own), where a `$ref` is left unresolved without a problem.
    let evaluators: [String: SourceNode]?
    /// Every problem found, each once (a shared rule's problems are reported where it is
    /// written, however many flags refer to it).
    private(set) var problems: [RuleProblem] = []
    private var reported: Set<RuleProblem> = []
    /// The references being expanded, to refuse a shared rule that refers to itself.
    private var expanding: [String] = []

    init(evaluators: [String: SourceNode]?) {
        self.evaluators = evaluators
    }

    /// The compiled rule of `node`.
    mutating func compile(_ node: SourceNode) -> JsonLogicRule {
        compile(node, depth: 0)
    }

    /// Compiles the shared rule `name` on its own, so its problems are reported where it is
    /// written even when no flag refers to it.
    mutating func compileEvaluator(_ name: String) {
        guard let shared = evaluators?[name] else { return }
        expanding.append(name)
        _ = compile(shared, depth: 0)
        expanding.removeLast()
    }

    private mutating func report(_ message: String, at location: TextLocation?) {
        let problem = RuleProblem(message, at: location)
        if reported.insert(problem).inserted { problems.append(problem) }
    }

    private mutating func compile(_ node: SourceNode, depth: Int) -> JsonLogicRule {
        if depth > Self.maximumDepth {
            let message = "the rule is nested more than \(Self.maximumDepth) levels deep"
            report(message, at: node.location)
            return .invalid(message: message, location: node.location)
        }
        switch node.content {
        case .scalar(let text, true):
            return .literal(.string(text))
        case .scalar:
            return .literal(LogicValue(JSONValue(node)))
        case .sequence(let items):
            let compiled = items.map { compile($0, depth: depth + 1) }
            // Only a list of literals keeps its value: the written form of a list of rules is
            // asked for rarely (`map` over a list written in place), and keeping one for every
            // list held a second copy of every rule.
            return .list(compiled, literal: compiled.allSatisfy(\.isLiteral) ? .array(compiled.map(\.raw)) : nil)
        case .mapping(let pairs):
            // Go's JSON decoding keeps the last of repeated keys: so does the evaluator here.
            // An operation, the usual mapping, has one key: nothing to look through.
            var lastOfEach = pairs
            if pairs.count > 1 {
                lastOfEach = []
                for pair in pairs {
                    if let index = lastOfEach.firstIndex(where: { $0.key.scalarText == pair.key.scalarText }) {
                        lastOfEach[index].value = pair.value
                    } else {
                        lastOfEach.append(pair)
                    }
                }
            }
            guard lastOfEach.count == 1, let (keyNode, value) = lastOfEach.first else {
                return .literal(LogicValue(JSONValue(node)))
            }
            let name = keyNode.scalarText ?? ""
            if name == "$ref", case .scalar(let reference, true) = value.content {
                return compileReference(reference, at: keyNode.location, depth: depth)
            }
            let kind = JsonLogicOperatorKind(name)
            if case .unknown = kind {
                report("unknown operator '\(TerminalText.capped(name, limit: 60))'", at: keyNode.location)
            }
            let arguments = compile(value, depth: depth + 1)
            JsonLogicSchema.check(name, kind: kind, arguments: value, at: keyNode.location) { report($0, at: $1) }
            return .operation(
                JsonLogicOperation(name: name, kind: kind, arguments: arguments, location: keyNode.location))
        }
    }

    private mutating func compileReference(_ name: String, at location: TextLocation, depth: Int) -> JsonLogicRule {
        guard let evaluators else {
            return .invalid(
                message: "'$ref' \(TerminalText.capped(name, limit: 60)) names no shared rule here", location: location)
        }
        guard let shared = evaluators[name] else {
            let message = "'$ref' names no evaluator '\(TerminalText.capped(name, limit: 60))' in \"$evaluators\""
            report(message, at: location)
            return .invalid(message: message, location: location)
        }
        guard !expanding.contains(name) else {
            let message = "evaluator '\(TerminalText.capped(name, limit: 60))' refers to itself"
            report(message, at: location)
            return .invalid(message: message, location: location)
        }
        expanding.append(name)
        let rule = compile(shared, depth: depth + 1)
        expanding.removeLast()
        return .reference(name: name, rule: rule, location: location)
    }
}
