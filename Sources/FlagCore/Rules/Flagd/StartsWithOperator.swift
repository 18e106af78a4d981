/// flagd's `starts_with`: `[text, prefix]`, both text, compared byte for byte; anything else
/// (a number, one argument) gives `null`, so the default variant applies.
enum StartsWithOperator: FlagdOperator {
    static let name = FlagdOperatorName.startsWith

    static func evaluate(_ arguments: LogicValue, in evaluation: inout JsonLogicEvaluation) -> FlagdOperatorResult {
        StringAffix.compare(arguments, operator: name.rawValue, UTF8Bytes.hasPrefix)
    }
}

/// The shared argument handling of `starts_with` and `ends_with`.
enum StringAffix {
    /// `test(text, affix)` on the UTF-8 bytes when the arguments are two texts, else `null`.
    static func compare(
        _ arguments: LogicValue, operator name: String,
        _ test: (String, String) -> Bool
    ) -> FlagdOperatorResult {
        guard let items = arguments.arrayItems, items.count == 2 else {
            return FlagdOperatorResult(value: .null, note: "\(name) takes 2 arguments")
        }
        guard case .string(let text) = items[0] else {
            return FlagdOperatorResult(value: .null, note: "\(name): the attribute is \(items[0].kindName), not text")
        }
        guard case .string(let affix) = items[1] else {
            return FlagdOperatorResult(
                value: .null, note: "\(name): the value to compare with is \(items[1].kindName), not text")
        }
        return FlagdOperatorResult(value: .bool(test(text, affix)))
    }
}
