extension LaunchDarklyDataReader {
    /// Reports a part of the wrong type; what is being read cannot be evaluated
    /// (`MALFORMED_FLAG`). Returns the reason.
    @discardableResult
    mutating func wrongType(_ node: SourceNode, _ what: String, _ expected: String) -> String {
        let message = "\(what) is \(expected), found \(node.kindDescription)"
        report("\(message): evaluating \(subject) is MALFORMED_FLAG", at: node.location)
        if malformation == nil { malformation = message }
        return message
    }

    /// Text; `nil` when absent, null or (reported) not text.
    mutating func text(_ node: SourceNode?, _ what: String) -> String? {
        guard let node, !node.isNull else { return nil }
        guard case .scalar(let text, true) = node.content else {
            wrongType(node, what, "text")
            return nil
        }
        return text
    }

    /// A bool; `nil` when absent, null or (reported) not a bool.
    mutating func bool(_ node: SourceNode?, _ what: String) -> Bool? {
        guard let node, !node.isNull else { return nil }
        guard case .scalar(let text, false) = node.content, let value = PlainScalar.bool(text) else {
            wrongType(node, what, "a bool")
            return nil
        }
        return value
    }

    /// A whole number; `nil` when absent, null or (reported) not a whole number.
    mutating func integer(_ node: SourceNode?, _ what: String) -> Int? {
        guard let node, !node.isNull else { return nil }
        if case .scalar(let text, false) = node.content {
            if let value = PlainScalar.int(text) { return value }
            if let value = PlainScalar.double(text), value == value.rounded(), abs(value) < 1e15 { return Int(value) }
        }
        wrongType(node, what, "a whole number")
        return nil
    }

    /// A list's items; none when absent or null, reported when not a list.
    mutating func list(_ node: SourceNode?, _ what: String) -> [SourceNode] {
        guard let node, !node.isNull else { return [] }
        guard let items = node.sequence else {
            wrongType(node, what, "a list")
            return []
        }
        return items
    }

    /// A list of texts; each item that is not text is reported.
    mutating func texts(_ node: SourceNode?, _ what: String) -> [String] {
        list(node, what).compactMap { text($0, "an item of \(what)") }
    }

    /// Text in quotes, capped, for messages.
    static func quoted(_ text: String) -> String {
        LaunchDarklyEvaluation.quoted(text)
    }
}
