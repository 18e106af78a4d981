import SwiftSyntax

/// A flag's type as its declared Swift type gives it (docs/blueprints.md#swift-sources-as-blueprints), and how literals fit it.
struct SwiftFlagType {
    /// The flag's rules (type and, for enums, the raw values).
    var rules: ValueRules
    /// `T?`: no value (`nil`) is a valid default.
    var isOptional: Bool
    /// For a `String` enum: its cases' names and raw values.
    var enumCases: [(name: String, value: String)] = []

    private static let integers: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]
    private static let doubles: Set<String> = ["Double", "Float", "CGFloat", "Float32", "Float64", "TimeInterval"]

    /// The type of a declared Swift type.
    init(_ type: TypeSyntax, index: SwiftIndex) {
        var type = type
        isOptional = false
        if let optional = type.as(OptionalTypeSyntax.self) {
            type = optional.wrappedType
            isOptional = true
        } else if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            type = optional.wrappedType
            isOptional = true
        } else if let generic = type.as(IdentifierTypeSyntax.self), generic.name.text == "Optional",
            let argument = generic.genericArgumentClause?.arguments.first
        {
            type = TypeSyntax(argument.argument.as(TypeSyntax.self)) ?? type
            isOptional = true
        }
        let name = type.simpleName
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        switch simple {
        case "Bool": rules = ValueRules(type: .bool)
        case _ where Self.integers.contains(simple): rules = ValueRules(type: .int)
        case _ where Self.doubles.contains(simple): rules = ValueRules(type: .double)
        case "String": rules = ValueRules(type: .string)
        case "Date": rules = ValueRules(type: .date)
        case "URL": rules = ValueRules(type: .url)
        default:
            if let cases = index.stringEnum(simple) {
                enumCases = cases
                rules = ValueRules(type: .enum, values: cases.map(\.value))
            } else {
                rules = ValueRules(type: .json)
            }
        }
    }

    /// The type of a property without a written type, from its literal initial value (`var x = false`).
    init?(inferredFrom literal: SwiftLiteral) {
        isOptional = false
        switch literal {
        case .bool: rules = ValueRules(type: .bool)
        case .int: rules = ValueRules(type: .int)
        case .double: rules = ValueRules(type: .double)
        case .string: rules = ValueRules(type: .string)
        case .url: rules = ValueRules(type: .url)
        case .date: rules = ValueRules(type: .date)
        case .array, .dictionary: rules = ValueRules(type: .json)
        case .null, .enumCase: return nil
        }
    }

    /// The flag value a literal stands for, or why it does not fit; `.success(nil)` for `nil`
    /// in an optional.
    func value(of literal: SwiftLiteral) -> Result<FlagValue?, ValueError> {
        if literal == .null {
            return isOptional || rules.type == .json
                ? .success(rules.type == .json && !isOptional ? .json(.null) : nil)
                : .failure(ValueError("nil does not fit a non-optional \(rules.type.rawValue)"))
        }
        let value: FlagValue?
        switch (rules.type, literal) {
        case (.bool, .bool(let bool)): value = .bool(bool)
        case (.int, .int(let int)): value = .int(int)
        case (.double, .int(let int)): value = .double(Double(int))
        case (.double, .double(let double)): value = .double(double)
        case (.string, .string(let text)): value = .string(text)
        case (.url, .url(let text)), (.url, .string(let text)): value = .url(text)
        case (.date, .date(let text)): value = .date(text)
        case (.enum, .enumCase(let name)): value = enumCases.first { $0.name == name }.map { .string($0.value) }
        case (.enum, .string(let raw)): value = enumCases.contains { $0.value == raw } ? .string(raw) : nil
        case (.json, _): value = .json(literal.json)
        default: value = nil
        }
        guard let value else {
            return .failure(ValueError("\(Self.describe(literal)) does not fit \(rules.typeDescription)"))
        }
        return rules.fitted(value).map { Optional($0) }
    }

    private static func describe(_ literal: SwiftLiteral) -> String {
        switch literal {
        case .enumCase(let name): return "the case .\(name)"
        default: return literal.json.compactText
        }
    }
}

/// Type names as declarations are found by.
enum SwiftFlagTypeName {
    /// `Module.Type<T>` → `Type`.
    static func simple(_ type: TypeSyntax) -> String { simple(text: type.trimmedDescription) }

    /// `Module.Type<T>` → `Type`, from text.
    static func simple(text: String) -> String {
        let withoutGenerics = text.split(separator: "<").first.map(String.init) ?? text
        return withoutGenerics.split(separator: ".").last.map(String.init) ?? withoutGenerics
    }
}
