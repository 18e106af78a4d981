import OrderedCollections

/// A flagd flag file, read and checked against flagd's schemas (`flags.json`, `flagd.json`,
/// `targeting.json`), with every flag's targeting compiled once.
///
/// Strict where it validates, faithful where it evaluates: a schema violation is a located
/// problem for `validate`, while the flag still evaluates as flagd would (a negative weight
/// counts as zero); only a definition flagd cannot use at all makes the flag an error.
package struct FlagdDocument: Sendable {
    /// The flags, in file order (a key written twice: the last definition, at the first place).
    package var flags: OrderedDictionary<String, FlagdFlag>
    /// The flag set's metadata.
    package var metadata: OrderedDictionary<String, JSONValue>
    /// What `validate` reports, in file order.
    package var problems: [RuleProblem]

    /// Reads a flagd file; only a file that is not JSON, or has no `flags`, fails as a whole.
    package static func read(_ bytes: [UInt8]) throws(DocumentError) -> FlagdDocument {
        try read(bytes, knownKeys: KnownKeys())
    }

    static func read(_ bytes: [UInt8], knownKeys: KnownKeys) throws(DocumentError) -> FlagdDocument {
        var flags = OrderedDictionary<String, FlagdFlag>()
        let (metadata, problems, _) = try read(bytes, knownKeys: knownKeys) { flags[$0.key] = $0 }
        return FlagdDocument(flags: flags, metadata: metadata, problems: problems)
    }

    /// Reads a flagd file handing each flag to `body` as it is read, so a provider of many
    /// flags never holds them all as definitions at once; gives the flag set's metadata and
    /// the problems found, and the names its rules may read (``JsonLogicCompiler/namesRead``).
    ///
    /// A flag may be handed again, with the same key, when a part of the file written after
    /// the flags changes it (`"$evaluators"` its rules refer to, the flag set's `"metadata"`):
    /// the last one handed is the flag.
    static func read(_ bytes: [UInt8], knownKeys: KnownKeys, each body: (FlagdFlag) -> Void) throws(DocumentError)
        -> (metadata: OrderedDictionary<String, JSONValue>, problems: [RuleProblem], namesRead: Set<String>)
    {
        var reader = FlagdDocumentReader(bytes: bytes, knownKeys: knownKeys)
        return try reader.read(each: body)
    }
}

/// The reading of one flagd file.
///
/// The file is read a flag at a time: each flag's part of the document is made into nodes,
/// read and let go before the next is read, so the nodes of a large file's targeting are
/// never all held at once (``JSONReader/forEachRootMember(_:knownKeys:_:)``). What the flags
/// need from the rest of the file (`"$evaluators"`, the flag set's `"metadata"`) usually comes
/// first; when it comes after them and changes them, the flags are read again.
private struct FlagdDocumentReader {
    let bytes: [UInt8]
    let knownKeys: KnownKeys
    var problems: [RuleProblem] = []

    /// The members of the document the flags depend on, as far as the reading has come.
    private var evaluators: SourceNode?
    private var setMetadata: OrderedDictionary<String, JSONValue> = [:]
    private var schema: String?
    /// The compiler of the flags' targeting, made again when the flags are reached, with the
    /// shared rules read so far.
    private var compiler = JsonLogicCompiler(evaluators: [:], dialect: .flagd)

    init(bytes: [UInt8], knownKeys: KnownKeys) {
        self.bytes = bytes
        self.knownKeys = knownKeys
    }

    mutating func report(_ message: String, at location: TextLocation?) {
        problems.append(RuleProblem(message, at: location))
    }

    /// Where the flags are and what their reading used.
    private struct FlagsRead {
        var position: JSONReader.Parser<JSONReader.NodeBuilder>.Position
        var location: TextLocation
        var isList: Bool
        /// The problems the reading of the flags reported (their range in ``problems``).
        var problems: Range<Int>
        /// Whether the shared rules and the set's metadata had been read before the flags.
        var hadEvaluators: Bool
        var hadMetadata: Bool
    }

