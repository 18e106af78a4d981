import SwiftSyntax

/// The single pass over one file that collects its ``SwiftDeclarations``.
final class SwiftDeclarationCollector: SyntaxVisitor {
    private let file: SwiftSourceFile
    private(set) var declarations = SwiftDeclarations()
    /// Indexes into `declarations.types` of the types being visited, innermost last.
    private var typeStack: [Int] = []

    /// Collects the declarations of `file`.
    static func collect(_ file: SwiftSourceFile) -> SwiftDeclarations {
        let collector = SwiftDeclarationCollector(file: file)
        collector.walk(file.tree)
        return collector.declarations
    }

    private init(file: SwiftSourceFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Types

    private func enter(
        name: TokenSyntax, isExtension: Bool = false, inheritance: InheritanceClauseSyntax?,
        attributes: AttributeListSyntax
    ) {
        let inherited = inheritance?.inheritedTypes.map { Self.baseName($0.type.simpleName) } ?? []
        let attributeNames = attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.simpleName }
        declarations.types.append(
            SwiftTypeDeclaration(
                name: Self.baseName(name.text), isExtension: isExtension, inherited: inherited,
                attributes: attributeNames, properties: [], enumCases: [], constraints: nil, nameNode: Syntax(name),
                file: file))
        typeStack.append(declarations.types.count - 1)
    }

    /// `Outer.Inner` → `Inner`, `Array<Int>` → `Array`: types are found by their simple name.
    private static func baseName(_ text: String) -> String {
        let withoutGenerics = text.split(separator: "<").first.map(String.init) ?? text
        return withoutGenerics.split(separator: ".").last.map(String.init) ?? withoutGenerics
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(name: node.name, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(name: node.name, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(name: node.name, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(name: node.name, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        enter(
            name: .identifier(name), isExtension: true, inheritance: node.inheritanceClause,
            attributes: node.attributes)
        declarations.types[typeStack.last!].nameNode = Syntax(node.extendedType)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let index = typeStack.last else { return .skipChildren }
        for element in node.elements {
            declarations.types[index].enumCases.append(
                (element.name.text, element.rawValue?.value, Syntax(element.name)))
        }
        return .skipChildren
    }

    // MARK: Members and constants

    /// Whether `node` is a member of the innermost type, not a local inside one of its bodies.
    private func isMember(_ node: some SyntaxProtocol) -> Bool {
        node.parent?.is(MemberBlockItemSyntax.self) == true
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let attributes = node.attributes.compactMap { $0.as(AttributeSyntax.self) }
        let memberOf = isMember(node) ? typeStack.last : nil
        for binding in node.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = pattern.identifier.text
            let type = binding.typeAnnotation?.type
            let value = binding.initializer?.value
            if let memberOf {
                declarations.types[memberOf].properties.append(
                    SwiftProperty(
                        name: name, type: type, initializer: value, attributes: attributes, isStatic: isStatic,
                        nameNode: Syntax(pattern.identifier), file: file))
                if isStatic, let value {
                    let owner = declarations.types[memberOf].name
                    declarations.constants.append(
                        SwiftConstant(name: owner + "." + name, owner: owner, type: type, value: value, file: file))
                }
            } else if let value, node.bindingSpecifier.text == "let" || typeStack.isEmpty {
                declarations.constants.append(
                    SwiftConstant(name: name, owner: nil, type: type, value: value, file: file))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.name.text == "constraints", let index = typeStack.last, isMember(node), let body = node.body,
            let parameter = node.signature.parameterClause.parameters.first
        {
            let builder = (parameter.secondName ?? parameter.firstName).text
            declarations.types[index].constraints = (body, builder)
        }
        return .visitChildren
    }

    // MARK: Roots

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // Read from tokens: printing every call's callee would cost more than the parse.
        let callee: String
        let called = node.calledExpression
        if let reference = called.as(DeclReferenceExprSyntax.self) {
            callee = reference.baseName.text
        } else if let generic = called.as(GenericSpecializationExprSyntax.self),
            let reference = generic.expression.as(DeclReferenceExprSyntax.self)
        {
            callee = reference.baseName.text
        } else if let member = called.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        {
            callee = base.baseName.text + "." + member.declName.baseName.text
        } else {
            return .visitChildren
        }
        switch callee {
        case "FlagsLoader":
            if let name = node.arguments.first?.expression.selfTypeName {
                declarations.realFlagsLoaders.append(
                    SwiftRootCall(typeName: Self.baseName(name), arguments: node.arguments, file: file))
            }
        case "FlagPole":
            if let name = node.arguments.argument("hoist")?.selfTypeName {
                declarations.vexilPoles.append(
                    SwiftRootCall(typeName: Self.baseName(name), arguments: node.arguments, file: file))
            }
        case "Flint.setup", "Flint.quickSetup", "Flint.register":
            if let name = node.arguments.first?.expression.selfTypeName {
                declarations.flintRoots.append(
                    SwiftRootCall(typeName: Self.baseName(name), arguments: node.arguments, file: file))
            }
        default: break
        }
        return .visitChildren
    }
}
