import SwiftSyntax

extension SwiftBlueprintBuilder {
    private static let featureProtocols: Set<String> = [
        "Feature", "ConditionalFeature", "FeatureGroup", "ConditionalFeatureGroup",
    ]
    private static let productTypes: Set<String> = [
        "Product", "NonConsumableProduct", "ConsumableProduct", "NoQuantityProduct", "SubscriptionProduct",
        "AutoRenewingSubscriptionProduct", "NonRenewingSubscriptionProduct",
    ]

    /// Whether the type is a Flint feature or group.
    private func isFlintFeature(_ name: String) -> Bool {
        !index.inherited(by: name).isDisjoint(with: Self.featureProtocols)
    }

    private func isFlintGroup(_ name: String) -> Bool {
        index.inherited(by: name).contains("FeatureGroup")
            || index.inherited(by: name).contains("ConditionalFeatureGroup")
    }

    /// `[A.self, B.self]` of a group's `static var subfeatures`.
    private func subfeatureNames(of name: String) -> [(name: String, node: ExprSyntax)] {
        guard let array = index.staticProperty("subfeatures", of: name)?.initializer?.as(ArrayExprSyntax.self) else {
            return []
        }
        return array.elements.compactMap { element in
            element.expression.selfTypeName.map { (SwiftFlagTypeName.simple(text: $0), element.expression) }
        }
    }

    /// Builds a blueprint per root feature group (given to `Flint.setup`/`quickSetup`, else
    /// nobody's subfeature), with every product constant declared in the files read.
    mutating func buildFlint() {
        let features = index.typeOrder.filter(isFlintFeature)
        guard !features.isEmpty else { return }
        let nested = Set(features.flatMap { subfeatureNames(of: $0).map(\.name) })
        var roots = index.files.flatMap(\.flintRoots).map(\.typeName).filter(isFlintFeature)
        if roots.isEmpty { roots = features.filter { !nested.contains($0) } }
        let products = flintProducts()
        var productsPlaced = false
        for root in roots {
            guard let declaration = index.declaration(of: root) else { continue }
            var visiting: Set<String> = [root]
            let topLevel: [FeatureDefinition]
            if isFlintGroup(root) {
                topLevel = subfeatures(of: root, parentKey: "", visiting: &visiting)
            } else {
                topLevel = flintFeature(root, parentKey: "", visiting: &visiting).map { [$0] } ?? []
            }
            let description = staticText("description", of: root)
            let collection = FlagCollection(
                name: root, description: description, keyPath: "",
                origin: declaration.file.reference(declaration.nameNode))
            output.blueprints.append(
                Blueprint(
                    file: declaration.file.path, root: collection, products: productsPlaced ? [] : products,
                    features: topLevel))
            productsPlaced = true
        }
    }

    private mutating func subfeatures(of group: String, parentKey: String, visiting: inout Set<String>)
        -> [FeatureDefinition]
    {
        var result: [FeatureDefinition] = []
        for (name, node) in subfeatureNames(of: group) {
            guard index.declaration(of: name) != nil else {
                if let file = index.declaration(of: group)?.file {
                    warning(
                        "the feature \(name) is not declared in the files read; it cannot be shown", in: file, at: node)
                }
                continue
            }
            guard visiting.insert(name).inserted else {
                if let file = index.declaration(of: group)?.file {
                    error("\(name) is its own subfeature", in: file, at: node)
                }
                continue
            }
            if let feature = flintFeature(name, parentKey: parentKey, visiting: &visiting) { result.append(feature) }
            visiting.remove(name)
        }
        return result
    }

    /// A `static var`/`let` of the type with a literal text value.
    private func staticText(_ member: String, of type: String) -> String? {
        guard let value = index.staticProperty(member, of: type)?.initializer,
            case .success(.string(let text)) = literals.read(value, owner: type)
        else { return nil }
        return text
    }

    private mutating func flintFeature(_ name: String, parentKey: String, visiting: inout Set<String>)
        -> FeatureDefinition?
    {
        guard let declaration = index.declaration(of: name) else { return nil }
        let trimmed = name.hasSuffix("Feature") && name != "Feature" ? String(name.dropLast("Feature".count)) : name
        let key = KeyDerivation.join([parentKey, KeyDerivation.segment(for: trimmed)])
        let description = staticText("description", of: name)
        if description == nil {
            warning("feature \(name) has no description", in: declaration.file, at: declaration.nameNode)
        }
        var constraints = FeatureConstraints()
        if let (body, builder) = (index.types[name] ?? []).lazy.compactMap(\.constraints).first {
            let file = (index.types[name] ?? []).first { $0.constraints != nil }!.file
            constraints = flintConstraints(body, builder: builder, feature: name, key: key, in: file)
        }
        let features = isFlintGroup(name) ? subfeatures(of: name, parentKey: key, visiting: &visiting) : []
        return FeatureDefinition(
            entryName: name, key: key, explicitName: nil, description: description, constraints: constraints,
            features: features, origin: declaration.file.reference(declaration.nameNode))
    }

