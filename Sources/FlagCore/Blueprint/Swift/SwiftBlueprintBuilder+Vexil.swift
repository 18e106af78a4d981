import SwiftSyntax

extension SwiftBlueprintBuilder {
    /// Types marked `@FlagContainer` (Vexil 3) or conforming to `FlagContainer` (Vexil 2).
    private var vexilContainers: [String] {
        index.typeOrder.filter {
            index.attributes(of: $0).contains("FlagContainer") || index.inherited(by: $0).contains("FlagContainer")
        }
    }

    /// Builds a blueprint per root container: each type hoisted by a `FlagPole`, else each
    /// container no other container holds as a `@FlagGroup`.
    mutating func buildVexil() {
        let containers = vexilContainers
        let poles = index.files.flatMap(\.vexilPoles).filter { containers.contains($0.typeName) }
        if poles.isEmpty {
            for name in unnested(containers, by: "FlagGroup") {
                addVexilRoot(name, style: VexilKeyStyle())
            }
            return
        }
        for pole in poles {
            addVexilRoot(pole.typeName, style: vexilStyle(pole.arguments.argument("configuration"), in: pole.file))
        }
    }

    private mutating func addVexilRoot(_ name: String, style: VexilKeyStyle) {
        guard let declaration = index.declaration(of: name) else { return }
        var visiting: Set<String> = [name]
        let root = vexilContainer(
            name, displayName: name, description: nil, path: style.prefix.map { [$0] } ?? [], style: style,
            origin: declaration.file.reference(declaration.nameNode), visiting: &visiting)
        addRoot(root, file: declaration.file.path)
    }

    /// A container and the groups nested in it; `path` is the key components its flags start with.
    private mutating func vexilContainer(
        _ typeName: String, displayName: String, description: String?, path: [String], style: VexilKeyStyle,
        origin: SourceReference, visiting: inout Set<String>
    ) -> FlagCollection {
        collection(
            of: typeName, name: displayName, description: description, keyPath: path.joined(separator: style.separator),
            origin: origin, nestingAttribute: "FlagGroup",
            flag: { $0.vexilFlag($1, attribute: $2, owner: typeName, path: path, style: style) },
            nested: { $0.vexilGroup($1, attribute: $2, owner: typeName, path: path, style: style, visiting: &visiting) }
        )
    }

