/// Finds the context attributes a compiled JsonLogic rule reads, without evaluating it: every
/// `var` of the context (`targetingKey` is `context/targeting_key`; the evaluator's own data is
/// no attribute, an item's field inside `map`/`all`/`reduce` is none either), the names
/// `missing` checks, and what the dialect's operators read with no `var` (the targeting key a
/// percentage split without a bucketing value hashes). Each read carries what the rule
/// compares it with, for a type hint and suggestions.
struct JsonLogicAttributeWalk {
    /// The dialect the rule is written in: its operators say what they read and how, and its
    /// evaluator's own data is not the context.
    let dialect: JsonLogicDialect
    /// Whether only the keys read and where are wanted (what loading a workspace needs): no
    /// type hints, no suggestions. The rest is found when the Context branch asks.
    var keysOnly = false
    /// The reads found, in the order written.
    private(set) var reads: [AttributeRead] = []

    /// Whether `operation`'s arguments are worded as part of the rule around it (`cat` in a
    /// percentage split, `+` in a comparison): a read inside one is shown with that outer rule.
    private static func isPartOfOuterRule(_ operation: JsonLogicOperation) -> Bool {
        switch operation.kind {
        case .standard(.cat), .standard(.substr), .standard(.plus), .standard(.minus), .standard(.times),
            .standard(.divide), .standard(.modulo), .standard(.max), .standard(.min), .standard(.abs),
            .standard(.merge):
            return true
        default:
            return false
        }
    }

    /// Whether `operation` combines conditions: a read directly inside one is a condition of its own.
    private static func combinesConditions(_ operation: JsonLogicOperation) -> Bool {
        switch operation.kind {
        case .standard(.ifThenElse), .standard(.ternary), .standard(.and), .standard(.or): return true
        default: return false
        }
    }

    /// Visits `rule`; `parent` is the operation whose argument it is, when there is one, and
    /// `position` its place in the parent's argument list when it is written right there.
    mutating func visit(_ rule: JsonLogicRule, parent: JsonLogicOperation?, position: Int? = nil) {
        switch rule {
        case .literal, .values, .invalid:
            return
        case .list(let items):
            for item in items { visit(item, parent: parent) }
        case .reference(_, let shared, _):
            visit(shared, parent: parent)
        case .operation(let operation):
            visit(operation, parent: parent, position: position)
        }
    }

    private mutating func visit(_ operation: JsonLogicOperation, parent: JsonLogicOperation?, position: Int?) {
        // Operators are told apart by their kind (found once, when compiled), not their names.
        if case .standard(.variable) = operation.kind {
            if let path = Self.literalPath(operation.arguments) {
                record(path, at: operation, parent: parent, position: position)
            } else {
                visit(operation.arguments, parent: operation)
            }
            return
        }
        let arguments = operation.argumentList ?? [operation.arguments]
        switch operation.kind {
        case .standard(.missing):
            for name in Self.literalNames(arguments.count == 1 ? arguments[0] : operation.arguments) {
                record(name, at: operation, parent: operation, describing: operation)
            }
            return
        case .standard(.missingSome):
            if arguments.count == 2 {
                for name in Self.literalNames(arguments[1]) {
                    record(name, at: operation, parent: operation, describing: operation)
                }
            }
            return
        case .standard(.map), .standard(.all), .standard(.reduce):
            // The step applied to each item reads the item, not the context.
            for (index, argument) in arguments.enumerated() where index != 1 { visit(argument, parent: operation) }
            return
        case .custom(let index):
            // What it reads with no `var` naming it is a name, compared as text.
            for name in dialect.operators[index].implicitReads(arguments) {
                record(name, at: operation, parent: operation, describing: operation, hint: .text)
            }
        default:
            break
        }
        // A read inside `cat` or `+` is worded with the rule around them.
        let passesThrough = Self.isPartOfOuterRule(operation) && parent != nil
        let context = passesThrough ? parent ?? operation : operation
        for (index, argument) in arguments.enumerated() {
            if passesThrough, case .operation(let inner) = argument, case .standard(.variable) = inner.kind,
                let path = Self.literalPath(inner.arguments)
            {
                record(path, at: inner, parent: context, direct: false)
                continue
            }
            // Only an argument written in the list of the operation it is visited under has a
            // place there (not one passed through `cat`, nor one written as the whole argument).
            visit(argument, parent: context, position: passesThrough || operation.argumentList == nil ? nil : index)
        }
    }

