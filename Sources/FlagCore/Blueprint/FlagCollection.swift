/// A collection of flags: a blueprint's root, or a collection nested in another.
public struct FlagCollection: Sendable, Hashable {
    /// The entry name (for the root: the blueprint's `name`).
    public var name: String
    /// What the collection groups.
    public var description: String?
    /// The key path of the collection (empty for a root without `keyPrefix`).
    public var keyPath: String
    /// The flags declared directly in this collection, in declaration order.
    public var flags: [FlagDefinition]
    /// Nested collections, in declaration order.
    public var collections: [FlagCollection]
    /// Where the collection is declared.
    public var origin: SourceReference

    /// Creates a collection.
    public init(name: String, description: String?, keyPath: String, flags: [FlagDefinition] = [],
                collections: [FlagCollection] = [], origin: SourceReference) {
        self.name = name
        self.description = description
        self.keyPath = keyPath
        self.flags = flags
        self.collections = collections
        self.origin = origin
    }

    /// Every flag in this collection and the nested ones, depth-first in declaration order.
    public var allFlags: [FlagDefinition] {
        var result: [FlagDefinition] = []
        func visit(_ collection: FlagCollection) {
            result.append(contentsOf: collection.flags)
            collection.collections.forEach(visit)
        }
        visit(self)
        return result
    }
}

/// One blueprint file: a root collection plus the products and features it declares.
public struct Blueprint: Sendable, Hashable {
    /// The file, relative to the workspace folder.
    public var file: String
    /// The root collection (its `name` is the blueprint's display name).
    public var root: FlagCollection
    /// Products that purchase constraints refer to.
    public var products: [Product]
    /// Top-level features (sub-features nest inside).
    public var features: [FeatureDefinition]
}
