import SwiftSyntax

/// The second step: builds collections, flags and features from every file's declarations.
struct SwiftBlueprintBuilder {
    let index: SwiftIndex
    let providerNames: [String]
    let literals: SwiftLiteralReader
    var output = SwiftBlueprintReading.Output()
    /// Every key the roots added so far give, with the `@Flag` that declares it.
    private var keysGiven: Set<KeyDeclaration> = []

    /// A key and the `@Flag` it comes from.
    private struct KeyDeclaration: Hashable {
        var key: String
        var declaration: SourceReference
    }

    init(index: SwiftIndex, providerNames: [String]) {
        self.index = index
        self.providerNames = providerNames
        literals = SwiftLiteralReader(index: index)
    }

    // MARK: Roots

    /// Adds the blueprint of a root collection or container. Several loaders or poles of one
    /// collection each add a root; where one gives a key another already gave from the same
    /// `@Flag` (a custom key path, or the same configuration twice) that is the same flag, not
    /// a duplicate of itself, so it is shown once, and a root that gives nothing new is left out.
    mutating func addRoot(_ root: FlagCollection, file: String) {
        guard let root = withoutKeysGiven(root) else { return }
        output.blueprints.append(Blueprint(file: file, root: root, products: [], features: []))
    }

    /// `collection` without the flags whose key and declaration an earlier root gave; `nil` when
    /// that leaves nothing of what it held.
    private mutating func withoutKeysGiven(_ collection: FlagCollection) -> FlagCollection? {
        var kept = collection
        kept.flags = []
        for flag in collection.flags {
            if keysGiven.insert(KeyDeclaration(key: flag.key, declaration: flag.origin)).inserted {
                kept.flags.append(flag)
            }
        }
        kept.collections = []
        for nested in collection.collections {
            if let nested = withoutKeysGiven(nested) { kept.collections.append(nested) }
        }
        let heldSomething = !collection.flags.isEmpty || !collection.collections.isEmpty
        return heldSomething && kept.flags.isEmpty && kept.collections.isEmpty ? nil : kept
    }

    // MARK: Diagnostics

    mutating func error(_ message: String, in file: SwiftSourceFile, at node: some SyntaxProtocol) {
        output.diagnostics.append(.error(message, file: file.path, at: file.location(of: node)))
    }

    mutating func warning(_ message: String, in file: SwiftSourceFile, at node: some SyntaxProtocol) {
        output.diagnostics.append(.warning(message, file: file.path, at: file.location(of: node)))
    }

    /// The first place the parser had to recover: an error, as for a YAML syntax error.
    mutating func syntaxError(in file: SwiftSourceFile) {
        let broken = file.tree.tokens(viewMode: .all).first { token in
            token.presence == .missing || token.parent?.is(UnexpectedNodesSyntax.self) == true
        }
        let node = broken.map(Syntax.init) ?? Syntax(file.tree)
        error("Swift syntax error: the declarations around here cannot be read", in: file, at: node)
    }

    // MARK: Values

    /// A text argument (`description: "…"`): a literal or a constant with a literal value.
    mutating func text(_ expression: ExprSyntax?, owner: String?, what: String, in file: SwiftSourceFile) -> String? {
        guard let expression else { return nil }
        switch literals.read(expression, owner: owner) {
        case .success(.string(let text)): return text
        case .success:
            error("\(what) must be text", in: file, at: expression)
        case .failure(let problem):
            warning("\(what) cannot be known without compiling: it \(problem.reason)", in: file, at: problem.node)
        }
        return nil
    }