    // MARK: Products

    /// Constants built from `Product(name:description:productID:)` or its subclasses, by name.
    private mutating func flintProducts() -> [Product] {
        var products: [Product] = []
        for declarations in index.files {
            for constant in declarations.constants {
                guard let call = constant.value.as(FunctionCallExprSyntax.self),
                    Self.productTypes.contains(call.calledExpression.trimmedDescription)
                else { continue }
                let file = constant.file
                let id = constant.name.split(separator: ".").last.map(String.init) ?? constant.name
                guard
                    let productID = text(
                        call.arguments.argument("productID"), owner: constant.owner, what: "productID of \(id)",
                        in: file)
                else {
                    if call.arguments.argument("productID") == nil {
                        error("product \(id) needs a productID", in: file, at: call)
                    }
                    continue
                }
                let name =
                    text(call.arguments.argument("name"), owner: constant.owner, what: "name of \(id)", in: file) ?? id
                let description = text(
                    call.arguments.argument("description"), owner: constant.owner, what: "description of \(id)",
                    in: file)
                products.append(
                    Product(
                        id: id, name: name, productID: productID, description: description,
                        origin: file.reference(call)))
            }
        }
        return products
    }

    // MARK: Constraints

    private mutating func flintConstraints(
        _ body: CodeBlockSyntax, builder: String, feature: String, key: String, in file: SwiftSourceFile
    ) -> FeatureConstraints {
        var constraints = FeatureConstraints()
        var purchases: [PurchaseRequirement] = []
        var platforms: [(name: String, value: ExprSyntax, node: Syntax)] = []
        for item in body.statements {
            if let call = item.item.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.base?.trimmedDescription == builder
            {
                let origin = file.reference(call)
                switch member.declName.baseName.text {
                case "userToggled":
                    let value = bool(
                        call.arguments.argument("defaultValue"), owner: feature, what: "userToggled's default",
                        in: file)
                    constraints.userToggled = ToggleRequirement(defaultValue: value ?? true, origin: origin)
                case "runtimeEnabled":
                    constraints.runtimeEnabled = .ownKey(
                        defaultValue: runtimeDefault(feature, key: key), origin: origin)
                case "purchase", "purchases":
                    let items = call.arguments.compactMap { purchase($0.expression, in: file) }
                    guard items.count == call.arguments.count, !items.isEmpty else { continue }
                    switch call.arguments.first?.label?.text {
                    case "anyOf": purchases.append(.anyOf(items))
                    case "allOf": purchases.append(.allOf(items))
                    default: purchases.append(contentsOf: items)
                    }
                case "permission", "permissions":
                    for argument in call.arguments {
                        if let permission = permission(argument.expression, in: file) {
                            constraints.permissions.append(
                                PermissionRequirement(permission: permission, origin: file.reference(argument)))
                        }
                    }
                default:
                    warning(
                        "\(builder).\(member.declName.baseName.text)(…) is not a constraint Flagscope knows; it is left out",
                        in: file, at: call)
                }
            } else if let sequence = item.item.as(SequenceExprSyntax.self), sequence.elements.count == 3,
                sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
                let target = sequence.elements.first?.as(MemberAccessExprSyntax.self),
                target.base?.trimmedDescription == builder, let value = sequence.elements.last
            {
                platforms.append((target.declName.baseName.text, value, Syntax(target)))
            } else {
                warning(
                    "this statement is not a constraint Flagscope can read; it is left out", in: file, at: item)
            }
        }
        constraints.purchase = purchases.count == 1 ? purchases[0] : (purchases.isEmpty ? nil : .allOf(purchases))
        constraints.platforms = flintPlatforms(platforms, in: file)
        return constraints
    }

    /// The runtime switch's default: the feature's `static var isEnabled` when a literal, Flint's
    /// `true` when not declared; code is a warning (its key is then marked unknown).
    private mutating func runtimeDefault(_ feature: String, key: String) -> Bool {
        guard let property = index.staticProperty("isEnabled", of: feature) else { return true }
        guard let value = property.initializer else { return true }
        switch literals.read(value, owner: feature) {
        case .success(.bool(let enabled)): return enabled
        case .success(.null):
            warning(
                "isEnabled of \(feature) is nil: Flint then treats the feature as not enabled", in: property.file,
                at: value)
            return false
        case .success:
            error("isEnabled of \(feature) must be true, false or nil", in: property.file, at: value)
        case .failure(let problem):
            warning(
                "the default of runtimeEnabled (isEnabled of \(feature)) cannot be known without compiling: it \(problem.reason); shown as written",
                in: property.file, at: problem.node)
            output.unknownSwitchDefaults[key + "/runtime_enabled"] = value.trimmedDescription
        }
        return false
    }