    mutating func read(each body: (FlagdFlag) -> Void) throws(DocumentError)
        -> (metadata: OrderedDictionary<String, JSONValue>, problems: [RuleProblem], namesRead: Set<String>)
    {
        var flagsRead: FlagsRead?
        var flagsNode: SourceNode?
        var metadataRead = false
        let root = try JSONReader.forEachRootMember(bytes, knownKeys: knownKeys) {
            (key, _, parser) throws(DocumentError) in
            switch key {
            case "flags":
                let byte = parser.bytes[parser.offset]
                guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else {
                    flagsNode = try parser.value(depth: 1)
                    return
                }
                let start = problems.count
                var read = FlagsRead(
                    position: parser.position, location: parser.location(), isList: byte == UInt8(ascii: "["),
                    problems: start..<start, hadEvaluators: evaluators != nil, hadMetadata: metadataRead)
                compiler = sharedRules()
                try readFlags(&parser, isList: read.isList, each: body)
                read.problems = start..<problems.count
                flagsRead = read
            case "$evaluators":
                evaluators = try parser.value(depth: 1)
            case "metadata":
                setMetadata = metadata(try parser.value(depth: 1), of: "the flag set")
                metadataRead = true
            case "$schema":
                schema = try parser.value(depth: 1).scalarText
            default:
                _ = try parser.value(depth: 1)
            }
        }
        guard case .object = root, let flags = flagsRead else {
            let location: TextLocation
            switch root {
            case .notAnObject(let node): location = node.location
            case .object(let at): location = flagsNode?.location ?? at
            }
            throw DocumentError("a flagd file is a JSON object with \"flags\"", at: location)
        }
        if flags.isList, let schema, schema.hasSuffix("/flags.json") || schema == "flags.json" {
            report(
                "this file declares the providers' schema (flags.json), where \"flags\" is an object; the list form is flagd.json's",
                at: flags.location)
        }
        var finalCompiler = compiler
        let evaluatorsCameLate = !flags.hadEvaluators && evaluators != nil
        let metadataCameLate = !flags.hadMetadata && !setMetadata.isEmpty
        if evaluatorsCameLate || metadataCameLate {
            let compiledWithout = finalCompiler
            if evaluatorsCameLate { finalCompiler = sharedRules() }
            if (evaluatorsCameLate && compiledWithout.refersToSharedRules) || metadataCameLate {
                // What the flags were read with has changed: read them again with it.
                problems.removeSubrange(flags.problems)
                compiler = finalCompiler
                try JSONReader.reading(bytes, knownKeys: knownKeys, from: flags.position) {
                    parser throws(DocumentError) in
                    try readFlags(&parser, isList: flags.isList, each: body)
                }
                finalCompiler = compiler
            } else {
                // Nothing the flags were read with changed: the flags' own problems stand, and
                // the shared rules' are added to them.
                finalCompiler.absorb(compiledWithout)
            }
        }
        problems += finalCompiler.problems
        problems.sort { ($0.location ?? .start) < ($1.location ?? .start) }
        return (setMetadata, problems, finalCompiler.namesRead)
    }

    /// A compiler that knows the shared rules read so far, each compiled once on its own so
    /// its problems are reported where it is written even when no flag refers to it.
    private mutating func sharedRules() -> JsonLogicCompiler {
        var named: [String: SourceNode] = [:]
        if let node = evaluators {
            if let pairs = node.mapping {
                for (key, value) in pairs { named[key.scalarText ?? ""] = value }
            } else {
                report("\"$evaluators\" is an object of named rules, found \(node.kindDescription)", at: node.location)
            }
        }
        var compiler = JsonLogicCompiler(evaluators: named, dialect: .flagd)
        for name in named.keys.sorted() { compiler.compileEvaluator(name) }
        return compiler
    }

