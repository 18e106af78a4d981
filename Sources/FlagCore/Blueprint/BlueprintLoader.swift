import Foundation

/// Turns one parsed blueprint document into a ``Blueprint``, collecting every problem on the way.
///
/// Checks that need more than one file (duplicate keys, provider names, products, flags that
/// features or expressions refer to) run later in ``WorkspaceChecks``.
struct BlueprintLoader {
    let file: String
    var diagnostics: [Diagnostic] = []
    /// Tag lists and rules already read from this blueprint, for flags that repeat them to share.
    private var seenLists = SeenValues<[String]>()
    private var seenRules = SeenValues<ValueRules>()

    static let rootFields = ["name", "description", "keyPrefix", "flags", "collections", "products", "features"]
    static let collectionFields = ["name", "description", "key", "skip", "flags", "collections"]
    static let flagFields = [
        "type", "default", "description", "values", "min", "max", "pattern", "key", "locked",
        "hidden", "tags", "owner", "expires", "excludedProviders", "requiresRestart", "computed",
    ]
    static let productFields = ["name", "productID", "description"]
    static let featureFields = ["name", "description", "key", "constraints", "features"]
    /// `iOSOnly: 15` may stand directly in `constraints` (as docs/blueprints.md#features writes it) or inside `platforms`.
    static let constraintFields =
        ["permissions", "purchase", "userToggled", "runtimeEnabled", "platforms"]
        + Platform.names.map { $0 + "Only" }

    init(file: String) { self.file = file }

    /// Reads the whole blueprint; `nil` only when the root is not a mapping.
    mutating func load(_ root: SourceNode) -> Blueprint? {
        guard
            let reader = MappingReader(
                root, file: file, what: "a blueprint", allowed: Self.rootFields, diagnostics: &diagnostics)
        else {
            return nil
        }
        let name = reader.text("name", &diagnostics)
        if name == nil, reader.value("name") == nil {
            diagnostics.append(.error("a blueprint needs a 'name' (its display name)", file: file, at: root.location))
        }
        var prefix = ""
        if let text = reader.text("keyPrefix", &diagnostics), let node = reader.value("keyPrefix") {
            prefix = checkedKeyText(text, node: node, field: "keyPrefix") ?? ""
        }
        var collection = FlagCollection(
            name: name ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent,
            description: reader.text("description", &diagnostics), keyPath: prefix,
            origin: reader.reference(root))
        collection.flags = loadFlags(reader, parentPath: prefix)
        collection.collections = loadCollections(reader, parentPath: prefix)
        let products = loadProducts(reader)
        let features = reader.entries("features", &diagnostics).compactMap {
            loadFeature(name: $0.name, keyNode: $0.key, node: $0.value, parentPath: prefix)
        }
        return Blueprint(file: file, root: collection, products: products, features: features)
    }

    // MARK: Collections and flags

    private mutating func loadCollections(_ reader: MappingReader, parentPath: String) -> [FlagCollection] {
        reader.entries("collections", &diagnostics).compactMap { entry in
            guard
                let fields = MappingReader(
                    entry.value, file: file, what: "collection '\(entry.name)'",
                    allowed: Self.collectionFields, diagnostics: &diagnostics)
            else { return nil }
            let skip = fields.bool("skip", &diagnostics) ?? false
            let segment = skip ? "" : segment(for: entry.name, fields: fields)
            let path = KeyDerivation.join([parentPath, segment])
            var collection = FlagCollection(
                name: fields.text("name", &diagnostics) ?? entry.name,
                description: fields.text("description", &diagnostics),
                keyPath: path, origin: fields.reference(entry.key))
            collection.flags = loadFlags(fields, parentPath: path)
            collection.collections = loadCollections(fields, parentPath: path)
            return collection
        }
    }

