/// One operation of a compiled rule: `{"name": arguments}`.
///
/// One reference to storage that never changes once compiled, so that taking an operation out
/// of a rule to evaluate it (for every flag and context) costs a retain, not a copy of its
/// name, arguments and place. Its arguments live in the same allocation, after its header (a
/// `ManagedBuffer`): the items of a written list, or the one argument written alone. A list of
/// their own was a second allocation for nearly every operation of every flag, kept for as long
/// as the file is loaded and followed at every evaluation.
package struct JsonLogicOperation: @unchecked Sendable, Hashable {
    // Unchecked: the storage is a `ManagedBuffer`, which cannot be `Sendable`, but nothing
    // writes to it after `make` returns.
    private let storage: Storage

    /// What an operation is, apart from its arguments. The name of one of JsonLogic's own
    /// operators is its kind's (16 bytes less for every operation); a dialect's or an unknown
    /// operator's name is stored after the arguments, as a value (a short name needs no
    /// allocation of its own).
    struct Header {
        /// Which operator it is.
        let kind: JsonLogicOperatorKind
        /// Whether the arguments are the items of a list written as the argument; otherwise
        /// the one rule stored is the argument as written (`{"var": "email"}`, `{"!": {…}}`).
        let isList: Bool
        /// How many argument rules are stored after the header.
        let count: Int32
        /// Where the operator's name is written (every compiled operation has a place, so it
        /// is not optional: the header is 16 bytes, where an optional place made it 24).
        let location: TextLocation
    }

    /// The header and, after it, the argument rules.
    fileprivate final class Storage: ManagedBuffer<Header, JsonLogicRule> {
        deinit {
            _ = withUnsafeMutablePointers { header, elements in
                elements.deinitialize(count: Int(header.pointee.count) + (header.pointee.kind.storesName ? 1 : 0))
            }
        }
    }

    /// An operation whose argument is written as a list: the list's rules are moved into the
    /// operation (without a retain and a release each) and `items` left empty.
    static func make(
        name: String, kind: JsonLogicOperatorKind, movingItemsOf items: inout [JsonLogicRule], location: TextLocation
    ) -> JsonLogicOperation {
        let count = items.count
        let operation = make(name: name, kind: kind, isList: true, count: count, location: location) { elements in
            items.withUnsafeMutableBufferPointer { source in
                guard let start = source.baseAddress else { return }
                elements.moveInitialize(from: start, count: count)
                // What is left behind holds nothing to release.
                start.initialize(repeating: .literal(.null), count: count)
            }
        }
        items = []
        return operation
    }

    /// An operation whose argument is `argument` as written (a list's items are stored in place).
    static func make(name: String, kind: JsonLogicOperatorKind, argument: JsonLogicRule, location: TextLocation)
        -> JsonLogicOperation
    {
        if case .list(var items) = argument {
            return make(name: name, kind: kind, movingItemsOf: &items, location: location)
        }
        return make(name: name, kind: kind, isList: false, count: 1, location: location) {
            $0.initialize(to: argument)
        }
    }

    /// An operation whose `count` argument rules `initialize` puts in place (a custom or an
    /// unknown operator's name goes after them).
    private static func make(
        name: String, kind: JsonLogicOperatorKind, isList: Bool, count: Int, location: TextLocation,
        initialize: (UnsafeMutablePointer<JsonLogicRule>) -> Void
    ) -> JsonLogicOperation {
        let header = Header(kind: kind, isList: isList, count: Int32(count), location: location)
        let buffer = Storage.create(minimumCapacity: count + (kind.storesName ? 1 : 0)) { _ in header }
        buffer.withUnsafeMutablePointerToElements { elements in
            initialize(elements)
            if kind.storesName { (elements + count).initialize(to: .literal(.string(name))) }
        }
        return JsonLogicOperation(storage: unsafeDowncast(buffer, to: Storage.self))
    }

    /// The operator as written.
    package var name: String {
        storage.withUnsafeMutablePointers { header, elements in
            switch header.pointee.kind {
            case .standard(let op): return op.name
            case .custom, .unknown:
                guard case .literal(.string(let name)) = elements[Int(header.pointee.count)] else { return "" }
                return name
            }
        }
    }
    /// Which operator it is.
    var kind: JsonLogicOperatorKind { storage.withUnsafeMutablePointerToHeader { $0.pointee.kind } }
    /// Where the operator's name is written.
    package var location: TextLocation? { storage.withUnsafeMutablePointerToHeader { $0.pointee.location } }

    /// The arguments as written, compiled (a list made anew each time: for showing and
    /// walking a rule, not for evaluating it).
    package var arguments: JsonLogicRule {
        let stored = stored
        return stored.isList ? .list(stored.rules) : stored.rules[0]
    }

    /// The one argument, when it is not written as a list.
    var singleArgument: JsonLogicRule? {
        storage.withUnsafeMutablePointers { header, elements in header.pointee.isList ? nil : elements.pointee }
    }

    /// The argument rules, read where they lie, when they are written as a list (a list of
    /// values gives each value); `nil` when the argument is not a list.
    var argumentItems: Arguments? {
        let (isList, single) = storage.withUnsafeMutablePointers { header, elements in
            (header.pointee.isList, header.pointee.isList ? nil : elements.pointee)
        }
        if isList { return Arguments(storage) }
        if case .values(let values) = single { return Arguments(values) }
        return nil
    }

    /// The argument rules when they are written as a list (a list of values gives each value),
    /// as a list of their own.
    var argumentList: [JsonLogicRule]? {
        argumentItems.map(Array.init)
    }

    /// Calls `body` with the argument rules where they lie and how many are written as a list's
    /// items (`nil`: one rule, the argument written alone), the operation held meanwhile.
    func withStoredArguments<Result, Failure: Error>(
        _ body: (UnsafeMutablePointer<JsonLogicRule>, Int?) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let (elements, count) = storage.withUnsafeMutablePointers { header, elements in
            (elements, header.pointee.isList ? Int(header.pointee.count) : nil)
        }
        defer { withExtendedLifetime(storage) {} }
        return try body(elements, count)
    }

    /// The rules written in an operation's list of arguments, read in place (or, for a list
    /// of values, each value as a rule).
    struct Arguments: RandomAccessCollection {
        /// Holds the operation's storage, and so its arguments, for as long as this is kept.
        private let storage: Storage?
        private let elements: UnsafeMutablePointer<JsonLogicRule>?
        private let values: [LogicValue]
        let endIndex: Int
        var startIndex: Int { 0 }

        /// The items stored after the header.
        fileprivate init(_ storage: Storage) {
            self.storage = storage
            (elements, endIndex) = storage.withUnsafeMutablePointers { ($1, Int($0.pointee.count)) }
            values = []
        }

        /// The values of a list of values.
        init(_ values: [LogicValue]) {
            (storage, elements) = (nil, nil)
            self.values = values
            endIndex = values.count
        }

        subscript(position: Int) -> JsonLogicRule {
            precondition(position >= 0 && position < endIndex, "argument index out of range")
            guard let elements else { return .literal(values[position]) }
            return elements[position]
        }
    }

    /// The rules stored after the header, and whether they are a written list's items.
    private var stored: (isList: Bool, rules: [JsonLogicRule]) {
        storage.withUnsafeMutablePointers { header, elements in
            (header.pointee.isList, Array(UnsafeBufferPointer(start: elements, count: Int(header.pointee.count))))
        }
    }

    package static func == (left: JsonLogicOperation, right: JsonLogicOperation) -> Bool {
        left.storage === right.storage
            || (left.name == right.name && left.kind == right.kind && left.location == right.location
                && left.stored == right.stored)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(location)
        let stored = stored
        hasher.combine(stored.isList)
        hasher.combine(stored.rules)
    }
}