    /// Reads the flags at the parser, an object of flags by key or a list of flags with a
    /// `"key"` each, handing each to `body` once read.
    private mutating func readFlags(
        _ parser: inout JSONReader.Parser<JSONReader.NodeBuilder>, isList: Bool, each body: (FlagdFlag) -> Void
    ) throws(DocumentError) {
        if !isList {
            try parser.forEachMember(depth: 2) { (key, keyLocation, parser) throws(DocumentError) in
                let node = try parser.value(depth: 2)
                body(flag(key, at: keyLocation, node))
            }
            return
        }
        try parser.forEachItem(depth: 2) { parser throws(DocumentError) in
            let item = try parser.value(depth: 2)
            guard item.mapping != nil, let keyNode = item["key"], case .scalar(let key, true) = keyNode.content,
                !key.isEmpty
            else {
                report("each flag of a \"flags\" list is an object with a \"key\"", at: item.location)
                return
            }
            body(flag(key, at: keyNode.location, item))
        }
    }

    /// The flag `key`, written at `location`, that `node` defines: every problem reported, and
    /// the first that flagd cannot get past made the flag's error.
    private mutating func flag(_ key: String, at location: TextLocation, _ node: SourceNode) -> FlagdFlag {
        var definition = FlagdFlag(
            key: key, location: location, variants: [:], defaultVariant: nil, metadata: setMetadata)
        guard node.mapping != nil else {
            let message = "a flag is an object with \"state\" and \"variants\", found \(node.kindDescription)"
            report(message, at: node.location)
            definition.error = message
            return definition
        }
        var errors: [String] = []
        if let state = state(of: key, in: node, at: location, errors: &errors) { definition.state = state }
        definition.variants = variants(of: key, in: node, at: location, errors: &errors)
        definition.defaultVariant = defaultVariant(of: key, in: node, among: definition.variants, errors: &errors)
        if let targeting = node["targeting"] { definition.targeting = compiledTargeting(targeting) }
        for (name, value) in metadata(node["metadata"], of: "flag '\(TerminalText.capped(key, limit: 80))'") {
            definition.metadata[name] = value
        }
        definition.error = errors.first
        return definition
    }

    /// Reports a problem that makes the flag unusable, and adds it to the flag's `errors`.
    private mutating func fail(_ message: String, at location: TextLocation?, errors: inout [String]) {
        report(message, at: location)
        errors.append(message)
    }

    /// The flag's `"state"`; `nil` when it is missing (reported) or neither `ENABLED` nor
    /// `DISABLED` (an error).
    private mutating func state(
        of key: String, in node: SourceNode, at location: TextLocation, errors: inout [String]
    ) -> FlagdFlag.State? {
        guard let state = node["state"] else {
            report("flag '\(shown(key))' has no \"state\" (ENABLED or DISABLED)", at: location)
            return nil
        }
        switch state.content {
        case .scalar("ENABLED", true): return .enabled
        case .scalar("DISABLED", true): return .disabled
        default:
            fail("\"state\" is ENABLED or DISABLED, found \(shownValue(state))", at: state.location, errors: &errors)
            return nil
        }
    }

    /// The flag's `"variants"`, each value kept; values of no variant type, and values of
    /// several types, are reported. No variants at all is an error.
    private mutating func variants(
        of key: String, in node: SourceNode, at location: TextLocation, errors: inout [String]
    ) -> OrderedDictionary<String, JSONValue> {
        guard let variants = node["variants"] else {
            fail("flag '\(shown(key))' has no \"variants\"", at: location, errors: &errors)
            return [:]
        }
        guard let pairs = variants.mapping, !pairs.isEmpty else {
            let message =
                variants.mapping != nil
                ? "flag '\(shown(key))' has no variants; \"variants\" needs at least one"
                : "\"variants\" is an object of variant names to values, found \(variants.kindDescription)"
            fail(message, at: variants.location, errors: &errors)
            return [:]
        }
        var values = OrderedDictionary<String, JSONValue>()
        var firstKind: String?
        for (name, value) in pairs {
            values[name.scalarText ?? ""] = JSONValue(value)
            guard let kind = variantKind(value) else {
                report(
                    "a variant's value is a bool, a number, text or an object, found \(value.kindDescription)",
                    at: value.location)
                continue
            }
            if let firstKind, firstKind != kind {
                report(
                    "the variants of flag '\(shown(key))' mix \(firstKind) and \(kind) values; a flag has one type",
                    at: value.location)
            }
            firstKind = firstKind ?? kind
        }
        return values
    }