    private mutating func loadFlags(_ reader: MappingReader, parentPath: String) -> [FlagDefinition] {
        reader.entries("flags", &diagnostics).compactMap {
            loadFlag(name: $0.name, keyNode: $0.key, node: $0.value, parentPath: parentPath)
        }
    }

    /// The flag `name` (its key written at `keyNode`) that `node` defines; `nil` when it has
    /// no usable type or default. Every field is read even then, so all problems show at once.
    private mutating func loadFlag(name: String, keyNode: SourceNode, node: SourceNode, parentPath: String)
        -> FlagDefinition?
    {
        guard
            let fields = MappingReader(
                node, file: file, what: "flag '\(name)'", allowed: Self.flagFields,
                diagnostics: &diagnostics)
        else { return nil }
        let key = KeyDerivation.join([parentPath, segment(for: name, fields: fields)])
        guard let type = flagType(of: name, keyNode: keyNode, fields: fields) else { return nil }
        let rules = seenRules.shared(loadRules(type: type, fields: fields))

        let description = fields.text("description", &diagnostics)
        if description == nil, fields.value("description") == nil {
            diagnostics.append(.warning("flag '\(name)' has no description", file: file, at: keyNode.location))
        }
        let defaultValue = defaultValue(of: name, keyNode: keyNode, fields: fields, rules: rules)
        let expires = expiry(fields)
        let computedNode = fields.value("computed")
        let computed = fields.text("computed", &diagnostics)
        // Everything else is read even when the default is bad, so all problems show at once.
        let locked = fields.bool("locked", &diagnostics) ?? false
        let hidden = fields.bool("hidden", &diagnostics) ?? false
        let requiresRestart = fields.bool("requiresRestart", &diagnostics) ?? false
        let tags = seenLists.shared(fields.textList("tags", &diagnostics).map(\.text))
        let owner = fields.text("owner", &diagnostics)
        let excludedItems = fields.textList("excludedProviders", &diagnostics)
        let excluded = excludedItems.map(\.text)
        guard let defaultValue else { return nil }
        var flag = FlagDefinition(
            name: name, key: key, rules: rules, defaultValue: defaultValue, description: description,
            locked: locked, hidden: hidden, tags: tags, owner: owner, expires: expires,
            excludedProviders: excluded, requiresRestart: requiresRestart, computed: computed,
            origin: fields.reference(keyNode),
            computedOrigin: computedNode.map { SourceReference(file: file, location: Self.contentStart($0).location) }
        )
        flag.excludedOrigins = excludedItems.map { fields.reference($0.node) }
        return flag
    }

    /// The flag's `type`; `nil` when it is missing or unknown (reported, with the types to
    /// choose from or the closest).
    private mutating func flagType(of name: String, keyNode: SourceNode, fields: MappingReader) -> FlagType? {
        guard let typeText = fields.text("type", &diagnostics) else {
            if fields.value("type") == nil {
                diagnostics.append(
                    .error(
                        "flag '\(name)' has no 'type'; use one of \(FlagType.names.joined(separator: ", "))",
                        file: file, at: keyNode.location))
            }
            return nil
        }
        guard let type = FlagType(rawValue: typeText) else {
            let typeNode = fields.value("type")!
            diagnostics.append(
                .error(
                    "unknown type '\(typeText)'\(Suggestion.hint(for: typeText, in: FlagType.names, listing: "types"))",
                    file: file, at: typeNode.location))
            return nil
        }
        return type
    }

    /// The flag's `default`, read by its `rules`; `nil` when it is missing or does not fit
    /// (reported).
    private mutating func defaultValue(of name: String, keyNode: SourceNode, fields: MappingReader, rules: ValueRules)
        -> FlagValue?
    {
        guard let defaultNode = fields.value("default"), !defaultNode.isNull else {
            diagnostics.append(
                .error(
                    "flag '\(name)' has no default; every flag needs 'default:' (\(rules.typeDescription))",
                    file: file, at: fields.value("default")?.location ?? keyNode.location))
            return nil
        }
        switch rules.value(from: defaultNode) {
        case .success(let value):
            return value
        case .failure(let problem):
            diagnostics.append(
                .error(
                    "default of '\(name)' does not fit its type: \(problem.message)",
                    file: file, at: defaultNode.location))
            return nil
        }
    }

