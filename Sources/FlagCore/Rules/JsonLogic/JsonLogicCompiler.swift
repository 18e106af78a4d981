/// Compiles JsonLogic written in a document into a ``JsonLogicRule``, once, keeping locations,
/// resolving `$ref`s, and noting what the dialect's schema forbids.
///
/// Compiling never fails: what cannot work becomes a rule that fails when evaluated (the Go
/// evaluator, too, fails on it only when it is reached) plus a located ``RuleProblem``.
struct JsonLogicCompiler {
    /// Deeper rules are refused (the reader already stops at 512 levels of JSON): evaluation is
    /// recursive, and a rule this deep is a mistake or an attack, never a real targeting rule.
    static let maximumDepth = 200
    /// The most operations and values one rule may expand to, `$ref`s expanded where they are
    /// used: shared rules that each use the one before twice would otherwise double the rule
    /// with every level (2^40 operations from 40 short evaluators), and everything that walks a
    /// rule (evaluation, the trace, the attributes it reads) would take as long.
    static let maximumExpandedSize = 200_000

    /// Shared rules by name, which a `$ref` names; `nil` when there are none to resolve against
    /// (a targeting rule checked on its own), where a `$ref` is left unresolved without a problem.
    let evaluators: [String: SourceNode]?
    /// Every problem found, each once (a shared rule's problems are reported where it is
    /// written, however many flags refer to it).
    private(set) var problems: [RuleProblem] = []
    private var reported: Set<RuleProblem> = []
    /// The references being expanded, to refuse a shared rule that refers to itself.
    private var expanding: [String] = []
    /// How many operations and values the rule being compiled has so far.
    private var expandedSize = 0
    /// The deepest level the rule being compiled reaches so far.
    private var deepest = 0
    /// Each shared rule compiled once, with its expanded size and depth: a rule that uses it
    /// many times shares the compiled rule and adds its size, without compiling it again.
    private var compiledEvaluators: [String: CompiledEvaluator] = [:]
    /// Every name a `var`, `missing` or `missing_some` compiled so far may read, and
    /// what a custom operator compiled so far may read with no `var` (a percentage split's targeting key): more than the rules read (a default's
    /// text, an item's field), never less, so the attribute index may stop walking rules once
    /// each of these it can read is found (``RuleAttributeIndex/firstReads(of:)``).
    private(set) var namesRead: Set<String> = []
    /// Whether a rule compiled so far has a `$ref` to a shared rule, found or not.
    private(set) var refersToSharedRules = false
    /// The last few names put in ``namesRead`` (at most 8), and where the next one goes.
    private var recentNames: [String] = []
    private var nextRecent = 0
    /// Every list of values compiled so far, each kept once: a file's flags repeat the same
    /// lists (countries, a split's `["on", 50]`), and a list of its own for each was the
    /// largest part of a large file's compiled rules after its operations.
    private var sharedLists: Set<WrittenValues> = []

    private struct CompiledEvaluator {
        var rule: JsonLogicRule
        var size: Int
        var height: Int
    }

    /// The rules' dialect: the operators a name is looked up among, and the schema the
    /// arguments are checked against.
    let dialect: JsonLogicDialect

    init(evaluators: [String: SourceNode]?, dialect: JsonLogicDialect) {
        self.evaluators = evaluators
        self.dialect = dialect
    }

    /// The compiled rule of `node`.
    mutating func compile(_ node: SourceNode) -> JsonLogicRule {
        (expandedSize, deepest) = (0, 0)
        return compile(node, depth: 0)
    }

    /// Compiles the shared rule `name` on its own, so its problems are reported where it is
    /// written even when no flag refers to it.
    mutating func compileEvaluator(_ name: String) {
        guard let shared = evaluators?[name] else { return }
        _ = compiledEvaluator(name, shared)
    }

    /// The shared rule `name`, compiled on its own the first time it is asked for.
    private mutating func compiledEvaluator(_ name: String, _ shared: SourceNode) -> CompiledEvaluator {
        if let compiled = compiledEvaluators[name] { return compiled }
        let (outerSize, outerDeepest) = (expandedSize, deepest)
        (expandedSize, deepest) = (0, 0)
        expanding.append(name)
        let rule = compile(shared, depth: 0)
        expanding.removeLast()
        let compiled = CompiledEvaluator(rule: rule, size: expandedSize, height: deepest)
        (expandedSize, deepest) = (outerSize, outerDeepest)
        compiledEvaluators[name] = compiled
        return compiled
    }

    private mutating func report(_ message: String, at location: TextLocation?) {
        let problem = RuleProblem(message, at: location)
        if reported.insert(problem).inserted { problems.append(problem) }
    }

