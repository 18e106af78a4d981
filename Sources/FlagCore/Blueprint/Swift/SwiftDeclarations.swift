import SwiftSyntax

/// What one pass over a `.swift` file finds: the declarations the libraries' flags, collections
/// and features are made of. Nothing here knows keys yet: those need every file read
/// (a nested collection's type may be declared in another file).
struct SwiftDeclarations {
    /// Types and extensions, in file order.
    var types: [SwiftTypeDeclaration] = []
    /// `let`/`var` constants by name as code refers to them: `name` for a top-level or local
    /// one, `Type.name` for a static one (the type's own members also see it as `name`).
    var constants: [SwiftConstant] = []
    /// `FlagsLoader(X.self, …)` calls: RealFlags roots.
    var realFlagsLoaders: [SwiftRootCall] = []
    /// `FlagPole(hoist: X.self, …)` calls: Vexil roots.
    var vexilPoles: [SwiftRootCall] = []
    /// `Flint.setup(X.self)` / `Flint.quickSetup(X.self)` calls: Flint root groups.
    var flintRoots: [SwiftRootCall] = []
}

/// A struct, class, enum, actor or extension with the members Flagscope reads.
struct SwiftTypeDeclaration {
    /// The declared (or extended) type's name, without generic parameters.
    var name: String
    /// Whether this is an `extension` rather than the type's declaration.
    var isExtension: Bool
    /// Names in the inheritance clause (`FlagCollectionProtocol`, `String`, `ConditionalFeature` …).
    var inherited: [String]
    /// Attribute names written on the type (`FlagContainer`).
    var attributes: [String]
    /// Stored and static properties, in declaration order.
    var properties: [SwiftProperty]
    /// Enum cases with their raw value (`nil`: none written, so a `String` enum's case name).
    var enumCases: [(name: String, rawValue: ExprSyntax?, node: Syntax)]
    /// `static func constraints(requirements:)`: the Flint constraint builder's body and parameter name.
    var constraints: (body: CodeBlockSyntax, builder: String)?
    /// Where the type's name is written.
    var nameNode: Syntax
    /// The file it is in.
    var file: SwiftSourceFile
}

/// One property of a type.
struct SwiftProperty {
    /// Its name.
    var name: String
    /// The written type, if any.
    var type: TypeSyntax?
    /// The initial value, if any.
    var initializer: ExprSyntax?
    /// Its attributes (`@Flag(…)`, `@FlagCollection(…)`, `@FlagGroup(…)`).
    var attributes: [AttributeSyntax]
    /// `static` or `class`.
    var isStatic: Bool
    /// Where its name is written.
    var nameNode: Syntax
    /// The file it is in (an extension may be in another file than the type).
    var file: SwiftSourceFile

    /// The attribute named `name`, if written.
    func attribute(_ name: String) -> AttributeSyntax? {
        attributes.first { $0.attributeName.simpleName == name }
    }
}

/// A constant whose value may be read where it is used.
struct SwiftConstant {
    /// `name` or `Type.name`.
    var name: String
    /// The type a static constant belongs to.
    var owner: String?
    /// The written type, if any.
    var type: TypeSyntax?
    /// The value.
    var value: ExprSyntax
    /// The file it is in.
    var file: SwiftSourceFile
}

/// A call naming a root type: `FlagsLoader(AppFlags.self, …)`.
struct SwiftRootCall {
    /// The root type's name.
    var typeName: String
    /// The call's arguments.
    var arguments: LabeledExprListSyntax
    /// The file it is in.
    var file: SwiftSourceFile
}

extension LabeledExprListSyntax {
    /// The argument labelled `label` (`nil`: the first unlabelled one).
    func argument(_ label: String?) -> ExprSyntax? {
        first { $0.label?.text == label }?.expression
    }
}

extension ExprSyntax {
    /// `X` for `X.self`, else `nil`.
    var selfTypeName: String? {
        guard let member = self.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            let base = member.base
        else { return nil }
        return base.trimmedDescription
    }
}

extension DeclReferenceExprSyntax {
    /// The value of the `let` this name means where it is written, found as Swift scopes names:
    /// an earlier statement of an enclosing body or closure (the nearest first), a member of an
    /// enclosing type, or a declaration at the top of this file. Two loaders are often each
    /// configured by a local `let config`, so the first `config` of the file is not enough.
    var valueInScope: ExprSyntax? {
        let name = baseName.text
        var node = Syntax(self)
        while let parent = node.parent {
            if let statements = parent.as(CodeBlockItemListSyntax.self) {
                // Any order at the top of a file: its constants are globals, declared before or after.
                let isFileScope = statements.parent?.is(SourceFileSyntax.self) == true
                for statement in statements.reversed() where isFileScope || statement.endPosition <= position {
                    if let value = statement.item.as(VariableDeclSyntax.self)?.letValue(named: name) { return value }
                }
            } else if let members = parent.as(MemberBlockItemListSyntax.self) {
                for member in members {
                    if let value = member.decl.as(VariableDeclSyntax.self)?.letValue(named: name) { return value }
                }
            }
            node = parent
        }
        return nil
    }
}

extension VariableDeclSyntax {
    /// The initial value `let name = value` gives `name`, if this declares it.
    func letValue(named name: String) -> ExprSyntax? {
        guard bindingSpecifier.tokenKind == .keyword(.let) else { return nil }
        return bindings.first { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }?
            .initializer?.value
    }

    /// Whether this is declared at the top of its file (a global), not inside a type or a body.
    var isFileScope: Bool {
        parent?.parent?.parent?.is(SourceFileSyntax.self) == true
    }
}

extension TypeSyntax {
    /// `Bool` for a plain identifier type (read from its token, which is far cheaper than
    /// printing the node), else the type as written.
    var simpleName: String {
        if let identifier = self.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return identifier.name.text
        }
        return trimmedDescription
    }
}