    /// The flag's `expires` date as written; `nil` when there is none or it is no date
    /// (reported).
    private mutating func expiry(_ fields: MappingReader) -> String? {
        guard let text = fields.text("expires", &diagnostics) else { return nil }
        guard FlagDate.parse(text) != nil else {
            diagnostics.append(
                .error(
                    "'expires' must be a date such as 2026-06-30, found \(text)",
                    file: file, at: fields.value("expires")!.location))
            return nil
        }
        return text
    }

    /// Where a scalar's text begins: one column after the opening quote of a quoted scalar.
    private static func contentStart(_ node: SourceNode) -> SourceReference {
        var location = node.location
        if !node.isPlainScalar { location.column += 1 }
        return SourceReference(file: "", location: location)
    }

    /// The rules of a flag of `type`: reads `values`, `min`, `max` and `pattern`, checking each
    /// applies to the type.
    private mutating func loadRules(type: FlagType, fields: MappingReader) -> ValueRules {
        // Gathered first and boxed once (each setter would box the limits anew).
        var rules = (values: [String](), minimum: Double?.none, maximum: Double?.none, pattern: String?.none)
        let values = fields.textList("values", &diagnostics)
        if type == .enum {
            if values.isEmpty {
                diagnostics.append(
                    .error(
                        "an enum flag needs 'values' (the allowed values)",
                        file: file, at: fields.value("values")?.location ?? fields.value("type")!.location))
            }
            var seen: Set<String> = []
            for (text, node) in values where !seen.insert(text).inserted {
                diagnostics.append(.error("duplicate enum value '\(text)'", file: file, at: node.location))
            }
            rules.values = values.map(\.text)
        } else if let node = fields.keyNode("values") {
            diagnostics.append(
                .warning(
                    "'values' only applies to enum flags; this flag is \(type.rawValue)", file: file, at: node.location)
            )
        }
        for bound in ["min", "max"] {
            guard let keyNode = fields.keyNode(bound) else { continue }
            guard type == .int || type == .double else {
                diagnostics.append(
                    .warning(
                        "'\(bound)' only applies to int and double flags; this flag is \(type.rawValue)",
                        file: file, at: keyNode.location))
                continue
            }
            let number =
                type == .int ? fields.int(bound, &diagnostics).map(Double.init) : fields.number(bound, &diagnostics)
            if bound == "min" { rules.minimum = number } else { rules.maximum = number }
        }
        if let minimum = rules.minimum, let maximum = rules.maximum, minimum > maximum {
            diagnostics.append(
                .error(
                    "'max' (\(ValueRules.number(maximum, for: type))) is below 'min' (\(ValueRules.number(minimum, for: type)))",
                    file: file, at: fields.value("max")!.location))
        }
        if let pattern = fields.text("pattern", &diagnostics) {
            if type != .string {
                diagnostics.append(
                    .warning(
                        "'pattern' only applies to string flags; this flag is \(type.rawValue)",
                        file: file, at: fields.keyNode("pattern")!.location))
            } else if (try? Regex(pattern)) == nil {
                diagnostics.append(
                    .error(
                        "'pattern' is not a valid regular expression: \(pattern)",
                        file: file, at: fields.value("pattern")!.location))
            } else {
                rules.pattern = pattern
            }
        }
        return ValueRules(
            type: type, values: rules.values, minimum: rules.minimum, maximum: rules.maximum, pattern: rules.pattern)
    }

    /// The key segment of an entry: its explicit `key:` or the snake_case of its name.
    private mutating func segment(for name: String, fields: MappingReader) -> String {
        if let explicit = fields.text("key", &diagnostics), let node = fields.value("key"),
            let checked = checkedKeyText(explicit, node: node, field: "key")
        {
            return checked
        }
        return KeyDerivation.segment(for: name)
    }

