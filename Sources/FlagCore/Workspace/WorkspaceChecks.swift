import OrderedCollections

/// The checks that span files: duplicate keys, provider names in `excludedProviders`, products
/// and flags that features name, and computed expressions (parse, types, cycles). Also adds the
/// generated keys: feature switches and the context keys of the simulated device.
struct WorkspaceChecks {
    let config: WorkspaceConfig
    let blueprints: [Blueprint]
    var flags: OrderedDictionary<String, FlagDefinition> = [:]
    var features: OrderedDictionary<String, FeatureDefinition> = [:]
    var products: OrderedDictionary<String, Product> = [:]
    var expressions: [String: Expression] = [:]
    var diagnostics: [Diagnostic] = []

    /// A file's text (read when first asked for), to place expression errors inside escaped or
    /// multi-line values.
    let sourceText: (String) -> SourceText?

    init(config: WorkspaceConfig, blueprints: [Blueprint], sourceText: @escaping (String) -> SourceText? = { _ in nil })
    {
        self.config = config
        self.blueprints = blueprints
        self.sourceText = sourceText
    }

    mutating func run() {
        collectFlags()
        collectProducts()
        collectFeatures()
        addContextKeys()
        checkExcludedProviders()
        checkComputed()
    }

    private mutating func add(_ flag: FlagDefinition) {
        // Look up by index: the subscript would copy the (large) definition on every add.
        if let position = flags.index(forKey: flag.key) {
            let earlier = flags.values[position]
            let what = flag.isGenerated ? "a key generated for a feature" : "a flag"
            diagnostics.append(
                .error(
                    "duplicate key '\(flag.key)': \(what) here, and another at \(earlier.origin)",
                    file: flag.origin.file, at: flag.origin.location))
            if !earlier.isGenerated || flag.isGenerated {
                diagnostics.append(
                    .error(
                        "duplicate key '\(flag.key)': declared here, and again at \(flag.origin)",
                        file: earlier.origin.file, at: earlier.origin.location))
            }
            return
        }
        flags[flag.key] = flag
    }

    private mutating func collectFlags() {
        let declared = blueprints.map(\.root.allFlags)
        // Room for every key added later too (two switches per feature, the device's context keys,
        // a few a provider may set): outgrowing the reservation by one key would double it.
        let features = blueprints.reduce(0) { $0 + $1.features.reduce(0) { $0 + $1.flattened.count } }
        let products = blueprints.reduce(0) { $0 + $1.products.count }
        let generated = 2 * features + products + Permission.allCases.count + 3 + 64
        flags.reserveCapacity(declared.reduce(0) { $0 + $1.count } + generated)
        for flagsOfFile in declared {
            for flag in flagsOfFile {
                if flag.key.hasPrefix(ContextKeys.prefix) || flag.key == "context" {
                    diagnostics.append(
                        .error(
                            "keys under 'context/' are reserved for the simulated device; '\(flag.key)' cannot be declared",
                            file: flag.origin.file, at: flag.origin.location))
                    continue
                }
                add(flag)
            }
        }
    }

    private mutating func collectProducts() {
        var byProductID: [String: Product] = [:]
        for product in blueprints.flatMap(\.products) {
            if let earlier = products[product.id] {
                diagnostics.append(
                    .error(
                        "duplicate product '\(product.id)' (also at \(earlier.origin))",
                        file: product.origin.file, at: product.origin.location))
                continue
            }
            if let earlier = byProductID[product.productID] {
                diagnostics.append(
                    .error(
                        "productID '\(product.productID)' is already used by product '\(earlier.id)' at \(earlier.origin)",
                        file: product.origin.file, at: product.origin.location))
            }
            products[product.id] = product
            byProductID[product.productID] = product
        }
    }

    private mutating func collectFeatures() {
        for feature in blueprints.flatMap(\.features).flatMap(\.flattened) {
            if let earlier = features[feature.key] {
                diagnostics.append(
                    .error(
                        "duplicate feature key '\(feature.key)' (also at \(earlier.origin))",
                        file: feature.origin.file, at: feature.origin.location))
                continue
            }
            features[feature.key] = feature
        }
        for feature in features.values {
            let constraints = feature.constraints
            for (name, origin) in constraints.purchase?.productNames ?? [] where products[name] == nil {
                let known = products.keys.elements
                let hint =
                    known.isEmpty
                    ? "; no products are declared (add them under 'products:')"
                    : Suggestion.hint(for: name, in: known, listing: "products")
                diagnostics.append(
                    .error(
                        "unknown product '\(name)'\(hint)",
                        file: origin.file, at: origin.location))
            }
            if let toggle = constraints.userToggled {
                add(
                    switchFlag(
                        feature, segment: "user_toggled", defaultValue: toggle.defaultValue, origin: toggle.origin,
                        description: "User toggle of \(feature.displayName)"))
            }
            if case .ownKey(let defaultValue, let origin)? = constraints.runtimeEnabled {
                add(
                    switchFlag(
                        feature, segment: "runtime_enabled", defaultValue: defaultValue, origin: origin,
                        description: "Runtime switch of \(feature.displayName)"))
            }
        }
        // Named runtime flags are checked once every generated key exists.
        for feature in features.values {
            guard case .flag(let key, let origin)? = feature.constraints.runtimeEnabled else { continue }
            guard let flag = flags[key] else {
                diagnostics.append(
                    .error(
                        "unknown flag '\(key)' in runtimeEnabled\(Suggestion.hint(for: key, in: flags.keys.elements))",
                        file: origin.file, at: origin.location))
                continue
            }
            if flag.type != .bool {
                diagnostics.append(
                    .error(
                        "runtimeEnabled needs a bool flag; '\(key)' is \(flag.type.rawValue)",
                        file: origin.file, at: origin.location))
            }
        }
    }