    private mutating func compile(_ node: SourceNode, depth: Int) -> JsonLogicRule {
        if depth > Self.maximumDepth { return tooDeep(at: node.location) }
        deepest = max(deepest, depth)
        expandedSize += 1
        if expandedSize > Self.maximumExpandedSize {
            // Reported once, where the expansion went past the limit; every later part of the
            // rule stops here at once, so the work stays bounded.
            return tooBig(at: node.location, reporting: expandedSize == Self.maximumExpandedSize + 1)
        }
        switch node.content {
        case .scalar:
            return .literal(Self.scalarValue(node))
        case .sequence(let items):
            // A list of scalars (`["DE", "FR"]`, `["on", 40]`) is made its value at once, counted
            // as compiling each item counts it, when no item can reach a limit.
            if depth + 1 <= Self.maximumDepth, expandedSize + items.count <= Self.maximumExpandedSize,
                items.allSatisfy({ $0.scalarText != nil })
            {
                if !items.isEmpty { deepest = max(deepest, depth + 1) }
                expandedSize += items.count
                return .values(shared(items.map(Self.scalarValue)))
            }
            let compiled = items.map { compile($0, depth: depth + 1) }
            // Only a list of values is kept as a value: the written form of a list of rules is
            // asked for rarely (`map` over a list written in place).
            return compiled.allSatisfy(\.isLiteral) ? .values(compiled.map(\.raw)) : .list(compiled)
        case .mapping(let pairs):
            // Go's JSON decoding keeps the last of repeated keys: so does the evaluator here.
            // An operation, the usual mapping, has one key: nothing to look through.
            let keyNode: SourceNode
            let value: SourceNode
            if pairs.count == 1 {
                // The pair copied once: `pairs[0].key` and then `pairs[0].value` each copied the
                // whole pair (through the runtime's generic tuple copy) and let half of it go.
                (keyNode, value) = pairs[0]
            } else {
                var lastOfEach: [(key: SourceNode, value: SourceNode)] = []
                for pair in pairs {
                    if let index = lastOfEach.firstIndex(where: { $0.key.scalarText == pair.key.scalarText }) {
                        lastOfEach[index].value = pair.value
                    } else {
                        lastOfEach.append(pair)
                    }
                }
                guard lastOfEach.count == 1 else { return .literal(LogicValue(JSONValue(node))) }
                (keyNode, value) = lastOfEach[0]
            }
            let name = keyNode.scalarText ?? ""
            if name == "$ref", case .scalar(let reference, true) = value.content {
                return compileReference(reference, at: keyNode.location, depth: depth)
            }
            let kind = dialect.operators.kind(of: name)
            if case .unknown = kind {
                report("unknown operator '\(TerminalText.capped(name, limit: 60))'", at: keyNode.location)
            }
            noteNamesRead(by: kind, in: value)
            var arguments = compile(value, depth: depth + 1)
            dialect.schema?.check(name, kind: kind, in: dialect, arguments: value) { report($0, at: $1) }
            if case .list(var items) = arguments {
                // `items` is then the list's one reference: its rules are moved into the operation.
                arguments = .literal(.null)
                return .operation(.make(name: name, kind: kind, movingItemsOf: &items, location: keyNode.location))
            }
            return .operation(.make(name: name, kind: kind, argument: arguments, location: keyNode.location))
        }
    }

    /// The value of a scalar: quoted, text; plain, null, a bool, a number or text.
    private static func scalarValue(_ node: SourceNode) -> LogicValue {
        switch node.content {
        case .scalar(let text, true): return .string(text)
        case .scalar(let text, false): return LogicValue(JSONValue(plainScalar: text))
        default: return .null
        }
    }

    /// The list kept for `values`: an equal one compiled before, or `values`.
    private mutating func shared(_ values: [LogicValue]) -> [LogicValue] {
        sharedLists.insert(WrittenValues(values)).memberAfterInsert.values
    }

    /// Notes in ``namesRead`` the text `kind`'s arguments `value` name: the argument itself, its
    /// items, or their items (`missing_some`'s list).
    private mutating func noteNamesRead(by kind: JsonLogicOperatorKind, in value: SourceNode) {
        switch kind {
        case .standard(.variable), .standard(.missing), .standard(.missingSome):
            func note(_ node: SourceNode, levels: Int) {
                switch node.content {
                case .scalar(let text, true): noteNameRead(text)
                case .sequence(let items) where levels > 0: for item in items { note(item, levels: levels - 1) }
                default: break
                }
            }
            note(value, levels: 2)
        case .custom(let index):
            for name in dialect.operators[index].implicitNames { noteNameRead(name) }
        default:
            break
        }
    }