    /// A `key:` or `keyPrefix:` must be usable as key segments: no blanks, no empty segments.
    private mutating func checkedKeyText(_ text: String, node: SourceNode, field: String) -> String? {
        if text.isEmpty { return field == "keyPrefix" ? "" : nil }
        let bad =
            text.hasPrefix("/") || text.hasSuffix("/") || text.contains("//")
            || text.unicodeScalars.contains { $0.properties.isWhitespace || TerminalText.needsEscape($0) }
        if bad {
            diagnostics.append(
                .error(
                    "'\(field)' must be key segments joined by '/', without blanks: '\(text)'",
                    file: file, at: node.location))
            return nil
        }
        return text
    }

    // MARK: Products and features

    private mutating func loadProducts(_ reader: MappingReader) -> [Product] {
        reader.entries("products", &diagnostics).compactMap { entry in
            guard
                let fields = MappingReader(
                    entry.value, file: file, what: "product '\(entry.name)'",
                    allowed: Self.productFields, diagnostics: &diagnostics)
            else { return nil }
            guard let productID = fields.text("productID", &diagnostics), !productID.isEmpty else {
                if fields.value("productID") == nil {
                    diagnostics.append(
                        .error(
                            "product '\(entry.name)' needs a 'productID' (the store identifier)",
                            file: file, at: entry.key.location))
                }
                return nil
            }
            return Product(
                id: entry.name, name: fields.text("name", &diagnostics) ?? entry.name, productID: productID,
                description: fields.text("description", &diagnostics), origin: fields.reference(entry.key))
        }
    }

    private mutating func loadFeature(name: String, keyNode: SourceNode, node: SourceNode, parentPath: String)
        -> FeatureDefinition?
    {
        guard
            let fields = MappingReader(
                node, file: file, what: "feature '\(name)'",
                allowed: Self.featureFields, diagnostics: &diagnostics)
        else { return nil }
        let key = KeyDerivation.join([parentPath, segment(for: name, fields: fields)])
        let explicitName = fields.text("name", &diagnostics)
        let description = fields.text("description", &diagnostics)
        if explicitName == nil, description == nil {
            diagnostics.append(
                .warning("feature '\(name)' has no name or description", file: file, at: keyNode.location))
        }
        var constraints = FeatureConstraints()
        if let constraintNode = fields.value("constraints"), !constraintNode.isNull,
            let reader = MappingReader(
                constraintNode, file: file, what: "constraints", allowed: Self.constraintFields,
                diagnostics: &diagnostics)
        {
            constraints = loadConstraints(reader)
        }
        let features = fields.entries("features", &diagnostics).compactMap {
            loadFeature(name: $0.name, keyNode: $0.key, node: $0.value, parentPath: key)
        }
        return FeatureDefinition(
            entryName: name, key: key, explicitName: explicitName, description: description,
            constraints: constraints, features: features, origin: fields.reference(keyNode))
    }

    private mutating func loadConstraints(_ reader: MappingReader) -> FeatureConstraints {
        var constraints = FeatureConstraints()
        if let node = reader.value("permissions"), !node.isNull {
            constraints.permissions = loadPermissions(node)
        }
        if let node = reader.value("purchase"), !node.isNull {
            constraints.purchase = loadPurchase(node)
        }
        if let node = reader.value("userToggled"), !node.isNull,
            let value = loadSwitch(node, what: "userToggled", allowsFlag: false)
        {
            if case .ownKey(let defaultValue, let origin) = value {
                constraints.userToggled = ToggleRequirement(defaultValue: defaultValue, origin: origin)
            }
        }
        if let node = reader.value("runtimeEnabled"), !node.isNull {
            constraints.runtimeEnabled = loadSwitch(node, what: "runtimeEnabled", allowsFlag: true)
        }
        let onlyPairs = reader.pairs.filter { pair in Platform.names.contains { pair.key.scalarText == $0 + "Only" } }
        if let node = reader.value("platforms"), !node.isNull {
            if let first = onlyPairs.first {
                diagnostics.append(
                    .error(
                        "write '\(first.key.scalarText!)' inside 'platforms', or 'platforms' alone, not both",
                        file: file, at: first.key.location))
            }
            constraints.platforms = loadPlatforms(node)
        } else if !onlyPairs.isEmpty {
            constraints.platforms = loadPlatforms(SourceNode(.mapping(onlyPairs), at: onlyPairs[0].key.location))
        }
        return constraints
    }