    /// Records a read of the attribute at dotted `path`, with what `parent` compares it with
    /// (the attribute's `var` is its argument at `position`).
    private mutating func record(
        _ path: String, at operation: JsonLogicOperation, parent: JsonLogicOperation?, position: Int? = nil,
        describing described: JsonLogicOperation? = nil, hint: AttributeTypeHint? = nil, direct: Bool = true
    ) {
        guard let key = dialect.attributeKey(ofPath: path) else { return }
        var typeHint = hint
        var suggestions: [String] = []
        if !keysOnly, typeHint == nil, direct, let parent, let position {
            (typeHint, suggestions) = comparison(at: position, in: parent)
        }
        // The rule read is the comparison around the attribute, or the attribute alone when it is a condition itself.
        let worded: JsonLogicOperation
        if let described {
            worded = described
        } else if let parent, !Self.combinesConditions(parent) {
            worded = parent
        } else {
            worded = operation
        }
        // Worded when someone reads the attribute's readers, from the compiled rule.
        reads.append(
            AttributeRead(
                key: key, typeHint: typeHint, suggestions: suggestions, wording: .jsonLogicOperation(worded),
                location: worded.location ?? operation.location))
    }

    /// What `parent` compares the attribute read by its argument at `position` with.
    private func comparison(at position: Int, in parent: JsonLogicOperation) -> (AttributeTypeHint?, [String]) {
        guard let arguments = parent.argumentList, arguments.indices.contains(position) else { return (nil, []) }
        switch parent.kind {
        case .standard(.equal), .standard(.strictEqual), .standard(.notEqual), .standard(.strictNotEqual):
            return Self.hint(of: arguments, skipping: position, suggesting: true)
        case .standard(.less), .standard(.lessOrEqual), .standard(.greater), .standard(.greaterOrEqual):
            return Self.hint(of: arguments, skipping: position, suggesting: false)
        case .standard(.in):
            guard arguments.count == 2 else { return (nil, []) }
            if position == 0 {
                if let items = arguments[1].listItems { return Self.hint(of: items, suggesting: true) }
                if case .literal(.string) = arguments[1] { return (.text, []) }
                return (nil, [])
            }
            // The attribute is where the text is looked for.
            if case .literal(.string) = arguments[0] { return (.text, []) }
            return (nil, [])
        case .custom(let index):
            return (dialect.operators[index].comparison(ofArgument: position), [])
        default:
            return (nil, [])
        }
    }

    /// The kind of the literals among `rules` but the one at `skipped` (the first literal
    /// decides), and their text values.
    private static func hint(of rules: [JsonLogicRule], skipping skipped: Int? = nil, suggesting: Bool) -> (
        AttributeTypeHint?, [String]
    ) {
        var kind: AttributeTypeHint?
        var texts: [String] = []
        for (index, rule) in rules.enumerated() where index != skipped {
            guard case .literal(let value) = rule else { continue }
            switch value {
            case .string(let text):
                if kind == nil { kind = .text }
                if suggesting, !texts.contains(text) { texts.append(text) }
            case .number:
                if kind == nil { kind = .number }
            case .bool:
                if kind == nil { kind = .bool }
            default:
                continue
            }
        }
        return (kind, kind == .text ? texts : [])
    }

    /// The dotted path of `{"var": "a.b"}` or `{"var": ["a.b", default]}`; `nil` when the path is
    /// computed (then the rule that computes it is visited instead).
    private static func literalPath(_ arguments: JsonLogicRule) -> String? {
        switch arguments {
        case .literal(.string(let path)): return path
        case .list, .values:
            if case .literal(.string(let path))? = arguments.listItems?.first { return path }
            return nil
        default: return nil
        }
    }

    /// The names `missing` and `missing_some` check, when written as text.
    private static func literalNames(_ rule: JsonLogicRule) -> [String] {
        switch rule {
        case .literal(.string(let name)): return [name]
        case .list, .values:
            return (rule.listItems ?? []).compactMap {
                if case .literal(.string(let name)) = $0 { return name }
                return nil
            }
        default: return []
        }
    }
}
