import SwiftSyntax

/// What RealFlags and Vexil share: a type whose `@Flag` properties are flags and whose
/// properties marked with the library's nesting attribute (`@FlagCollection`, `@FlagGroup`) are
/// collections of their own; each library decides the keys.
extension SwiftBlueprintBuilder {
    /// Of `types`, those that no property marked `@attribute` in another of them holds: the roots
    /// when no loader or pole names them.
    func unnested(_ types: [String], by attribute: String) -> [String] {
        let nested = Set(
            types.flatMap { index.properties(of: $0) }.filter { $0.attribute(attribute) != nil }
                .compactMap { $0.type.map { SwiftFlagTypeName.simple($0) } })
        return types.filter { !nested.contains($0) }
    }

    /// The collection of `typeName`'s properties in the order written (statics left out):
    /// `flag` builds each marked `@Flag`, `nested` each marked `@nestingAttribute`.
    mutating func collection(
        of typeName: String, name: String, description: String?, keyPath: String, origin: SourceReference,
        nestingAttribute: String, flag: (inout Self, SwiftProperty, AttributeSyntax) -> FlagDefinition,
        nested: (inout Self, SwiftProperty, AttributeSyntax) -> FlagCollection?
    ) -> FlagCollection {
        var collection = FlagCollection(name: name, description: description, keyPath: keyPath, origin: origin)
        for property in index.properties(of: typeName) where !property.isStatic {
            if let attribute = property.attribute("Flag") {
                collection.flags.append(flag(&self, property, attribute))
            } else if let attribute = property.attribute(nestingAttribute),
                let child = nested(&self, property, attribute)
            {
                collection.collections.append(child)
            }
        }
        return collection
    }

    /// The type a nesting property holds (`what` is the library's word for it: "collection",
    /// "group"), once it is written, declared in the files read and not already being walked;
    /// it is then in `visiting`, for the caller to remove when its walk is done. Nil, with a
    /// warning or an error at the property, otherwise.
    mutating func nestedType(
        of property: SwiftProperty, attribute: AttributeSyntax, what: String, visiting: inout Set<String>
    ) -> String? {
        guard let type = property.type else {
            warning("the \(what) '\(property.name)' needs a written type", in: property.file, at: property.nameNode)
            return nil
        }
        let typeName = SwiftFlagTypeName.simple(type)
        guard index.declaration(of: typeName) != nil else {
            warning(
                "the \(what) type \(typeName) of '\(property.name)' is not declared in the files read; its flags cannot be shown",
                in: property.file, at: type)
            return nil
        }
        guard visiting.insert(typeName).inserted else {
            error("\(typeName) nests itself through '\(property.name)'", in: property.file, at: attribute)
            return nil
        }
        return typeName
    }
}
