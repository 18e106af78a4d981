import SwiftSyntax

/// The app's `code:` files, parsed once with the Swift blueprints (docs/code.md), and what the
/// blueprints tell about reading a flag there: which properties are flags, which nest
/// collections, which types are Flint features.
package struct SwiftCode {
    /// A type that declares a flag property, and the keys that property has (one per root
    /// that holds the type).
    struct FlagOwner {
        var type: String
        var keys: [String]
    }

    /// The files searched, in the order `code:` lists them.
    let sources: [SwiftSourceFile]
    /// Flag properties by name, with every type that declares one of that name.
    let flagProperties: [String: [FlagOwner]]
    /// Nesting properties (`@FlagCollection`, `@FlagGroup`) by name, with the types they hold.
    let nestings: [String: Set<String>]
    /// The types that declare flags.
    let ownerTypes: Set<String>
    /// Flint feature types, with their feature keys.
    let featureKeys: [String: String]
    /// Each name bound at file scope in any code file (`let appFlags = FlagsLoader(AppFlags.self …)`).
    let globalBindings: [String: SwiftReferenceFinder.Binding]

    init(sources: [SwiftSourceFile], index: SwiftIndex, blueprints: [Blueprint]) {
        self.sources = sources
        var keysAt: [SourceReference: [String]] = [:]
        var featureKeys: [String: String] = [:]
        func walk(_ collection: FlagCollection) {
            for flag in collection.flags { keysAt[flag.origin, default: []].append(flag.key) }
            collection.collections.forEach(walk)
        }
        for blueprint in blueprints {
            walk(blueprint.root)
            for feature in blueprint.features.flatMap(\.flattened) { featureKeys[feature.entryName] = feature.key }
        }
        var properties: [String: [FlagOwner]] = [:]
        var nestings: [String: Set<String>] = [:]
        for name in index.typeOrder {
            for property in index.properties(of: name) where !property.isStatic {
                if let attribute = property.attribute("Flag") {
                    guard let keys = keysAt[property.file.reference(attribute)] else { continue }
                    properties[property.name, default: []].append(FlagOwner(type: name, keys: keys))
                } else if property.attribute("FlagCollection") != nil || property.attribute("FlagGroup") != nil,
                    let type = property.type
                {
                    nestings[property.name, default: []].insert(SwiftFlagTypeName.simple(type))
                }
            }
        }
        flagProperties = properties
        self.nestings = nestings
        ownerTypes = Set(properties.values.flatMap { $0.map(\.type) })
        self.featureKeys = featureKeys
        var bindings: [String: SwiftReferenceFinder.Binding] = [:]
        for source in sources {
            for item in source.tree.statements {
                guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                for (name, binding) in SwiftReferenceFinder.bindings(of: variable) where bindings[name] == nil {
                    bindings[name] = binding
                }
            }
        }
        globalBindings = bindings
    }

    /// The paths of the files searched.
    package var files: [String] { sources.map(\.path) }

    /// Every reference in the code to `keys` (the workspace's declared flags) and to the Flint
    /// features of `features`. Checking a feature reads its switches (`…/runtime_enabled`,
    /// `…/user_toggled`) and its parents and their switches, since Flint checks the parents too.
    package func references(keys: Set<String>, features: [String]) -> CodeReferences {
        var result = CodeReferences(files: files)
        let sortedKeys = keys.sorted()
        let literalKeys = keys.union(features)
        let featureSet = Set(features)
        var dynamic: [String: [CodeReference]] = [:]
        for source in sources {
            let finder = SwiftReferenceFinder(code: self, file: source, keys: literalKeys)
            finder.walk(source.tree)
            for (key, reference) in finder.direct { result.byKey[key, default: []].append(reference) }
            for (feature, reference) in finder.features {
                for key in checked(by: feature, features: featureSet, keys: keys) {
                    result.byKey[key, default: []].append(reference)
                }
            }
            for (start, reference) in finder.dynamic where Self.someKey(in: sortedKeys, startsWith: start) {
                dynamic[start, default: []].append(reference)
            }
        }
        for (key, references) in result.byKey {
            var seen = Set<SourceReference>()
            result.byKey[key] = references.filter { seen.insert($0.place).inserted }.sorted(by: CodeReferences.inOrder)
        }
        result.dynamic = dynamic
        return result
    }

    /// What checking `feature` reads: the feature and the features it is nested in, and their
    /// switch flags (the keys one component below each of them).
    private func checked(by feature: String, features: Set<String>, keys: Set<String>) -> [String] {
        var result: [String] = []
        var parts = feature.split(separator: "/").map(String.init)
        while !parts.isEmpty {
            let owner = parts.joined(separator: "/")
            if features.contains(owner) { result.append(owner) }
            for name in ["runtime_enabled", "user_toggled"] where keys.contains(owner + "/" + name) {
                result.append(owner + "/" + name)
            }
            parts.removeLast()
        }
        return result
    }

    /// Whether some key of `sorted` starts with `start`.
    private static func someKey(in sorted: [String], startsWith start: String) -> Bool {
        let index = sorted.lowerBound(of: start)
        return index < sorted.count && sorted[index].hasPrefix(start)
    }
}
