import SwiftSyntax

extension SwiftBlueprintBuilder {
    /// Every type conforming to `FlagCollectionProtocol`, in file order.
    private var realFlagsCollections: [String] {
        index.typeOrder.filter { index.inherited(by: $0).contains("FlagCollectionProtocol") }
    }

    /// Builds a blueprint per root collection: each type given to `FlagsLoader`, else each
    /// collection no other collection nests.
    mutating func buildRealFlags() {
        let collections = realFlagsCollections
        let loaders = index.files.flatMap(\.realFlagsLoaders)
        if loaders.isEmpty {
            for name in unnested(collections, by: "FlagCollection") {
                guard let declaration = index.declaration(of: name) else { continue }
                addRealFlagsRoot(name, declaration: declaration, displayName: nil, description: nil, style: .init())
            }
            return
        }
        for loader in loaders {
            guard let declaration = index.declaration(of: loader.typeName),
                collections.contains(loader.typeName)
            else {
                warning(
                    "FlagsLoader loads \(loader.typeName), which no file read declares as a FlagCollectionProtocol type",
                    in: loader.file, at: loader.arguments)
                continue
            }
            var displayName: String?
            var description: String?
            if let metadata = loader.arguments.argument("description"),
                let call = metadata.as(FunctionCallExprSyntax.self)
            {
                displayName = text(
                    call.arguments.argument("name"), owner: nil, what: "the loader's name", in: loader.file)
                description = text(
                    call.arguments.argument("description"), owner: nil, what: "the loader's description",
                    in: loader.file)
            } else if let metadata = loader.arguments.argument("description") {
                description = text(metadata, owner: nil, what: "the loader's description", in: loader.file)
            }
            let style = keyStyle(loader.arguments.argument("keyConfiguration"), in: loader.file)
            addRealFlagsRoot(
                loader.typeName, declaration: declaration, displayName: displayName, description: description,
                style: style)
        }
    }

    private mutating func addRealFlagsRoot(
        _ name: String, declaration: SwiftTypeDeclaration, displayName: String?, description: String?,
        style: RealFlagsKeyStyle
    ) {
        // RealFlags puts the prefix through the loader's transform too.
        let prefix = style.prefix.map { style.transform.apply($0) }
        var visiting: Set<String> = [name]
        let root = realFlagsCollection(
            name, displayName: displayName ?? name, description: description, path: prefix.map { [$0] } ?? [],
            style: style, origin: declaration.file.reference(declaration.nameNode), visiting: &visiting)
        addRoot(root, file: declaration.file.path)
    }

    /// A collection and everything nested in it; `path` is the key components its children start with.
    private mutating func realFlagsCollection(
        _ typeName: String, displayName: String, description: String?, path: [String], style: RealFlagsKeyStyle,
        origin: SourceReference, visiting: inout Set<String>
    ) -> FlagCollection {
        collection(
            of: typeName, name: displayName, description: description, keyPath: path.joined(separator: style.separator),
            origin: origin, nestingAttribute: "FlagCollection",
            flag: { $0.realFlag($1, attribute: $2, owner: typeName, path: path, style: style, in: $1.file) },
            nested: {
                $0.nestedRealFlagsCollection(
                    $1, attribute: $2, path: path, style: style, in: $1.file, visiting: &visiting)
            })
    }

