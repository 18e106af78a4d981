/// flagd's `starts_with`: `[text, prefix]`, both text, compared byte for byte; anything else
/// (a number, one argument) gives `null`, so the default variant applies.
enum StartsWithOperator: JsonLogicCustomOperator {
    static let name = "starts_with"

    static func check(_ arguments: SourceNode, shown: () -> String, report: (String, TextLocation?) -> Void) {
        StringAffix.check(arguments, shown: shown, report: report)
    }

    /// The attribute is the text looked at.
    static func comparison(ofArgument position: Int) -> AttributeTypeHint? { position == 0 ? .text : nil }

    static func evaluate(_ arguments: LogicValue, in evaluation: inout JsonLogicEvaluation) -> CustomOperatorResult {
        StringAffix.compare(arguments, operator: name, UTF8Bytes.hasPrefix)
    }
}

/// The shared argument handling of `starts_with` and `ends_with`.
enum StringAffix {
    /// `[attribute, text]`, both text or rules, as flagd's schema says.
    static func check(_ arguments: SourceNode, shown: () -> String, report: (String, TextLocation?) -> Void) {
        guard let items = arguments.sequence, items.count == 2 else {
            report("\(shown()) takes 2 arguments: the attribute and the text", arguments.location)
            return
        }
        for item in items where !FlagdSchema.isText(item) && item.mapping == nil {
            report("\(shown()) compares text: found \(item.kindDescription)", item.location)
        }
    }

    /// `test(text, affix)` on the UTF-8 bytes when the arguments are two texts, else `null`.
    static func compare(
        _ arguments: LogicValue, operator name: String,
        _ test: (String, String) -> Bool
    ) -> CustomOperatorResult {
        guard let items = arguments.arrayItems, items.count == 2 else {
            return CustomOperatorResult(value: .null, note: "\(name) takes 2 arguments")
        }
        guard case .string(let text) = items[0] else {
            return CustomOperatorResult(value: .null, note: "\(name): the attribute is \(items[0].kindName), not text")
        }
        guard case .string(let affix) = items[1] else {
            return CustomOperatorResult(
                value: .null, note: "\(name): the value to compare with is \(items[1].kindName), not text")
        }
        return CustomOperatorResult(value: .bool(test(text, affix)))
    }
}