/// Which operator an operation is: one of JsonLogic's own, one a dialect added (by its number in
/// the dialect's ``JsonLogicOperators``), or one nobody knows.
enum JsonLogicOperatorKind: Sendable, Hashable {
    case standard(JsonLogicOperator)
    case custom(UInt8)
    case unknown

    /// Whether the operator's name is stored with the operation: JsonLogic's own are named by
    /// their kind; a custom operator's name is its dialect's, and an unknown one's as written.
    var storesName: Bool {
        if case .standard = self { return false }
        return true
    }
}

/// JsonLogic's operators, as the Go evaluator (diegoholiveira/jsonlogic) registers them,
/// numbered in the order listed: an operator's number is its row in tables of them (its name
/// here, how ``JsonLogicEvaluation`` applies it), found without hashing its name.
enum JsonLogicOperator: UInt8, Sendable, Hashable, CaseIterable {
    case variable, missing, missingSome, ifThenElse, ternary
    case equal, strictEqual, notEqual, strictNotEqual, not, truthy, or, and
    case less, lessOrEqual, greater, greaterOrEqual
    case max, min, plus, minus, times, divide, modulo, abs
    case map, filter, reduce, all, none, some
    case merge, `in`, cat, substr, set, containsAll, containsAny, containsNone

    /// The operator's name in rules.
    var name: String { Self.names[Int(rawValue)] }

    /// Each operator's name in rules, line for line as the cases are listed.
    private static let names: [String] = [
        "var", "missing", "missing_some", "if", "?:",
        "==", "===", "!=", "!==", "!", "!!", "or", "and",
        "<", "<=", ">", ">=",
        "max", "min", "+", "-", "*", "/", "%", "abs",
        "map", "filter", "reduce", "all", "none", "some",
        "merge", "in", "cat", "substr", "set", "contains_all", "contains_any", "contains_none",
    ]
}