    private mutating func realFlag(
        _ property: SwiftProperty, attribute: AttributeSyntax, owner: String, path: [String],
        style: RealFlagsKeyStyle, in file: SwiftSourceFile
    ) -> FlagDefinition {
        let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) ?? LabeledExprListSyntax([])
        var segment = style.transform.apply(property.name)
        if let keyExpression = arguments.argument("key") {
            if case .success(.string(let fixed)) = literals.read(keyExpression, owner: owner) {
                segment = fixed
            } else {
                warning(
                    "the key of '\(property.name)' is built at run time; it is shown as written", in: file,
                    at: keyExpression)
                segment = keyExpression.trimmedDescription
            }
        }
        var parts = FlagParts(
            property: property, owner: owner, key: (path + [segment]).joined(separator: style.separator),
            defaultExpression: arguments.argument("default"), attribute: attribute, file: file)
        readMetadata(arguments.argument("description") ?? arguments.argument("metadata"), into: &parts)
        parts.excluded = providerTypes(arguments.argument("excludedProviders"), in: file)
        return flag(parts)
    }

    /// `description: "text"` or `FlagMetadata(description:isInternal:isLocked:…)` (also `.init(…)`).
    private mutating func readMetadata(_ expression: ExprSyntax?, into parts: inout FlagParts) {
        guard let expression else { return }
        guard let call = expression.as(FunctionCallExprSyntax.self) else {
            parts.description = text(
                expression, owner: parts.owner, what: "the description of '\(parts.property.name)'", in: parts.file)
            return
        }
        let arguments = call.arguments
        parts.description = text(
            arguments.argument("description"), owner: parts.owner,
            what: "the description of '\(parts.property.name)'", in: parts.file)
        parts.locked =
            bool(arguments.argument("isLocked"), owner: parts.owner, what: "isLocked", in: parts.file) ?? false
        parts.hidden =
            bool(arguments.argument("isInternal"), owner: parts.owner, what: "isInternal", in: parts.file) ?? false
    }

    private mutating func nestedRealFlagsCollection(
        _ property: SwiftProperty, attribute: AttributeSyntax, path: [String], style: RealFlagsKeyStyle,
        in file: SwiftSourceFile, visiting: inout Set<String>
    ) -> FlagCollection? {
        guard let typeName = nestedType(of: property, attribute: attribute, what: "collection", visiting: &visiting)
        else { return nil }
        defer { visiting.remove(typeName) }
        let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) ?? LabeledExprListSyntax([])
        // How the collection contributes to its children's keys (RealFlags' CollectionKeyPathConfiguration):
        // its own `key:` only names the collection, not the path of what it holds.
        var childPath = path
        let configuration = arguments.argument("keyConfiguration")
        switch configuration.flatMap({ SwiftEnumCase($0) }) {
        case nil, .some(SwiftEnumCase(name: "default", argument: nil)):
            childPath.append(style.transform.apply(property.name))
        case .some(SwiftEnumCase(name: "skip", argument: nil)): break
        case .some(SwiftEnumCase(name: "kebabCase", argument: nil)):
            childPath.append(RealFlagsKeyStyle.Transform.kebabCase.apply(property.name))
        case .some(SwiftEnumCase(name: "snakeCase", argument: nil)):
            childPath.append(RealFlagsKeyStyle.Transform.snakeCase.apply(property.name))
        case .some(let other):
            if other.name == "custom", let argument = other.argument,
                case .success(.string(let fixed)) = literals.read(argument, owner: nil)
            {
                childPath.append(fixed)
            } else {
                warning(
                    "the key configuration of '\(property.name)' is not one RealFlags knows or is built at run time; its property name is used",
                    in: file, at: configuration!)
                childPath.append(style.transform.apply(property.name))
            }
        }
        var displayName = property.name
        var description: String?
        if let metadata = arguments.argument("description") {
            if let call = metadata.as(FunctionCallExprSyntax.self) {
                description = text(call.arguments.argument("description"), owner: nil, what: "a description", in: file)
            } else {
                description = text(metadata, owner: nil, what: "a description", in: file)
            }
        }
        if let name = text(arguments.argument("name"), owner: nil, what: "a name", in: file) { displayName = name }
        return realFlagsCollection(
            typeName, displayName: displayName, description: description, path: childPath, style: style,
            origin: file.reference(attribute), visiting: &visiting)
    }

    /// The key style a `keyConfiguration:` argument gives: `KeyConfiguration(…)`, `.init(…)` or
    /// a `let` holding one in the files read.
    private mutating func keyStyle(_ expression: ExprSyntax?, in file: SwiftSourceFile) -> RealFlagsKeyStyle {
        var style = RealFlagsKeyStyle()
        guard let argument = expression else { return style }
        let (expression, expressionFile) = configuration(argument, in: file)
        guard let call = expression.as(FunctionCallExprSyntax.self),
            ["KeyConfiguration", ".init"].contains(call.calledExpression.trimmedDescription)
        else {
            warning(
                "the key configuration is built at run time; keys are shown with RealFlags' defaults (snake_case, '/')",
                in: expressionFile, at: expression)
            return style
        }
        let arguments = call.arguments
        if let prefix = arguments.argument("prefix") {
            switch literals.read(prefix, owner: nil) {
            case .success(.string(let text)): style.prefix = text
            case .success(.null): break
            default: warning("the key prefix is built at run time", in: expressionFile, at: prefix)
            }
        }
        if let separator = arguments.argument("pathSeparator") {
            if case .success(.string(let text)) = literals.read(separator, owner: nil) {
                style.separator = text
            } else {
                warning("the path separator is built at run time", in: expressionFile, at: separator)
            }
        }
        if let transform = arguments.argument("keyTransform") {
            switch SwiftEnumCase(transform) {
            case .some(SwiftEnumCase(name: "none", argument: nil)): style.transform = .none
            case .some(SwiftEnumCase(name: "kebabCase", argument: nil)): style.transform = .kebabCase
            case .some(SwiftEnumCase(name: "snakeCase", argument: nil)): style.transform = .snakeCase
            case .some(let other) where other.name == "custom":
                if let argument = other.argument,
                    case .success(.string(let fixed)) = literals.read(argument, owner: nil)
                {
                    style.transform = .custom(fixed)
                } else {
                    warning("the key transform is built at run time", in: expressionFile, at: transform)
                }
            default: warning("the key transform is built at run time", in: expressionFile, at: transform)
            }
        }
        return style
    }
}