    /// The flag's `"defaultVariant"`: `nil` when absent, `null` or empty (flagd's "none" too).
    /// One that is not among `variants` is an error, when the flag has none already.
    private mutating func defaultVariant(
        of key: String, in node: SourceNode, among variants: OrderedDictionary<String, JSONValue>,
        errors: inout [String]
    ) -> String? {
        guard let defaultNode = node["defaultVariant"], !defaultNode.isNull else { return nil }
        guard case .scalar(let name, true) = defaultNode.content else {
            fail(
                "\"defaultVariant\" is a variant name or null, found \(defaultNode.kindDescription)",
                at: defaultNode.location, errors: &errors)
            return nil
        }
        guard !name.isEmpty else { return nil }
        if errors.isEmpty, variants[name] == nil {
            fail(
                "the default variant '\(shown(name))' is not among the variants of flag '\(shown(key))'",
                at: defaultNode.location, errors: &errors)
        }
        return name
    }

    /// The flag's `"targeting"`, compiled; `nil` for `{}`, which is no targeting.
    private mutating func compiledTargeting(_ targeting: SourceNode) -> JsonLogicRule? {
        if targeting.mapping?.isEmpty == true { return nil }
        if targeting.mapping == nil {
            report("\"targeting\" is a JsonLogic object, found \(targeting.kindDescription)", at: targeting.location)
        }
        return compiler.compile(targeting)
    }

    /// The metadata object's entries; values that are not text, numbers or bools are reported
    /// and left out.
    private mutating func metadata(_ node: SourceNode?, of owner: @autoclosure () -> String) -> OrderedDictionary<
        String, JSONValue
    > {
        guard let node, !node.isNull else { return [:] }
        guard let pairs = node.mapping else {
            report("the metadata of \(owner()) is an object, found \(node.kindDescription)", at: node.location)
            return [:]
        }
        var entries = OrderedDictionary<String, JSONValue>()
        for (key, value) in pairs {
            let name = key.scalarText ?? ""
            guard variantKind(value) != nil, value.mapping == nil else {
                report(
                    "metadata '\(shown(name))' of \(owner()) is text, a number or a bool, found \(value.kindDescription)",
                    at: value.location)
                continue
            }
            entries[name] = JSONValue(value)
        }
        return entries
    }

    /// The schema's variant types: bool, number, text, object (`nil` for lists and null).
    private func variantKind(_ node: SourceNode) -> String? {
        switch node.content {
        case .mapping: return "object"
        case .sequence: return nil
        case .scalar(let text, let quoted):
            if quoted { return "text" }
            if node.isNull { return nil }
            if PlainScalar.bool(text) != nil { return "bool" }
            return PlainScalar.number(text) != nil ? "number" : "text"
        }
    }

    private func shown(_ text: String) -> String { TerminalText.capped(text, limit: 80) }

    private func shownValue(_ node: SourceNode) -> String {
        if case .scalar(let text, true) = node.content { return "\"\(shown(text))\"" }
        return node.kindDescription
    }
}

extension FlagdDocument {
    /// The problems of a targeting rule written on its own (a file of flagd-schemas'
    /// `targeting` tests): JSON that must be an object, checked as a flag's targeting is
    /// (a `$ref` has no evaluators to name here, so it is not checked).
    package static func targetingProblems(_ bytes: [UInt8]) throws(DocumentError) -> [RuleProblem] {
        let root = try JSONReader.parse(bytes)
        guard root.mapping != nil else {
            return [RuleProblem("targeting is a JsonLogic object, found \(root.kindDescription)", at: root.location)]
        }
        var compiler = JsonLogicCompiler(evaluators: nil, dialect: .flagd)
        _ = compiler.compile(root)
        return compiler.problems
    }
}
