import SwiftSyntax

/// Every file's declarations put together: types by name (a declaration and its extensions),
/// constants by the name code uses, and the enums with `String` raw values.
struct SwiftIndex {
    /// Declarations and extensions of each type, declaration first.
    private(set) var types: [String: [SwiftTypeDeclaration]] = [:]
    /// Constants by name (`name` or `Type.name`); the first declaration wins.
    private(set) var constants: [String: SwiftConstant] = [:]
    /// Type names in the order the files declare them.
    private(set) var typeOrder: [String] = []
    /// Every file's declarations, in file order.
    let files: [SwiftDeclarations]

    init(_ files: [SwiftDeclarations]) {
        self.files = files
        for declarations in files {
            for type in declarations.types {
                if types[type.name] == nil { typeOrder.append(type.name) }
                types[type.name, default: []].append(type)
            }
            for constant in declarations.constants where constants[constant.name] == nil {
                constants[constant.name] = constant
            }
        }
        // A declaration before its extensions, so its position names the type.
        for (name, parts) in types where parts.first?.isExtension == true {
            types[name] = parts.filter { !$0.isExtension } + parts.filter(\.isExtension)
        }
    }

    /// The type's declaration (or first extension), if any file declares it.
    func declaration(of name: String) -> SwiftTypeDeclaration? { types[name]?.first }

    /// Everything the type and its extensions inherit or conform to.
    func inherited(by name: String) -> Set<String> {
        Set((types[name] ?? []).flatMap(\.inherited))
    }

    /// Attributes written on the type's declaration.
    func attributes(of name: String) -> Set<String> {
        Set((types[name] ?? []).flatMap(\.attributes))
    }

    /// Properties of the type and its extensions, in declaration order.
    func properties(of name: String) -> [SwiftProperty] {
        (types[name] ?? []).flatMap(\.properties)
    }

    /// A static member (`static var isEnabled`, `static let description`) of the type.
    func staticProperty(_ member: String, of name: String) -> SwiftProperty? {
        properties(of: name).first { $0.isStatic && $0.name == member }
    }

    /// The raw values of an enum whose raw type is `String`, in case order, with where each is
    /// written; `nil` when no file read declares such an enum.
    func stringEnum(_ name: String) -> [(name: String, value: String)]? {
        guard let parts = types[name], let first = parts.first, first.inherited.first == "String" else { return nil }
        var cases: [(String, String)] = []
        for (caseName, rawValue, _) in parts.flatMap(\.enumCases) {
            if let rawValue {
                guard let literal = rawValue.as(StringLiteralExprSyntax.self),
                    let text = literal.representedLiteralValue
                else { return nil }
                cases.append((caseName, text))
            } else {
                cases.append((caseName, caseName))
            }
        }
        return cases
    }

    /// The constant `name` as seen from inside `owner` (its own static members first).
    func constant(_ name: String, from owner: String?) -> SwiftConstant? {
        if let owner, let own = constants[owner + "." + name] { return own }
        return constants[name]
    }
}
