/// A collection of flags: a blueprint's root, or a collection nested in another.
package struct FlagCollection: Sendable, Hashable {
    /// The entry name (for the root: the blueprint's `name`).
    package var name: String
    /// What the collection groups.
    package var description: String?
    /// The key path of the collection (empty for a root without `keyPrefix`).
    package var keyPath: String
    /// The flags declared directly in this collection, in declaration order.
    package var flags: [FlagDefinition]
    /// Nested collections, in declaration order.
    package var collections: [FlagCollection]
    /// Where the collection is declared.
    package var origin: SourceReference

    /// Creates a collection.
    package init(
        name: String, description: String?, keyPath: String, flags: [FlagDefinition] = [],
        collections: [FlagCollection] = [], origin: SourceReference
    ) {
        self.name = name
        self.description = description
        self.keyPath = keyPath
        self.flags = flags
        self.collections = collections
        self.origin = origin
    }

    /// Every flag in this collection and the nested ones, depth-first in declaration order.
    package var allFlags: [FlagDefinition] {
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
package struct Blueprint: Sendable, Hashable {
    /// The file, relative to the workspace folder.
    package var file: String
    /// The root collection (its `name` is the blueprint's display name).
    package var root: FlagCollection
    /// Products that purchase constraints refer to.
    package var products: [Product]
    /// Top-level features (sub-features nest inside).
    package var features: [FeatureDefinition]
}