    /// The expression a loader's or pole's configuration argument stands for: the value of the
    /// `let` it names (as Swift resolves the name where it is written, else a global of another
    /// file read) with the file that value is in, or the argument itself.
    func configuration(_ expression: ExprSyntax, in file: SwiftSourceFile) -> (
        expression: ExprSyntax, file: SwiftSourceFile
    ) {
        guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return (expression, file) }
        if let value = reference.valueInScope { return (value, file) }
        // Only globals are seen from another file: a local of some other body is not this name.
        let name = reference.baseName.text
        for constant in index.files.lazy.flatMap(\.constants) where constant.name == name {
            if constant.value.ancestorOrSelf(mapping: { $0.as(VariableDeclSyntax.self) })?.isFileScope == true {
                return (constant.value, constant.file)
            }
        }
        return (expression, file)
    }

    /// A bool argument (`isLocked: true`).
    mutating func bool(_ expression: ExprSyntax?, owner: String?, what: String, in file: SwiftSourceFile) -> Bool? {
        guard let expression else { return nil }
        switch literals.read(expression, owner: owner) {
        case .success(.bool(let value)): return value
        case .success:
            error("\(what) must be true or false", in: file, at: expression)
        case .failure(let problem):
            warning("\(what) cannot be known without compiling: it \(problem.reason)", in: file, at: problem.node)
        }
        return nil
    }

    /// What a flag declaration says, whatever library declared it.
    struct FlagParts {
        var property: SwiftProperty
        var owner: String
        var key: String
        var defaultExpression: ExprSyntax?
        var description: String?
        var locked = false
        var hidden = false
        var excluded: [(name: String, origin: SourceReference)] = []
        /// The `@Flag` attribute: `declared` points at its line.
        var attribute: AttributeSyntax
        var file: SwiftSourceFile
    }

    /// A flag with its type from the declared Swift type and its default read from the source.
    mutating func flag(_ parts: FlagParts) -> FlagDefinition {
        let file = parts.file
        let name = parts.property.name
        var type: SwiftFlagType?
        if let written = parts.property.type {
            type = SwiftFlagType(written, index: index)
        } else if let expression = parts.defaultExpression,
            case .success(let literal) = literals.read(expression, owner: parts.owner)
        {
            type = SwiftFlagType(inferredFrom: literal)
        }
        if type == nil {
            warning(
                "the type of '\(name)' cannot be known without compiling; write it (var \(name): Bool …)", in: file,
                at: parts.property.nameNode)
        }
        let flagType = type ?? SwiftFlagType(inferredFrom: .array([]))!
        var defaultValue: FlagValue?
        var unknownDefault: String?
        if let expression = parts.defaultExpression {
            switch literals.read(expression, owner: parts.owner) {
            case .success(let literal):
                switch flagType.value(of: literal) {
                case .success(let value): defaultValue = value
                case .failure(let problem):
                    error("default of '\(name)' does not fit its type: \(problem.message)", in: file, at: expression)
                    unknownDefault = expression.trimmedDescription
                }
            case .failure(let problem):
                warning(
                    "default of '\(name)' cannot be known without compiling: it \(problem.reason); shown as written",
                    in: file, at: problem.node)
                unknownDefault = expression.trimmedDescription
            }
            if type == nil, unknownDefault == nil { unknownDefault = expression.trimmedDescription }
        } else if !flagType.isOptional {
            error("flag '\(name)' has no default", in: file, at: parts.attribute)
        }
        if parts.description == nil {
            warning("flag '\(name)' has no description", in: file, at: parts.attribute)
        }
        var excluded: [String] = []
        var excludedOrigins: [SourceReference] = []
        for (provider, origin) in parts.excluded {
            if providerNames.contains(provider) {
                excluded.append(provider)
                excludedOrigins.append(origin)
            } else {
                output.diagnostics.append(
                    .warning(
                        "no provider of the workspace is named '\(provider)', so excludedProviders has no effect here\(Suggestion.hint(for: provider, in: providerNames, listing: "providers"))",
                        file: origin.file, at: origin.location))
            }
        }
        var flag = FlagDefinition(
            name: name, key: parts.key, rules: flagType.rules, defaultValue: defaultValue,
            description: parts.description, locked: parts.locked, hidden: parts.hidden, excludedProviders: excluded,
            origin: file.reference(parts.attribute))
        flag.excludedOrigins = excludedOrigins
        flag.unknownDefault = unknownDefault
        return flag
    }

    /// `[A.self, B.self]`: the provider type names, each with where it is written.
    mutating func providerTypes(_ expression: ExprSyntax?, in file: SwiftSourceFile) -> [(
        name: String, origin: SourceReference
    )] {
        guard let expression else { return [] }
        guard let array = expression.as(ArrayExprSyntax.self) else {
            warning(
                "excludedProviders cannot be known without compiling: write a list such as [FirebaseRemoteProvider.self]",
                in: file, at: expression)
            return []
        }
        var result: [(String, SourceReference)] = []
        for element in array.elements {
            guard let name = element.expression.selfTypeName else {
                warning("an excluded provider is written as a type: SomeProvider.self", in: file, at: element)
                continue
            }
            result.append((name, file.reference(element.expression)))
        }
        return result
    }
}