    /// Puts `name` in ``namesRead``. Most rules of a file read a few names again and again:
    /// those noted last are found by comparing, without hashing.
    private mutating func noteNameRead(_ name: String) {
        guard !recentNames.contains(name) else { return }
        namesRead.insert(name)
        if recentNames.count < 8 {
            recentNames.append(name)
        } else {
            recentNames[nextRecent] = name
            nextRecent = (nextRecent + 1) % 8
        }
    }

    /// Takes in what `other` found compiling other rules: its problems (each once) and the
    /// names its rules may read.
    mutating func absorb(_ other: JsonLogicCompiler) {
        for problem in other.problems { report(problem.message, at: problem.location) }
        namesRead.formUnion(other.namesRead)
        refersToSharedRules = refersToSharedRules || other.refersToSharedRules
    }

    private mutating func compileReference(_ name: String, at location: TextLocation, depth: Int) -> JsonLogicRule {
        refersToSharedRules = true
        guard let evaluators else {
            return .invalid(
                message: "'$ref' \(TerminalText.capped(name, limit: 60)) names no shared rule here", location: location)
        }
        guard let shared = evaluators[name] else {
            let message = "'$ref' names no evaluator '\(TerminalText.capped(name, limit: 60))' in \"$evaluators\""
            report(message, at: location)
            return .invalid(message: message, location: location)
        }
        if let start = expanding.firstIndex(of: name) {
            // The Go evaluator, too, cannot expand such a reference: the flag fails to evaluate.
            let cycle = expanding[start...] + [name]
            let named = cycle.map { "'\(TerminalText.capped($0, limit: 40))'" }
            let message =
                cycle.count == 2
                ? "evaluator \(named[0]) refers to itself"
                : "evaluators refer to each other in a cycle: " + named.joined(separator: " → ")
            report(message, at: location)
            return .invalid(message: message, location: location)
        }
        let compiled = compiledEvaluator(name, shared)
        guard depth + 1 + compiled.height <= Self.maximumDepth else { return tooDeep(at: location) }
        guard expandedSize + compiled.size <= Self.maximumExpandedSize else {
            expandedSize = Self.maximumExpandedSize + 1
            return tooBig(at: location, reporting: true)
        }
        expandedSize += compiled.size
        deepest = max(deepest, depth + 1 + compiled.height)
        return .reference(name: name, rule: compiled.rule, location: location)
    }

    private mutating func tooDeep(at location: TextLocation?) -> JsonLogicRule {
        let message = "the rule is nested more than \(Self.maximumDepth) levels deep"
        report(message, at: location)
        return .invalid(message: message, location: location)
    }

    private mutating func tooBig(at location: TextLocation?, reporting: Bool) -> JsonLogicRule {
        let message =
            "the rule expands to more than \(Self.maximumExpandedSize) operations and values (its \"$ref\"s repeat shared rules too often)"
        if reporting { report(message, at: location) }
        return .invalid(message: message, location: location)
    }
}

/// A list of scalar values equal to another only when written alike: texts of the same bytes
/// (Swift's `==` on texts would take `"é"` and `"e\u{301}"` for one, which the Go evaluator
/// does not) and numbers of the same bits (`-0` equals `0`, but Go writes it `-0`, which
/// `cat` shows). Its hash is worked out once, each text's bytes hashed in place with the
/// MurmurHash3 percentage splits use: hashing each text through `Hasher` cost more than the list
/// kept once saved.
private struct WrittenValues: Hashable {
    let values: [LogicValue]
    private let digest: UInt64

    init(_ values: [LogicValue]) {
        self.values = values
        var digest = UInt64(values.count)
        for value in values {
            let word: UInt64
            switch value {
            case .null: word = 0
            case .bool(let flag): word = flag ? 1 : 2
            case .number(let number): word = 3 ^ number.bitPattern
            case .string(let text):
                let hash =
                    text.utf8.withContiguousStorageIfAvailable { MurmurHash3.hash32($0) }
                    ?? MurmurHash3.hash32(text.utf8)
                word = 4 ^ UInt64(hash) << 8
            default: word = 5
            }
            // Mixed in as FNV-1a mixes a byte: a digest for a table, not a standard hash.
            digest = (digest ^ word) &* 0x100_0000_01b3
        }
        self.digest = digest
    }

    static func == (left: WrittenValues, right: WrittenValues) -> Bool {
        left.digest == right.digest && left.values.count == right.values.count
            && zip(left.values, right.values).allSatisfy(same)
    }

    private static func same(_ left: LogicValue, _ right: LogicValue) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): return UTF8Bytes.equal(a, b)
        default: return left == right
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }
}
