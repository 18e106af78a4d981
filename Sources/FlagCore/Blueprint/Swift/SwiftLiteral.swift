import Foundation
import OrderedCollections
import SwiftSyntax

/// A value written in Swift source, as far as reading (not running) it can tell.
indirect enum SwiftLiteral: Equatable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case null
    case array([SwiftLiteral])
    case dictionary([(String, SwiftLiteral)])
    /// `URL(string: "…")!`.
    case url(String)
    /// `Date(timeIntervalSince1970: …)`, as ISO 8601 text.
    case date(String)
    /// `.dark` or `Theme.dark`: an enum case by name (the type decides its raw value).
    case enumCase(String)

    static func == (lhs: SwiftLiteral, rhs: SwiftLiteral) -> Bool { lhs.json == rhs.json }

    /// The value as JSON (enum cases as their name).
    var json: JSONValue {
        switch self {
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .double(let value): return .double(value)
        case .string(let text), .url(let text), .date(let text), .enumCase(let text): return .string(text)
        case .null: return .null
        case .array(let items): return .array(items.map(\.json))
        case .dictionary(let pairs):
            var members = OrderedDictionary<String, JSONValue>()
            for (key, value) in pairs { members[key] = value.json }
            return .object(members)
        }
    }
}

/// Why a value cannot be known without compiling, and where.
struct SwiftUnknown: Error {
    /// What makes it unknowable ("calls a function").
    var reason: String
    /// The part of the expression that does.
    var node: Syntax
}

/// Reads literal values out of expressions: literals, `URL(string:)!`, dates from timestamps,
/// enum cases and constants declared with literal values in any file read.
struct SwiftLiteralReader {
    let index: SwiftIndex

