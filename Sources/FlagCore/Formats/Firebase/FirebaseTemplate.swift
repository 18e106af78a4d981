import OrderedCollections

/// A Remote Config client template, read with every condition compiled once: what the
/// provider reader turns into entries, and what `validate` reports about it.
package struct FirebaseTemplate: Sendable {
    /// One parameter as the template writes it.
    package struct Parameter: Sendable {
        /// Where its name is written.
        package var location: TextLocation
        /// The parameter group it is in, if any.
        package var group: String?
        /// Its rules; `conditionalValues` is empty when it has none.
        package var rules: FirebaseParameter
        /// Why it cannot be evaluated (a condition that does not parse, a condition that does
        /// not exist): the layer is an error, the template's other parameters are not.
        package var error: String?
    }

    /// The conditions, in the template's order.
    package var conditions: [FirebaseCondition]
    /// The parameters, `parameters` first, then each group's, in file order.
    package var parameters: OrderedDictionary<String, Parameter>
    /// What `validate` reports, in file order.
    package var problems: [RuleProblem]

    /// Reads a template; only a file that is not JSON, or is not an object, fails as a whole.
    package static func read(_ bytes: [UInt8]) throws(DocumentError) -> FirebaseTemplate {
        try read(bytes, knownKeys: KnownKeys())
    }

    /// Reads the template a member at a time: the parameters, most of the file, are read one
    /// at a time and each one's nodes let go once it is made, so no tree of the whole file is
    /// ever held. Their conditions must be known first: parameters written before the
    /// conditions are read again once they are.
    static func read(_ bytes: [UInt8], knownKeys: KnownKeys) throws(DocumentError) -> FirebaseTemplate {
        var reader = FirebaseTemplateReader(bytes: bytes)
        var conditionsRead = false
        var early: (position: JSONReader.Parser<JSONReader.NodeBuilder>.Position, problems: Range<Int>)?
        var groups: SourceNode?
        let root = try JSONReader.forEachRootMember(bytes, knownKeys: knownKeys) {
            (key, _, parser) throws(DocumentError) in
            switch key {
            case "conditions":
                reader.readConditions(try parser.value(depth: 1))
                conditionsRead = true
            case "parameters":
                let position = parser.position
                let start = reader.problems.count
                try reader.readParameters(&parser, group: nil)
                if !conditionsRead { early = (position, start..<reader.problems.count) }
            case "parameterGroups":
                groups = try parser.value(depth: 1)
            default:
                _ = try parser.value(depth: 1)
            }
        }
        if case .notAnObject(let node) = root {
            throw DocumentError(
                "a Remote Config template is a JSON object with \"parameters\", found \(node.kindDescription)",
                at: node.location)
        }
        if let early, conditionsRead {
            // The conditions came after the parameters: what was read without them goes.
            reader.problems.removeSubrange(early.problems)
            reader.parameters = [:]
            try JSONReader.reading(bytes, knownKeys: knownKeys, from: early.position) {
                parser throws(DocumentError) in try reader.readParameters(&parser, group: nil)
            }
        }
        if let groups, !groups.isNull {
            guard let pairs = groups.mapping else {
                throw DocumentError("\"parameterGroups\" must be an object of group names", at: groups.location)
            }
            for (groupKey, group) in pairs {
                var groupParameters = group["parameters"]
                try reader.readParameters(&groupParameters, group: groupKey.scalarText)
            }
        }
        reader.problems.sort { ($0.location ?? .start) < ($1.location ?? .start) }
        return FirebaseTemplate(conditions: reader.conditions, parameters: reader.parameters, problems: reader.problems)
    }
}

/// The reading of one template.
private struct FirebaseTemplateReader {
    let bytes: [UInt8]
    var conditions: [FirebaseCondition] = []
    var conditionIndex: [String: Int] = [:]
    var parameters = OrderedDictionary<String, FirebaseTemplate.Parameter>()
    var problems: [RuleProblem] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func report(_ message: String, at location: TextLocation?) {
        problems.append(RuleProblem(message, at: location))
    }

    mutating func readConditions(_ node: SourceNode?) {
        guard let node, !node.isNull else { return }
        guard let items = node.sequence else {
            report("\"conditions\" is a list of named conditions, found \(node.kindDescription)", at: node.location)
            return
        }
        for item in items {
            guard item.mapping != nil, let nameNode = item["name"], let name = nameNode.scalarText, !name.isEmpty else {
                report("each condition is an object with a \"name\" and an \"expression\"", at: item.location)
                continue
            }
            let shownName = TerminalText.capped(name, limit: 80)
            guard let expressionNode = item["expression"], case .scalar(let expression, true) = expressionNode.content
            else {
                report(
                    "condition '\(shownName)' has no \"expression\" text",
                    at: item["expression"]?.location ?? nameNode.location)
                conditions.append(
                    FirebaseCondition(
                        name: name, expression: "", location: nameNode.location, clauses: [],
                        problem: RuleProblem("it has no expression", at: nameNode.location)))
                continue
            }
            var condition = FirebaseCondition(
                name: name, expression: expression, location: expressionNode.location, clauses: [])
            do {
                condition.clauses = try FirebaseConditionParser.parse(expression)
            } catch {
                let location = JSONStringPositions.location(
                    ofScalar: error.offset, inStringAt: expressionNode.location, bytes: bytes)
                condition.problem = RuleProblem(error.message, at: location)
                report("condition '\(shownName)': \(error.message)", at: location)
            }
            if conditionIndex[name] != nil {
                report(
                    "condition '\(shownName)' is defined twice; names of conditions are unique", at: nameNode.location)
            } else {
                conditionIndex[name] = conditions.count
            }
            conditions.append(condition)
        }
    }

