import Foundation

/// What a value must be to fit a flag: its type plus enum values, range and pattern (docs/providers.md).
///
/// Most flags have only a type, so the rest is kept in a box that exists only when some of it
/// is set: 16 bytes per definition instead of 64.
package struct ValueRules: Sendable, Hashable {
    /// The enum values, range and pattern; never all empty (`nil` instead).
    private struct Limits: RarelySetFields {
        var values: [String] = []
        var minimum: Double?
        var maximum: Double?
        var pattern: String?
        var acceptsAnyJSON = false
        var textKind: TextKind?
    }

    /// What a pattern means, in words people know: a string that must be a version says so,
    /// and shows an example, instead of its regular expression.
    package struct TextKind: Sendable, Hashable {
        /// The kind's name, as an editor's label and `get` show it (`version`).
        package var name: String
        /// A value of the kind (`17.4.1`).
        package var example: String

        /// Creates a kind.
        package init(name: String, example: String) {
            self.name = name
            self.example = example
        }
    }

    /// The flag's type.
    package var type: FlagType
    private var limits: Indirect<Limits>?

    /// Allowed values of an enum flag.
    package var values: [String] {
        get { limits?.value.values ?? [] }
        set { Indirect.update(&limits) { $0.values = newValue } }
    }
    /// Inclusive lower bound of an int or double flag.
    package var minimum: Double? {
        get { limits?.value.minimum }
        set { Indirect.update(&limits) { $0.minimum = newValue } }
    }
    /// Inclusive upper bound of an int or double flag.
    package var maximum: Double? {
        get { limits?.value.maximum }
        set { Indirect.update(&limits) { $0.maximum = newValue } }
    }
    /// A regular expression a string value must match in full.
    package var pattern: String? {
        get { limits?.value.pattern }
        set { Indirect.update(&limits) { $0.pattern = newValue } }
    }

    /// What the pattern means, when it stands for a kind of text people know (a version).
    package var textKind: TextKind? {
        get { limits?.value.textKind }
        set { Indirect.update(&limits) { $0.textKind = newValue } }
    }

    /// The type as people read it beside a key: the text's kind when it has one (`version`).
    package var kindWord: String { textKind?.name ?? type.rawValue }

    /// Whether any JSON value fits besides text: a context attribute (docs/rules.md) keeps the JSON type
    /// its provider gives (a number, a bool, an object, a list), text sources give text, and what
    /// people type is JSON when it parses as JSON, else text.
    package var acceptsAnyJSON: Bool {
        get { limits?.value.acceptsAnyJSON ?? false }
        set { Indirect.update(&limits) { $0.acceptsAnyJSON = newValue } }
    }

    /// Creates rules.
    package init(
        type: FlagType, values: [String] = [], minimum: Double? = nil, maximum: Double? = nil, pattern: String? = nil
    ) {
        self.type = type
        limits = .boxed(Limits(values: values, minimum: minimum, maximum: maximum, pattern: pattern))
    }

    /// The rules of a context attribute: text, or any JSON value (see ``acceptsAnyJSON``).
    package static var anyJSON: ValueRules {
        var rules = ValueRules(type: .string)
        rules.acceptsAnyJSON = true
        return rules
    }

    /// Words `set` and text-based providers accept for bools.
    package static let trueWords: Set<String> = ["true", "on", "yes", "1"]
    /// Words `set` and text-based providers accept for bools.
    package static let falseWords: Set<String> = ["false", "off", "no", "0"]

    /// Reads a native value from a YAML/JSON node (blueprint defaults, JSON providers).
    /// A quoted `"true"` is text, not a bool: JSON files carry real types.
    package func value(from node: SourceNode) -> Result<FlagValue, ValueError> {
        let found = node.kindDescription
        switch type {
        case .bool:
            if node.isPlainScalar, let text = node.scalarText, let bool = PlainScalar.bool(text) {
                return fitted(.bool(bool))
            }
            return .failure(ValueError("expected a bool (true or false), found \(found)\(quotedHint(node))"))
        case .int:
            if node.isPlainScalar, let text = node.scalarText, let int = PlainScalar.int(text) {
                return fitted(.int(int))
            }
            if node.isPlainScalar, let text = node.scalarText, PlainScalar.double(text) != nil {
                return .failure(ValueError("expected a whole number, found \(text)"))
            }
            return .failure(ValueError("expected a whole number, found \(found)\(quotedHint(node))"))
        case .double:
            if node.isPlainScalar, let text = node.scalarText, let double = PlainScalar.number(text) {
                return fitted(.double(double))
            }
            return .failure(ValueError("expected a number, found \(found)\(quotedHint(node))"))
        case .string, .enum, .date, .url:
            guard let text = node.scalarText, !node.isNull else {
                return .failure(ValueError("expected \(typeDescription), found \(found)"))
            }
            if node.isPlainScalar, PlainScalar.bool(text) != nil || PlainScalar.number(text) != nil {
                return .failure(
                    ValueError("expected \(typeDescription), found \(found) \(text); quote it to make it text"))
            }
            return value(fromText: text, lenientBools: false)
        case .json:
            return .success(.json(JSONValue(node)))
        }
    }

    /// Checks a native JSON value (JSON, plist and flagd providers carry real types).
    package func value(fromJSON json: JSONValue) -> Result<FlagValue, ValueError> {
        if acceptsAnyJSON, let value = Self.anyJSONValue(json) { return .success(value) }
        switch (type, json) {
        case (.bool, .bool(let bool)): return .success(.bool(bool))
        case (.int, .int(let int)): return fitted(.int(int))
        case (.double, .int(let int)): return fitted(.double(Double(int)))
        case (.double, .double(let double)): return fitted(.double(double))
        case (.string, .string(let text)), (.enum, .string(let text)), (.date, .string(let text)),
            (.url, .string(let text)):
            return value(fromText: text, lenientBools: false)
        case (.json, _): return .success(.json(json))
        default:
            return .failure(ValueError("expected \(typeDescription), found \(Self.describe(json))"))
        }
    }

    /// Checks a provider's raw value against these rules.
    package func value(from raw: RawValue) -> Result<FlagValue, ValueError> {
        switch raw {
        case .native(let json): return value(fromJSON: json)
        // Text sources give text: an environment variable "42" stays the text "42" (docs/rules.md).
        case .text(let text) where acceptsAnyJSON: return .success(.string(text))
        case .text(let text): return value(fromText: text)
        }
    }

    /// A context attribute's value as it is kept: text as text, `null` as no value, any other
    /// JSON value as JSON.
    private static func anyJSONValue(_ json: JSONValue) -> FlagValue? {
        switch json {
        case .null: return nil
        case .string(let text): return .string(text)
        default: return .json(json)
        }
    }

    private static func describe(_ json: JSONValue) -> String {
        switch json {
        case .null: return "null"
        case .bool(let bool): return "a bool (\(bool))"
        case .int(let int): return "a whole number (\(int))"
        case .double(let double): return "a number (\(JSONValue.format(double)))"
        case .string(let text): return "text \"\(text)\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }

    /// `text` without leading and trailing spaces and tabs (and Unicode spaces); free when it
    /// starts and ends with a visible ASCII character, as numbers in provider files do.
    static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        func visible(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
        return visible(first) && visible(last) ? text : text.trimmingCharacters(in: .whitespaces)
    }

    /// Parses text by type: environment variables, Firebase strings, and `set`'s argument;
    /// `lenientBools` takes `on`, `yes` and `1` for true (what people type), files give `true`.
    package func value(fromText text: String, lenientBools: Bool = true) -> Result<FlagValue, ValueError> {
        if acceptsAnyJSON {
            // What people type for an attribute is JSON when it parses (42, true, {"a":1},
            // "quoted text"), else the text itself.
            guard let value = Self.anyJSONValue(JSONValue(parsingOrText: text)) else {
                return .failure(ValueError("null is no value; reset the key to leave it unset"))
            }
            return .success(value)
        }
        switch type {
        case .bool:
            let word = text.lowercased()
            if lenientBools ? Self.trueWords.contains(word) : word == "true" { return .success(.bool(true)) }
            if lenientBools ? Self.falseWords.contains(word) : word == "false" { return .success(.bool(false)) }
            return .failure(ValueError("'\(text)' is not a bool; use true/false, on/off, yes/no or 1/0"))
        case .int:
            guard let int = Int(Self.trimmed(text)) else {
                return .failure(ValueError("'\(text)' is not a whole number\(rangeHint)"))
            }
            return fitted(.int(int))
        case .double:
            guard let double = PlainScalar.number(Self.trimmed(text)) else {
                return .failure(ValueError("'\(text)' is not a number\(rangeHint)"))
            }
            return fitted(.double(double))
        case .string, .enum:
            return fitted(.string(text))
        case .date:
            guard FlagDate.parse(text) != nil else {
                return .failure(ValueError("'\(text)' is not a date; write YYYY-MM-DD or 2026-03-01T09:30:00Z"))
            }
            return .success(.date(text))
        case .url:
            guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty, !text.utf8.contains(0x20)
            else {
                return .failure(ValueError("'\(text)' is not a URL with a scheme, such as https://example.com"))
            }
            return .success(.url(text))
        case .json:
            do {
                return .success(.json(JSONValue(try JSONReader.parse(text))))
            } catch {
                return .failure(ValueError("not valid JSON: \(error.message) at column \(error.location.column)"))
            }
        }
    }

    /// The value when it respects the enum values, range and pattern.
    package func fitted(_ value: FlagValue) -> Result<FlagValue, ValueError> {
        if let problem = problem(with: value) { return .failure(problem) }
        return .success(value)
    }

    /// Why a typed value does not fit these rules, or `nil` when it does.
    package func problem(with value: FlagValue) -> ValueError? {
        switch (type, value) {
        case (.bool, .bool), (.date, .date), (.url, .url), (.json, .json):
            return nil
        case (.string, .json) where acceptsAnyJSON:
            return nil
        case (.int, .int(let int)):
            return rangeProblem(Double(int), text: String(int))
        case (.double, .double(let double)):
            return rangeProblem(double, text: value.displayText)
        case (.double, .int(let int)):
            return rangeProblem(Double(int), text: String(int))
        case (.enum, .string(let text)):
            guard values.contains(text) else {
                return ValueError(
                    "'\(text)' is not one of \(values.joined(separator: ", "))\(Suggestion.hint(for: text, in: values))"
                )
            }
            return nil
        case (.string, .string(let text)):
            guard let pattern else { return nil }
            guard let regex = try? Regex(pattern) else { return nil }  // a bad pattern is its own diagnostic
            if (try? regex.wholeMatch(in: text)) == nil {
                if let kind = textKind {
                    return ValueError("'\(text)' is not a \(kind.name): type one, such as \(kind.example)")
                }
                return ValueError("'\(text)' does not match the pattern \(pattern)")
            }
            return nil
        default:
            return ValueError("expected \(typeDescription), found \(value.displayText)")
        }
    }

    /// "a bool", "a whole number" … for messages.
    package var typeDescription: String {
        switch type {
        case .bool: return "a bool"
        case .int: return "a whole number"
        case .double: return "a number"
        case .string: return acceptsAnyJSON ? "text or any JSON value" : "text"
        case .enum: return "one of \(values.joined(separator: ", "))"
        case .date: return "a date"
        case .url: return "a URL"
        case .json: return "JSON"
        }
    }

    private var rangeHint: String {
        switch (minimum, maximum) {
        case (let low?, let high?):
            return " (allowed: \(Self.number(low, for: type)) to \(Self.number(high, for: type)))"
        case (let low?, nil): return " (allowed: at least \(Self.number(low, for: type)))"
        case (nil, let high?): return " (allowed: at most \(Self.number(high, for: type)))"
        default: return ""
        }
    }

    private func rangeProblem(_ number: Double, text: @autoclosure () -> String) -> ValueError? {
        if let minimum, number < minimum { return ValueError("\(text()) is below the minimum\(rangeHint)") }
        if let maximum, number > maximum { return ValueError("\(text()) is above the maximum\(rangeHint)") }
        return nil
    }

    private func quotedHint(_ node: SourceNode) -> String {
        guard let text = node.scalarText, !node.isPlainScalar else { return "" }
        if type == .bool, PlainScalar.bool(text) != nil { return " \"\(text)\"; remove the quotes" }
        if type == .int || type == .double, PlainScalar.number(text) != nil { return " \"\(text)\"; remove the quotes" }
        return " \"\(text)\""
    }

    /// A bound printed as the flag's type writes it (`3` for ints, `0.5` for doubles).
    package static func number(_ value: Double, for type: FlagType) -> String {
        if type == .int, value == value.rounded(), abs(value) < 1e18 { return String(Int(value)) }
        return JSONValue.format(value)
    }
}

/// Why a value does not fit a flag.
package struct ValueError: Error, Sendable, Hashable {
    /// What is wrong and what is allowed.
    package var message: String

    /// Creates the error.
    package init(_ message: String) { self.message = message }
}
