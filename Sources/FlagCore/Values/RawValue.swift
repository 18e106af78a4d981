/// A value as a provider file holds it, before it is checked against the flag's type.
package enum RawValue: Sendable, Hashable {
    /// A typed value from a JSON, plist or flagd file.
    case native(JSONValue)
    /// Text to be parsed by the flag's type (environment variables, Firebase strings).
    case text(String)

    /// The raw value as JSON, for `get --json` (`"raw": …`).
    package var json: JSONValue {
        switch self {
        case .native(let value): return value
        case .text(let text): return .string(text)
        }
    }

    /// The raw value as people read it.
    package var displayText: String {
        switch self {
        case .native(.string(let text)): return "\"\(text)\""
        case .native(let value): return value.compactText
        case .text(let text): return "\"\(text)\""
        }
    }

    /// `displayText` cut to about `limit` characters, at a cost that does not grow with the value.
    package func preview(limit: Int) -> String {
        switch self {
        case .native(.string(let text)), .text(let text): return "\"\(TerminalText.capped(text, limit: limit))\""
        case .native(let value): return value.compactText(limit: limit)
        }
    }
}