    private mutating func loadPermissions(_ node: SourceNode) -> [PermissionRequirement] {
        let items = node.sequence ?? [node]
        var result: [PermissionRequirement] = []
        for item in items {
            var name: String?
            var nameNode = item
            if let text = item.scalarText {
                name = text
            } else if let pairs = item.mapping, pairs.count == 1, let kind = pairs[0].key.scalarText,
                let detail = pairs[0].value.scalarText
            {
                // `{ location: whenInUse }` is the Flint spelling of location_when_in_use.
                nameNode = pairs[0].value
                if kind == "location" {
                    let variants = ["whenInUse": "location_when_in_use", "always": "location_always"]
                    guard let mapped = variants[detail] else {
                        diagnostics.append(
                            .error(
                                "unknown location usage '\(detail)'\(Suggestion.hint(for: detail, in: ["whenInUse", "always"], listing: "usages"))",
                                file: file, at: nameNode.location))
                        continue
                    }
                    name = mapped
                } else {
                    diagnostics.append(
                        .error(
                            "only location takes a usage ({ location: whenInUse } or { location: always }); write '\(kind)' as a plain name",
                            file: file, at: pairs[0].key.location))
                    continue
                }
            }
            guard let name else {
                diagnostics.append(
                    .error(
                        "a permission is a name such as camera, or { location: whenInUse }", file: file,
                        at: item.location))
                continue
            }
            guard let permission = Permission(name: name) else {
                diagnostics.append(
                    .error(
                        "unknown permission '\(name)'\(Suggestion.hint(for: name, in: Permission.names, listing: "permissions"))",
                        file: file, at: nameNode.location))
                continue
            }
            result.append(
                PermissionRequirement(
                    permission: permission, origin: SourceReference(file: file, location: nameNode.location)))
        }
        return result
    }

    private mutating func loadPurchase(_ node: SourceNode) -> PurchaseRequirement? {
        if let text = node.scalarText {
            return .product(text, SourceReference(file: file, location: node.location))
        }
        guard let pairs = node.mapping, pairs.count == 1, let kind = pairs[0].key.scalarText else {
            diagnostics.append(
                .error(
                    "a purchase is a product name, { anyOf: [...] } or { allOf: [...] }", file: file, at: node.location)
            )
            return nil
        }
        guard kind == "anyOf" || kind == "allOf" else {
            diagnostics.append(
                .error(
                    "unknown purchase combinator '\(kind)'\(Suggestion.hint(for: kind, in: ["anyOf", "allOf"], listing: "combinators"))",
                    file: file, at: pairs[0].key.location))
            return nil
        }
        guard let items = pairs[0].value.sequence, !items.isEmpty else {
            diagnostics.append(
                .error("'\(kind)' needs a non-empty list of products", file: file, at: pairs[0].value.location))
            return nil
        }
        let parts = items.compactMap { loadPurchase($0) }
        guard parts.count == items.count else { return nil }
        return kind == "anyOf" ? .anyOf(parts) : .allOf(parts)
    }