    /// A `@FlagGroup` property's container, its key path made by the group's key strategy.
    private mutating func vexilGroup(
        _ property: SwiftProperty, attribute: AttributeSyntax, owner: String, path: [String], style: VexilKeyStyle,
        visiting: inout Set<String>
    ) -> FlagCollection? {
        guard let groupType = nestedType(of: property, attribute: attribute, what: "group", visiting: &visiting) else {
            return nil
        }
        defer { visiting.remove(groupType) }
        let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) ?? LabeledExprListSyntax([])
        var childPath = path
        if let segment = vexilSegment(
            arguments.argument("keyStrategy") ?? arguments.argument("codingKeyStrategy"), property: property,
            style: style)
        {
            if case .path(let fixed) = segment {
                childPath = [fixed]
            } else if case .segment(let text) = segment {
                childPath.append(text)
            }
        }
        let groupDescription = text(
            arguments.argument("description") ?? unlabelledOnly(arguments), owner: owner,
            what: "the description of '\(property.name)'", in: property.file)
        let displayName =
            text(arguments.argument("name"), owner: owner, what: "a name", in: property.file) ?? property.name
        return vexilContainer(
            groupType, displayName: displayName, description: groupDescription, path: childPath, style: style,
            origin: property.file.reference(attribute), visiting: &visiting)
    }

    /// The single unlabelled argument of `@Flag("description")` / `@FlagGroup("description")`.
    private func unlabelledOnly(_ arguments: LabeledExprListSyntax) -> ExprSyntax? {
        arguments.count == 1 && arguments.first?.label == nil ? arguments.first?.expression : nil
    }

    private enum VexilSegment {
        case segment(String)
        /// `.customKeyPath("…")`: the whole key.
        case path(String)
    }

    /// A flag's or group's contribution to keys; `nil` for `.skip`.
    private mutating func vexilSegment(_ strategy: ExprSyntax?, property: SwiftProperty, style: VexilKeyStyle)
        -> VexilSegment?
    {
        guard let strategy else { return .segment(style.segment(property.name)) }
        switch SwiftEnumCase(strategy) {
        case .some(SwiftEnumCase(name: "default", argument: nil)): return .segment(style.segment(property.name))
        case .some(SwiftEnumCase(name: "kebabcase", argument: nil)):
            return .segment(SwiftKeyStyles.vexil(property.name, separator: "-"))
        case .some(SwiftEnumCase(name: "snakecase", argument: nil)):
            return .segment(SwiftKeyStyles.vexil(property.name, separator: "_"))
        case .some(SwiftEnumCase(name: "skip", argument: nil)): return nil
        case .some(let other) where other.name == "customKey" || other.name == "customKeyPath":
            if let argument = other.argument, case .success(.string(let fixed)) = literals.read(argument, owner: nil) {
                return other.name == "customKey" ? .segment(fixed) : .path(fixed)
            }
            warning(
                "the key of '\(property.name)' is built at run time; it is shown as written", in: property.file,
                at: strategy)
            return .segment(strategy.trimmedDescription)
        default:
            warning(
                "the key strategy of '\(property.name)' is not one Vexil knows; Vexil's default is used",
                in: property.file, at: strategy)
            return .segment(style.segment(property.name))
        }
    }

    private mutating func vexilFlag(
        _ property: SwiftProperty, attribute: AttributeSyntax, owner: String, path: [String], style: VexilKeyStyle
    ) -> FlagDefinition {
        let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) ?? LabeledExprListSyntax([])
        let key: String
        switch vexilSegment(
            arguments.argument("keyStrategy") ?? arguments.argument("codingKeyStrategy"), property: property,
            style: style)
        {
        case .path(let fixed): key = fixed
        case .segment(let segment): key = (path + [segment]).joined(separator: style.separator)
        case nil: key = (path + [style.segment(property.name)]).joined(separator: style.separator)
        }
        var parts = FlagParts(
            property: property, owner: owner, key: key,
            defaultExpression: arguments.argument("default") ?? property.initializer, attribute: attribute,
            file: property.file)
        parts.description = text(
            arguments.argument("description") ?? unlabelledOnly(arguments), owner: owner,
            what: "the description of '\(property.name)'", in: property.file)
        return flag(parts)
    }

    /// The style a `configuration:` argument gives (`VexilConfiguration(…)` or `.init(…)`).
    private mutating func vexilStyle(_ expression: ExprSyntax?, in file: SwiftSourceFile) -> VexilKeyStyle {
        var style = VexilKeyStyle()
        guard let argument = expression else { return style }
        let (expression, expressionFile) = configuration(argument, in: file)
        guard let call = expression.as(FunctionCallExprSyntax.self),
            ["VexilConfiguration", ".init"].contains(call.calledExpression.trimmedDescription)
        else {
            warning(
                "the pole's configuration is built at run time; keys are shown with Vexil's defaults (kebab-case, '.')",
                in: expressionFile, at: expression)
            return style
        }
        if let strategy = call.arguments.argument("codingPathStrategy"), let name = SwiftEnumCase(strategy)?.name {
            style.snakeCase = name == "snakecase"
        }
        if let prefix = call.arguments.argument("prefix"),
            case .success(.string(let text)) = literals.read(prefix, owner: nil)
        {
            style.prefix = text
        }
        if let separator = call.arguments.argument("separator"),
            case .success(.string(let text)) = literals.read(separator, owner: nil)
        {
            style.separator = text
        }
        return style
    }
}
