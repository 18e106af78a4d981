/// A JsonLogic rule written the way people read it, for the trace: `email ends_with
/// "@example.com"`, `version sem_ver >= "2.0.0"`, `fractional(…)`; anything unusual as its JSON.
enum RuleText {
    /// How long a step's rule text may get.
    static let limit = 240

    /// The rule in words, cut to ``limit``.
    static func describe(_ rule: JsonLogicRule) -> String {
        TerminalText.capped(text(rule, nested: false), limit: limit)
    }

    private static func text(_ rule: JsonLogicRule, nested: Bool) -> String {
        switch rule {
        case .literal(let value): return literal(value)
        case .list, .values:
            return "[" + (rule.listItems ?? []).map { text($0, nested: false) }.joined(separator: ", ") + "]"
        case .reference(let name, _, _): return "$ref \(name)"
        case .invalid(let message, _): return "(\(message))"
        case .operation(let operation):
            guard let written = infix(operation) else { return call(operation) }
            // An attribute name reads alone; other infix words are bracketed inside others.
            return nested && operation.name != "var" && !written.hasPrefix("!") ? "(\(written))" : written
        }
    }

    private static func literal(_ value: LogicValue) -> String {
        if case .string(let text) = value { return "\"\(text)\"" }
        return value.json.compactText(limit: 80)
    }

    private static func call(_ operation: JsonLogicOperation) -> String {
        let arguments =
            operation.argumentList.map { $0.map { text($0, nested: false) }.joined(separator: ", ") }
            ?? text(operation.arguments, nested: false)
        return "\(operation.name)(\(arguments))"
    }

    /// Operators of two operands written between them.
    private static let binaryOperators: Set<String> = [
        "==", "===", "!=", "!==", ">", ">=", "in", "starts_with", "ends_with", "%", "/",
        "map", "filter", "all", "none", "some",
    ]

    /// Comparisons, logic and the string operators read best between their operands.
    private static func infix(_ operation: JsonLogicOperation) -> String? {
        let name = operation.name
        if name == "var" { return variable(operation.arguments) }
        guard let items = operation.argumentList else {
            return name == "!" || name == "!!" ? name + text(operation.arguments, nested: true) : nil
        }
        let parts = items.map { text($0, nested: true) }
        if binaryOperators.contains(name), parts.count == 2 { return "\(parts[0]) \(name) \(parts[1])" }
        if name == "<" || name == "<=", parts.count == 2 || parts.count == 3 {
            return parts.joined(separator: " \(name) ")
        }
        if ["and", "or", "+", "*", "-"].contains(name), parts.count >= 2 {
            return parts.joined(separator: " \(name) ")
        }
        if name == "!" || name == "!!", parts.count == 1 { return name + parts[0] }
        if name == "sem_ver", parts.count == 3, case .literal(.string(let comparison)) = items[1] {
            return "\(parts[0]) sem_ver \(comparison) \(parts[2])"
        }
        if name == "if" || name == "?:", parts.count >= 2 {
            var words = "if \(parts[0]) then \(parts[1])"
            var index = 2
            while index + 1 < parts.count {
                words += " else if \(parts[index]) then \(parts[index + 1])"
                index += 2
            }
            if index < parts.count { words += " else \(parts[index])" }
            return words
        }
        return nil
    }

    private static func variable(_ arguments: JsonLogicRule) -> String {
        switch arguments {
        case .literal(.string(let path)): return path.isEmpty ? "data" : path
        case .list, .values:
            guard let items = arguments.listItems, let first = items.first else { return "data" }
            let name = text(first, nested: true).trimmingQuotes
            return items.count == 2 ? "\(name) ?? \(text(items[1], nested: true))" : name
        default: return "var(\(text(arguments, nested: false)))"
        }
    }
}

extension String {
    /// The text without the quotes `RuleText` puts around a literal.
    fileprivate var trimmingQuotes: String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