    /// `{ default: true }`, `true`, or (runtimeEnabled only) `{ flag: some/key }`.
    private mutating func loadSwitch(_ node: SourceNode, what: String, allowsFlag: Bool) -> RuntimeRequirement? {
        let origin = SourceReference(file: file, location: node.location)
        if node.isPlainScalar, let text = node.scalarText, let bool = PlainScalar.bool(text) {
            return .ownKey(defaultValue: bool, origin: origin)
        }
        let allowed = allowsFlag ? ["default", "flag"] : ["default"]
        guard let reader = MappingReader(node, file: file, what: what, allowed: allowed, diagnostics: &diagnostics)
        else { return nil }
        if allowsFlag, let flag = reader.text("flag", &diagnostics) {
            if reader.value("default") != nil {
                diagnostics.append(
                    .error(
                        "'\(what)' takes either 'flag' or 'default', not both", file: file,
                        at: reader.keyNode("default")!.location))
            }
            return .flag(key: flag, origin: SourceReference(file: file, location: reader.value("flag")!.location))
        }
        return .ownKey(defaultValue: reader.bool("default", &diagnostics) ?? true, origin: origin)
    }

    private mutating func loadPlatforms(_ node: SourceNode) -> [PlatformRequirement] {
        guard let pairs = node.mapping else {
            diagnostics.append(
                .error(
                    "'platforms' must be a mapping such as { iOS: 15, macOS: \"13.1\", watchOS: unsupported }",
                    file: file, at: node.location))
            return []
        }
        var listed: [Platform: PlatformRequirement] = [:]
        var only: (Platform, SourceNode)?
        let allNames = Platform.names + Platform.names.map { $0 + "Only" }
        for (key, value) in pairs {
            guard let name = key.scalarText else { continue }
            var platformName = name
            var isOnly = false
            if name.hasSuffix("Only"), Platform(rawValue: String(name.dropLast(4))) != nil {
                platformName = String(name.dropLast(4))
                isOnly = true
            }
            guard let platform = Platform(rawValue: platformName) else {
                diagnostics.append(
                    .error(
                        "unknown platform '\(name)'\(Suggestion.hint(for: name, in: allNames, listing: "platforms", names: Platform.names)) (or iOSOnly: 15 …)",
                        file: file, at: key.location))
                continue
            }
            guard let support = loadSupport(value, isOnly: isOnly) else { continue }
            if isOnly {
                if let (_, earlier) = only {
                    diagnostics.append(
                        .error(
                            "only one 'xOnly' platform is allowed (another at line \(earlier.location.line))",
                            file: file, at: key.location))
                }
                only = (platform, key)
            }
            listed[platform] = PlatformRequirement(
                platform: platform, support: support, origin: SourceReference(file: file, location: value.location))
        }
        if let (platform, onlyKey) = only {
            if listed.count > 1 {
                diagnostics.append(
                    .error(
                        "'\(platform.rawValue)Only' makes every other platform unsupported; remove the other platforms",
                        file: file, at: onlyKey.location))
            }
            let origin = SourceReference(file: file, location: onlyKey.location)
            return Platform.allCases.map { other in
                other == platform
                    ? listed[platform]! : PlatformRequirement(platform: other, support: .unsupported, origin: origin)
            }
        }
        return Platform.allCases.compactMap { listed[$0] }
    }

    private mutating func loadSupport(_ node: SourceNode, isOnly: Bool) -> PlatformSupport? {
        guard let text = node.scalarText, !node.isNull else {
            diagnostics.append(
                .error(
                    "a platform takes a minimum version (15, \"10.15.4\"), any or unsupported", file: file,
                    at: node.location))
            return nil
        }
        if text == "any" { return .any }
        if text == "unsupported", !isOnly { return .unsupported }
        guard let version = OSVersion(text) else {
            diagnostics.append(
                .error(
                    "bad version '\(text)'; write a version such as 15, 13.1 or \"10.15.4\"\(isOnly ? "" : ", or any, or unsupported")",
                    file: file, at: node.location))
            return nil
        }
        return .minimum(version)
    }
}