    /// A node whose part of a tree was read and let go.
    static let spent = SourceNode(.sequence([]), at: .start)

    /// Reads the parameters of `node`, taken (it is `nil` afterwards): when nothing else holds
    /// that part of the tree, each parameter's nodes are let go as soon as it is read.
    mutating func readParameters(_ node: inout SourceNode?, group: String?) throws(DocumentError) {
        guard let found = node, !found.isNull else { return }
        guard var pairs = found.mapping else {
            throw DocumentError("\"parameters\" must be an object of parameter names", at: found.location)
        }
        node = nil
        _ = consume found
        parameters.reserveCapacity(parameters.count + pairs.count)
        for index in pairs.indices {
            let (key, parameter) = pairs[index]
            pairs[index] = (Self.spent, Self.spent)
            guard let name = key.scalarText else { continue }
            readParameter(name, at: key.location, parameter, group: group)
        }
    }

    /// Reads the parameters at the parser, a parameter at a time, each one's nodes let go once
    /// it is read.
    mutating func readParameters(
        _ parser: inout JSONReader.Parser<JSONReader.NodeBuilder>, group: String?
    ) throws(DocumentError) {
        guard parser.bytes[parser.offset] == UInt8(ascii: "{") else {
            var node: SourceNode? = try parser.value(depth: 1)
            try readParameters(&node, group: group)
            return
        }
        try parser.forEachMember(depth: 2) { (name, location, parser) throws(DocumentError) in
            readParameter(name, at: location, try parser.value(depth: 2), group: group)
        }
    }

    /// Reads the parameter `name`, written at `location`, with the conditions read so far.
    mutating func readParameter(_ name: String, at location: TextLocation, _ parameter: SourceNode, group: String?) {
        var errors: [String] = []
        var conditionalValues: [FirebaseParameter.ConditionalValue] = []
        for (conditionKey, conditional) in parameter["conditionalValues"]?.mapping ?? [] {
            let conditionName = conditionKey.scalarText ?? ""
            let shownName = TerminalText.capped(conditionName, limit: 80)
            guard let index = conditionIndex[conditionName] else {
                let message =
                    "parameter '\(TerminalText.capped(name, limit: 80))' has a value for condition '\(shownName)', which the template does not define"
                report(message, at: conditionKey.location)
                errors.append("it has a value for condition '\(shownName)', which the template does not define")
                continue
            }
            if let problem = conditions[index].problem {
                errors.append("condition '\(shownName)' cannot be evaluated: \(problem.message)")
            }
            conditionalValues.append(
                FirebaseParameter.ConditionalValue(conditionIndex: index, value: value(of: conditional)))
        }
        let defaultNode = parameter["defaultValue"]
        let rules = FirebaseParameter(
            conditions: conditions, conditionalValues: conditionalValues,
            defaultValue: defaultNode.flatMap(writtenValue(of:)))
        parameters[name] = FirebaseTemplate.Parameter(
            location: location, group: group, rules: rules, error: errors.first)
    }

    /// `{"value": "…"}` or `{"useInAppDefault": true}`; `nil` when it is neither.
    private func writtenValue(of node: SourceNode) -> FirebaseParameter.Value? {
        if let text = node["value"]?.scalarText { return .text(text) }
        if node["useInAppDefault"]?.scalarText == "true" { return .inAppDefault }
        return nil
    }

    private func value(of node: SourceNode) -> FirebaseParameter.Value {
        writtenValue(of: node) ?? .inAppDefault
    }
}

/// Where the characters of a JSON string are in its file: a condition's problem is at the
/// expression's position plus the offset inside it, counting every escape as written.
enum JSONStringPositions {
    /// The location of the decoded scalar at `offset` in the string whose opening quote is at
    /// `quote`; just past the string's last character when `offset` is its length.
    static func location(ofScalar offset: Int, inStringAt quote: TextLocation, bytes: [UInt8]) -> TextLocation {
        var lineStart = 0
        var line = 1
        var index = 0
        while line < quote.line, index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A || (byte == 0x0D && (index >= bytes.count || bytes[index] != 0x0A)) {
                line += 1
                lineStart = index
            }
        }
        var lineEnd = lineStart
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
        let scalars = Array(String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self).unicodeScalars)
        // The scalar after the opening quote, then one written character per decoded one.
        var raw = quote.column
        var decoded = 0
        while decoded < offset, raw < scalars.count, scalars[raw] != "\"" {
            if scalars[raw] == "\\", raw + 1 < scalars.count {
                if scalars[raw + 1] == "u" {
                    let isPair =
                        raw + 7 < scalars.count && scalars[raw + 6] == "\\" && scalars[raw + 7] == "u"
                        && (0xD8...0xDB).contains(
                            Int(String(String.UnicodeScalarView(scalars[(raw + 2)...(raw + 3)])), radix: 16) ?? 0)
                    raw += isPair ? 12 : 6
                } else {
                    raw += 2
                }
            } else {
                raw += 1
            }
            decoded += 1
        }
        return TextLocation(line: quote.line, column: raw + 1)
    }
}