    /// A product constant or `PurchaseRequirement(…)` as a requirement on product entry names.
    private mutating func purchase(_ expression: ExprSyntax, in file: SwiftSourceFile, depth: Int = 0)
        -> PurchaseRequirement?
    {
        let origin = file.reference(expression)
        if let call = expression.as(FunctionCallExprSyntax.self),
            ["PurchaseRequirement", ".init"].contains(call.calledExpression.trimmedDescription)
        {
            var parts: [PurchaseRequirement] = []
            if let products = call.arguments.argument("products") {
                let elements = products.as(ArrayExprSyntax.self)?.elements.map(\.expression) ?? []
                let items = elements.compactMap { purchase($0, in: file, depth: depth + 1) }
                guard !items.isEmpty, items.count == elements.count else {
                    warning("the products of this requirement cannot be read", in: file, at: products)
                    return nil
                }
                let criteria = call.arguments.argument("matchingCriteria").flatMap { SwiftEnumCase($0)?.name }
                parts.append(criteria == "any" ? .anyOf(items) : .allOf(items))
            } else if let product = call.arguments.first, product.label == nil {
                guard let item = purchase(product.expression, in: file, depth: depth + 1) else { return nil }
                parts.append(item)
            }
            if let dependencies = call.arguments.argument("dependencies")?.as(ArrayExprSyntax.self) {
                for element in dependencies.elements {
                    guard let item = purchase(element.expression, in: file, depth: depth + 1) else { return nil }
                    parts.append(item)
                }
            }
            return parts.count == 1 ? parts[0] : .allOf(parts)
        }
        let name = expression.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
        let constant =
            index.constant(name, from: nil)
            ?? index.constants.values.first { $0.name.hasSuffix("." + name) }
        guard let constant, depth < 8 else {
            error(
                "unknown product '\(expression.trimmedDescription)': no Product constant with that name in the files read",
                in: file, at: expression)
            return nil
        }
        if let call = constant.value.as(FunctionCallExprSyntax.self),
            Self.productTypes.contains(call.calledExpression.trimmedDescription)
        {
            return .product(name, origin)
        }
        return purchase(constant.value, in: constant.file, depth: depth + 1)
    }

    /// `.camera`, `.location(usage: .whenInUse)`, `.contacts(entity: …)`.
    private mutating func permission(_ expression: ExprSyntax, in file: SwiftSourceFile) -> Permission? {
        guard let written = SwiftEnumCase(expression) else {
            error("a permission is written as .camera or .location(usage: .whenInUse)", in: file, at: expression)
            return nil
        }
        var name = written.name
        if name == "location" {
            let usage = written.argument.flatMap { SwiftEnumCase($0)?.name } ?? "whenInUse"
            name = usage == "always" ? "location_always" : "location_when_in_use"
        }
        guard let permission = Permission(name: name) else {
            error(
                "unknown permission '\(written.name)'\(Suggestion.hint(for: written.name, in: Permission.allCases.map { SwiftKeyStyles.camel($0.rawValue) }, listing: "permissions"))",
                in: file, at: expression)
            return nil
        }
        return permission
    }

    /// `requirements.iOS = 13`, `= "10.15.4"`, `= .any`, `= .unsupported`, `iOSOnly = …`.
    private mutating func flintPlatforms(
        _ assignments: [(name: String, value: ExprSyntax, node: Syntax)], in file: SwiftSourceFile
    )
        -> [PlatformRequirement]
    {
        var listed: [Platform: PlatformRequirement] = [:]
        var only: Platform?
        for (name, value, node) in assignments {
            let isOnly = name.hasSuffix("Only")
            guard let platform = Platform(rawValue: isOnly ? String(name.dropLast(4)) : name) else {
                error("unknown platform '\(name)'", in: file, at: node)
                continue
            }
            let support: PlatformSupport
            switch literals.read(value, owner: nil) {
            case .success(.int(let number)): support = .minimum(OSVersion(String(number))!)
            case .success(.double) where OSVersion(value.trimmedDescription) != nil:
                support = .minimum(OSVersion(value.trimmedDescription)!)
            case .success(.double(let number)) where OSVersion(String(number)) != nil:
                support = .minimum(OSVersion(String(number))!)
            case .success(.string(let text)) where OSVersion(text) != nil: support = .minimum(OSVersion(text)!)
            case .success(.enumCase("any")): support = .any
            case .success(.enumCase("unsupported")) where !isOnly: support = .unsupported
            default:
                error(
                    "a platform takes a minimum version (13, \"10.15.4\"), .any or .unsupported", in: file, at: value)
                continue
            }
            if isOnly { only = platform }
            listed[platform] = PlatformRequirement(platform: platform, support: support, origin: file.reference(value))
        }
        if let only, let requirement = listed[only] {
            return Platform.allCases.map { other in
                other == only
                    ? requirement
                    : PlatformRequirement(platform: other, support: .unsupported, origin: requirement.origin)
            }
        }
        return Platform.allCases.compactMap { listed[$0] }
    }
}