    /// The value of `expression` written inside the type `owner`.
    func read(_ expression: ExprSyntax, owner: String?, depth: Int = 0) -> Result<SwiftLiteral, SwiftUnknown> {
        guard depth < 16 else { return Self.unknown("refers to itself", expression) }
        if let literal = Self.readLiteral(expression) { return literal }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return readNegation(prefix, owner: owner, depth: depth)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return read(only.expression, owner: owner, depth: depth + 1)
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            return readArray(array, owner: owner, depth: depth)
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            return readDictionary(dictionary, owner: owner, depth: depth)
        }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            return read(unwrap.expression, owner: owner, depth: depth + 1)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return readCall(call, owner: owner, depth: depth)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return readReference(reference, owner: owner, depth: depth)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return readMember(member, depth: depth)
        }
        if let closure = expression.as(ClosureExprSyntax.self) {
            return Self.unknown("is computed by a closure when the app runs", closure)
        }
        return Self.unknown("is not a literal", expression)
    }

    /// The failure that says `node` makes the value unknowable, for `reason`.
    private static func unknown(_ reason: String, _ node: some SyntaxProtocol) -> Result<SwiftLiteral, SwiftUnknown> {
        .failure(SwiftUnknown(reason: reason, node: Syntax(node)))
    }

    /// A literal written as such: a bool, a number, text or `nil`; `nil` when `expression` is
    /// none of these.
    private static func readLiteral(_ expression: ExprSyntax) -> Result<SwiftLiteral, SwiftUnknown>? {
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return .success(.bool(literal.literal.tokenKind == .keyword(.true)))
        }
        if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            guard let value = literal.representedLiteralValue else { return unknown("is too large", literal) }
            return .success(.int(value))
        }
        if let literal = expression.as(FloatLiteralExprSyntax.self) {
            guard let value = literal.representedLiteralValue else { return unknown("is not a number", literal) }
            return .success(.double(value))
        }
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            guard let text = literal.representedLiteralValue else {
                return unknown("is a string built at run time (interpolation)", literal)
            }
            return .success(.string(text))
        }
        if expression.is(NilLiteralExprSyntax.self) { return .success(.null) }
        return nil
    }

    /// `-x`: the number negated.
    private func readNegation(_ prefix: PrefixOperatorExprSyntax, owner: String?, depth: Int) -> Result<
        SwiftLiteral, SwiftUnknown
    > {
        switch read(prefix.expression, owner: owner, depth: depth + 1) {
        case .success(.int(let value)): return .success(.int(-value))
        case .success(.double(let value)): return .success(.double(-value))
        case .success: return Self.unknown("negates something that is not a number", prefix)
        case .failure(let problem): return .failure(problem)
        }
    }

    /// `[a, b]`: each item's value.
    private func readArray(_ array: ArrayExprSyntax, owner: String?, depth: Int) -> Result<SwiftLiteral, SwiftUnknown> {
        var items: [SwiftLiteral] = []
        for element in array.elements {
            switch read(element.expression, owner: owner, depth: depth + 1) {
            case .success(let item): items.append(item)
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(.array(items))
    }

    /// `["key": value]`: each pair, keyed by text (an enum case by its name, a number written out).
    private func readDictionary(_ dictionary: DictionaryExprSyntax, owner: String?, depth: Int) -> Result<
        SwiftLiteral, SwiftUnknown
    > {
        guard case .elements(let elements) = dictionary.content else { return .success(.dictionary([])) }
        var pairs: [(String, SwiftLiteral)] = []
        for element in elements {
            let key: String
            switch read(element.key, owner: owner, depth: depth + 1) {
            case .success(.string(let text)), .success(.enumCase(let text)): key = text
            case .success(.int(let number)): key = String(number)
            case .success: return Self.unknown("has a key that is not text", element.key)
            case .failure(let problem): return .failure(problem)
            }
            switch read(element.value, owner: owner, depth: depth + 1) {
            case .success(let value): pairs.append((key, value))
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(.dictionary(pairs))
    }

    /// `name`: the value of the constant it names, as seen from `owner`.
    private func readReference(_ reference: DeclReferenceExprSyntax, owner: String?, depth: Int) -> Result<
        SwiftLiteral, SwiftUnknown
    > {
        let name = reference.baseName.text
        guard let constant = index.constant(name, from: owner) else {
            return Self.unknown(
                "uses '\(name)', which is not a constant with a literal value in the files read", reference)
        }
        return read(constant.value, owner: constant.owner, depth: depth + 1)
    }

    /// `.name` (an enum case), `Type.name`: a static constant's value, or one of the type's
    /// cases.
    private func readMember(_ member: MemberAccessExprSyntax, depth: Int) -> Result<SwiftLiteral, SwiftUnknown> {
        let name = member.declName.baseName.text
        guard let base = member.base else { return .success(.enumCase(name)) }
        let typeName = base.trimmedDescription
        if let constant = index.constant(typeName + "." + name, from: nil) {
            return read(constant.value, owner: constant.owner, depth: depth + 1)
        }
        if let cases = index.types[typeName]?.flatMap(\.enumCases), cases.contains(where: { $0.name == name }) {
            return .success(.enumCase(name))
        }
        return Self.unknown(
            "uses '\(typeName).\(name)', which is not a constant with a literal value in the files read", member)
    }

    /// `URL(string: "…")`, `Date(timeIntervalSince1970: …)`, `Date(timeIntervalSinceReferenceDate: …)`;
    /// any other call is code that only running the app can evaluate.
    private func readCall(_ call: FunctionCallExprSyntax, owner: String?, depth: Int) -> Result<
        SwiftLiteral, SwiftUnknown
    > {
        let callee = call.calledExpression.trimmedDescription
        let arguments = call.arguments
        if callee == "URL", arguments.count == 1, let text = arguments.argument("string") {
            if case .success(.string(let url)) = read(text, owner: owner, depth: depth + 1) {
                return .success(.url(url))
            }
        }
        if callee == "Date", arguments.count == 1, let first = arguments.first, let label = first.label?.text {
            let epochs: [String: Double] = ["timeIntervalSince1970": 0, "timeIntervalSinceReferenceDate": 978_307_200]
            if let epoch = epochs[label] {
                let seconds: Double?
                switch read(first.expression, owner: owner, depth: depth + 1) {
                case .success(.int(let value)): seconds = Double(value)
                case .success(.double(let value)): seconds = value
                default: seconds = nil
                }
                if let seconds, let text = Self.iso8601(seconds + epoch) {
                    return .success(.date(text))
                }
            }
        }
        return .failure(
            SwiftUnknown(reason: "calls \(callee)(…), which only running the app can evaluate", node: Syntax(call)))
    }

    /// `2026-01-01T00:00:00Z` for seconds since 1970 (whole seconds), without a date formatter:
    /// creating one per flag cost a seventh of reading 20,000 flags.
    static func iso8601(_ seconds: Double) -> String? {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return nil }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = Int(parts.tm_year) + 1900
        guard (0...9999).contains(year) else { return nil }
        let yearText = String(repeating: "0", count: 4 - String(year).count) + String(year)
        return
            "\(yearText)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
