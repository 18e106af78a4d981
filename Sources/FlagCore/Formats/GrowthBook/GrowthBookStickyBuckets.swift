import OrderedCollections

/// The sticky-bucket documents a device has saved, as the SDKs' sticky bucket services keep
/// them: per hashed attribute and value, the variation each experiment gave
/// (`{"attributeName": "id", "attributeValue": "123", "assignments": {"exp__0": "1"}}`). Giving
/// documents (even none) turns sticky bucketing on: an experiment then keeps a device in the
/// variation it had, and reads its `fallbackAttribute`.
package struct GrowthBookStickyBuckets: Sendable, Hashable {
    /// The documents by `attributeName||attributeValue`, in the order given (a later one with the
    /// same attribute and value replaces an earlier one).
    package var documents: OrderedDictionary<String, GrowthBookStickyBucketDocument>
    /// What could not be read, at its place.
    package var problems: [RuleProblem] = []

    /// Creates a set of documents.
    package init(documents: [GrowthBookStickyBucketDocument] = []) {
        var keyed = OrderedDictionary<String, GrowthBookStickyBucketDocument>()
        for document in documents { keyed[document.key] = document }
        self.documents = keyed
    }

    /// Reads a JSON list of documents (or an object of them keyed by `attributeName||value`, as
    /// the SDKs store them); only text that is not JSON, or JSON of another shape, fails.
    package static func read(_ bytes: [UInt8]) throws(DocumentError) -> GrowthBookStickyBuckets {
        let root = try JSONReader.parse(bytes)
        let items: [SourceNode]
        if let list = root.sequence {
            items = list
        } else if let pairs = root.mapping {
            items = pairs.map(\.value)
        } else {
            throw DocumentError(
                "sticky-bucket documents are a JSON list of {attributeName, attributeValue, assignments}, found \(root.kindDescription)",
                at: root.location)
        }
        var buckets = GrowthBookStickyBuckets()
        for item in items {
            guard case .string(let name)? = item["attributeName"].map(JSONValue.init),
                case .string(let value)? = item["attributeValue"].map(JSONValue.init)
            else {
                buckets.problems.append(
                    RuleProblem(
                        "a sticky-bucket document has \"attributeName\" and \"attributeValue\" (text); it is skipped",
                        at: item.location))
                continue
            }
            var assignments = OrderedDictionary<String, String>()
            for (key, assigned) in item["assignments"]?.mapping ?? [] {
                guard case .scalar(let variation, true) = assigned.content else {
                    buckets.problems.append(
                        RuleProblem("an assignment is a variation's key (text); it is skipped", at: assigned.location))
                    continue
                }
                assignments[key.scalarText ?? ""] = variation
            }
            let document = GrowthBookStickyBucketDocument(
                attributeName: name, attributeValue: value, assignments: assignments)
            buckets.documents[document.key] = document
        }
        return buckets
    }

    /// The documents after an experiment's assignment is saved, as the SDK saves it: merged into
    /// the document of its attribute and value (made when there is none).
    package func saving(_ assignment: GrowthBookStickyAssignment) -> GrowthBookStickyBuckets {
        var copy = self
        let key = GrowthBookStickyBucketDocument.key(assignment.attributeName, assignment.attributeValue)
        var document =
            copy.documents[key]
            ?? GrowthBookStickyBucketDocument(
                attributeName: assignment.attributeName, attributeValue: assignment.attributeValue, assignments: [:])
        document.assignments[assignment.experimentKey] = assignment.variationKey
        copy.documents[key] = document
        return copy
    }
}

/// One device's saved variations for one attribute value.
package struct GrowthBookStickyBucketDocument: Sendable, Hashable {
    /// The attribute hashed (`id`, `deviceId`).
    package var attributeName: String
    /// Its value, as text.
    package var attributeValue: String
    /// The variation key each experiment gave, by `experimentKey__bucketVersion`.
    package var assignments: OrderedDictionary<String, String>

    /// Creates a document.
    package init(attributeName: String, attributeValue: String, assignments: OrderedDictionary<String, String>) {
        self.attributeName = attributeName
        self.attributeValue = attributeValue
        self.assignments = assignments
    }

    /// `attributeName||attributeValue`, the key the SDKs store the document under.
    package var key: String { Self.key(attributeName, attributeValue) }

    static func key(_ name: String, _ value: String) -> String { name + "||" + value }
}

/// What an experiment saves when sticky bucketing is on: this variation for this experiment,
/// under the hashed attribute's value.
package struct GrowthBookStickyAssignment: Sendable, Hashable {
    /// The attribute hashed.
    package var attributeName: String
    /// Its value, as the SDK writes it (text as it is, anything else as JSON).
    package var attributeValue: String
    /// `experimentKey__bucketVersion`.
    package var experimentKey: String
    /// The variation's key.
    package var variationKey: String
}