    private func switchFlag(
        _ feature: FeatureDefinition, segment: String, defaultValue: Bool, origin: SourceReference,
        description: String
    ) -> FlagDefinition {
        FlagDefinition(
            name: segment, key: feature.key + "/" + segment, rules: ValueRules(type: .bool),
            defaultValue: .bool(defaultValue), description: description, origin: origin, isGenerated: true)
    }

    /// The simulated device: platform, OS version, locale, and the permissions and purchases features use.
    private mutating func addContextKeys() {
        let origin = SourceReference(
            file: WorkspacePath.displayPath(of: config.file, in: config.folder), location: .start)
        func context(_ key: String, _ rules: ValueRules, _ defaultValue: FlagValue?, _ description: String)
            -> FlagDefinition
        {
            FlagDefinition(
                name: String(key.split(separator: "/").last ?? ""), key: key, rules: rules, defaultValue: defaultValue,
                description: description, origin: origin, isGenerated: true)
        }
        add(
            context(
                ContextKeys.platform, ValueRules(type: .enum, values: Platform.names), nil,
                "Simulated platform (unset: unknown)"))
        var osVersion = ValueRules(type: .string, pattern: #"[0-9]{1,9}(\.[0-9]{1,9}){0,3}"#)
        osVersion.textKind = ValueRules.TextKind(name: "version", example: "17.4.1")
        add(context(ContextKeys.osVersion, osVersion, nil, "Simulated OS version, such as 17.4.1 (unset: unknown)"))
        add(
            context(
                ContextKeys.locale, ValueRules(type: .string), nil,
                "Simulated locale, such as it or en_GB (unset: none)"))
        var permissions: OrderedSet<Permission> = []
        for feature in features.values {
            for requirement in feature.constraints.permissions { permissions.append(requirement.permission) }
        }
        for permission in permissions {
            add(
                context(
                    permission.contextKey, ValueRules(type: .enum, values: PermissionStatus.allCases.map(\.rawValue)),
                    .string(PermissionStatus.notDetermined.rawValue),
                    "Simulated status of the \(permission.rawValue) permission"))
        }
        for product in products.values {
            add(
                context(
                    product.contextKey, ValueRules(type: .enum, values: PurchaseState.allCases.map(\.rawValue)),
                    .string(PurchaseState.unknown.rawValue), "Simulated purchase state of \(product.name)"))
        }
    }

    /// The definition of a `context/*` key no blueprint generated (docs/blueprints.md#features): permission and
    /// purchase states with their "unset means" defaults, any other key without a default.
    static func contextDefinition(
        _ key: String, origin: SourceReference,
        description: String = "Simulated device context"
    ) -> FlagDefinition? {
        guard let rules = contextRules(key) else { return nil }
        let defaultValue: FlagValue?
        if key.hasPrefix("context/permissions/") {
            defaultValue = .string(PermissionStatus.notDetermined.rawValue)
        } else if key.hasPrefix("context/purchases/") {
            defaultValue = .string(PurchaseState.unknown.rawValue)
        } else {
            defaultValue = nil
        }
        return FlagDefinition(
            name: String(key.split(separator: "/").last ?? ""), key: key, rules: rules,
            defaultValue: defaultValue, description: description, origin: origin, isGenerated: true)
    }

    /// The rules of any `context/*` key: generated ones as declared; the targeting key is text
    /// (OpenFeature's targeting key is a string); any other attribute is text or any JSON value
    /// (docs/rules.md: values keep the JSON type their provider gives).
    static func contextRules(_ key: String) -> ValueRules? {
        guard key.hasPrefix(ContextKeys.prefix) else { return nil }
        if key.hasPrefix("context/permissions/") {
            return Permission(rawValue: String(key.dropFirst("context/permissions/".count))) == nil
                ? nil : ValueRules(type: .enum, values: PermissionStatus.allCases.map(\.rawValue))
        }
        if key.hasPrefix("context/purchases/") {
            return ValueRules(type: .enum, values: PurchaseState.allCases.map(\.rawValue))
        }
        if key == ContextKeys.targetingKey { return ValueRules(type: .string) }
        return .anyJSON
    }

    private mutating func checkExcludedProviders() {
        let names = config.providers.map(\.name)
        for flag in flags.values where !flag.excludedProviders.isEmpty {
            for (index, name) in flag.excludedProviders.enumerated() where !names.contains(name) {
                let hint =
                    names.isEmpty
                    ? "; no providers are declared" : Suggestion.hint(for: name, in: names, listing: "providers")
                let location =
                    index < flag.excludedOrigins.count ? flag.excludedOrigins[index].location : flag.origin.location
                diagnostics.append(
                    .error(
                        "unknown provider '\(name)' in excludedProviders\(hint)",
                        file: flag.origin.file, at: location))
            }
        }
    }

    private mutating func checkComputed() {
        let declared = flags
        let checker = ExpressionChecker(
            rules: { key in declared[key]?.rules ?? WorkspaceChecks.contextRules(key) },
            knownKeys: { declared.keys.elements })
        var reads: [String: [String]] = [:]
        for flag in declared.values {
            guard let source = flag.computed, let origin = flag.computedOrigin else { continue }
            do {
                let expression = try ExpressionParser.parse(source)
                try checker.check(expression, yielding: flag.rules)
                expressions[flag.key] = expression
                reads[flag.key] = expression.referencedKeys
                // Context keys an expression reads appear in the Context branch, settable like any key.
                for key in expression.referencedKeys where key.hasPrefix(ContextKeys.prefix) && flags[key] == nil {
                    flags[key] = Self.contextDefinition(
                        key, origin: origin, description: "Simulated device context, read by \(flag.key)")
                }
            } catch {
                let location =
                    sourceText(origin.file).map { Self.locate(offset: error.offset, in: $0, from: origin.location) }
                    ?? TextLocation(line: origin.location.line, column: origin.location.column + error.offset)
                diagnostics.append(.error("in computed expression: \(error.message)", file: origin.file, at: location))
            }
        }
        // A cycle is reported at the `computed:` value of every flag in it.
        for cycle in Self.cycles(in: reads) {
            let path = (cycle + [cycle[0]]).joined(separator: " → ")
            for key in cycle {
                guard let origin = flags[key]?.computedOrigin else { continue }
                diagnostics.append(
                    .error("computed flags form a cycle: \(path)", file: origin.file, at: origin.location))
                expressions[key] = nil
            }
        }
    }

    /// The file position of the `offset`-th scalar of a scalar's value that starts at `start`:
    /// escapes (`\"`, `\u00e9`, `''`) take more than one column, and folded lines continue
    /// on the next line after the indentation.
    static func locate(offset: Int, in source: SourceText, from start: TextLocation) -> TextLocation {
        var line = start.line
        var raw = Array((source.line(line) ?? "").unicodeScalars)
        var column = start.column
        let opener: Unicode.Scalar? = column >= 2 && column - 2 < raw.count ? raw[column - 2] : nil
        let style: Unicode.Scalar? = opener == "\"" || opener == "'" ? opener : nil
        func nextLine() {
            line += 1
            raw = Array((source.line(line) ?? "").unicodeScalars)
            column = (raw.firstIndex { $0 != " " && $0 != "\t" } ?? 0) + 1
        }
        // A block scalar (`|`, `>`, `>-` …) starts on the next line.
        let isBlock = [column - 2, column - 1].contains { index in
            index >= 0 && index < raw.count && (raw[index] == "|" || raw[index] == ">")
        }
        if isBlock { nextLine() }
        var remaining = offset
        var guardCount = 0
        while remaining > 0, guardCount < 100_000 {
            guardCount += 1
            if column - 1 >= raw.count {
                if source.line(line + 1) == nil { break }
                nextLine()
                remaining -= 1
                continue
            }
            let character = raw[column - 1]
            if style == "\"", character == "\\", column < raw.count {
                switch raw[column] {
                case "x": column += 4
                case "u": column += 6
                case "U": column += 10
                default: column += 2
                }
            } else if style == "'", character == "'", column < raw.count, raw[column] == "'" {
                column += 2
            } else {
                column += 1
            }
            remaining -= 1
        }
        return TextLocation(line: line, column: column)
    }

    /// Strongly connected components with more than one member, or a self-reference (Tarjan).
    static func cycles(in graph: [String: [String]]) -> [[String]] {
        var index = 0
        var indices: [String: Int] = [:]
        var lowLinks: [String: Int] = [:]
        var stack: [String] = []
        var onStack: Set<String> = []
        var result: [[String]] = []
        func connect(_ node: String) {
            indices[node] = index
            lowLinks[node] = index
            index += 1
            stack.append(node)
            onStack.insert(node)
            for next in graph[node] ?? [] where graph[next] != nil {
                if indices[next] == nil {
                    connect(next)
                    lowLinks[node] = min(lowLinks[node]!, lowLinks[next]!)
                } else if onStack.contains(next) {
                    lowLinks[node] = min(lowLinks[node]!, indices[next]!)
                }
            }
            if lowLinks[node] == indices[node] {
                var component: [String] = []
                while let top = stack.popLast() {
                    onStack.remove(top)
                    component.append(top)
                    if top == node { break }
                }
                if component.count > 1 || (graph[node] ?? []).contains(node) { result.append(component.reversed()) }
            }
        }
        for node in graph.keys.sorted() where indices[node] == nil { connect(node) }
        return result
    }
}
