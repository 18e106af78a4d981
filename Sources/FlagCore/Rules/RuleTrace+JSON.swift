/// The trace as `get --json` writes it on a layer (docs/rules.md): `variant`, `reason`,
/// `sourceReason` where the format has its own, `steps`
/// (`rule`, `result`, `reads` with `null` for unset keys, and `note`, `bucket`, `split` where
/// there are some), and `errorCode`/`error` when the rules failed.
extension RuleTrace {
    /// The trace as JSON.
    package var json: JSONValue {
        var object: [(String, JSONValue)] = []
        if let variant { object.append(("variant", .string(variant))) }
        object.append(("reason", .string(reason.rawValue)))
        if let sourceReason { object.append(("sourceReason", sourceReason.json)) }
        if let errorCode { object.append(("errorCode", .string(errorCode))) }
        if let errorMessage { object.append(("error", .string(errorMessage))) }
        object.append(("steps", .array(steps.map(\.json))))
        return .object(.init(uniqueKeysWithValues: object))
    }
}

extension RuleStep {
    /// The step as JSON.
    package var json: JSONValue {
        var object: [(String, JSONValue)] = [("rule", .string(rule)), ("result", result ?? .null)]
        if !reads.isEmpty {
            object.append(
                (
                    "reads",
                    .object(
                        .init(
                            reads.map { ($0.key, $0.value.map(Self.shown) ?? .null) },
                            uniquingKeysWith: { first, _ in first }))
                ))
        }
        if let note { object.append(("note", .string(note))) }
        if let split {
            object.append(("bucket", .double((split.bucket * 10).rounded() / 10)))
            object.append(
                (
                    "split",
                    .array(
                        split.shares.map { share in
                            .object([
                                "name": .string(share.name), "weight": LogicValue.number(share.weight).json,
                                "percent": LogicValue.number((share.percent * 10).rounded() / 10).json,
                            ])
                        })
                ))
            if let chosen = split.chosen { object.append(("chosen", .string(chosen))) }
        }
        return .object(.init(uniqueKeysWithValues: object))
    }

    /// The longest text and list a read is shown with: a context value can be megabytes
    /// (`--context-file`), and the trace says what was read, not the whole of it.
    static let shownTextLimit = 1_000
    static let shownItemLimit = 100

    /// `value` as the trace shows it: text past the limit cut with `…`, a list past the limit
    /// cut with a last item saying how many more there are.
    static func shown(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text) where text.utf8.count > shownTextLimit:
            return .string(TerminalText.capped(text, limit: shownTextLimit))
        case .array(let items) where items.count > shownItemLimit:
            return .array(items.prefix(shownItemLimit).map(shown) + [.string("… \(items.count - shownItemLimit) more")])
        case .array(let items):
            return .array(items.map(shown))
        case .object(let fields):
            return .object(fields.mapValues(shown))
        default:
            return value
        }
    }
}
