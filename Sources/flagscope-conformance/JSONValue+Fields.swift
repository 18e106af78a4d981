import FlagCore

extension JSONValue {
    /// The items when this is a list.
    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The text when this is a string.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
