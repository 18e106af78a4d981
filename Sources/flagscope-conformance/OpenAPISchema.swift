import FlagCore

/// The schemas of an OpenAPI file, checking JSON answers against them: `$ref`, `type`,
/// `required`, `properties`, `enum`, `allOf`, `oneOf`, `additionalProperties` — what OFREP's
/// file uses. `oneOf` is checked as "at least one": in OFREP's file every answer with a value
/// also fits `codeDefaultFlag` (an object of any properties), and an integer fits both
/// `integerFlag` and `floatFlag`, so "exactly one" holds for no answer.
struct OpenAPISchema {
    /// The file's `components/schemas`, by name.
    let schemas: [String: SourceNode]

    /// Reads the schemas of an OpenAPI YAML file.
    init(yaml bytes: [UInt8]) throws {
        let root = try YAMLReader.parse(bytes)
        let components = Self.member("components", of: root)
        var schemas: [String: SourceNode] = [:]
        for (key, value) in Self.member("schemas", of: components ?? root)?.mapping ?? [] {
            if let name = key.scalarText { schemas[name] = value }
        }
        self.schemas = schemas
    }

    static func member(_ name: String, of node: SourceNode?) -> SourceNode? {
        node?.mapping?.first { $0.key.scalarText == name }?.value
    }

    /// Why `value` does not fit the schema named `name`, at `path`; none when it fits.
    func problems(of value: JSONValue, against name: String, at path: String = "$") -> [String] {
        guard let schema = schemas[name] else { return ["no schema named \(name)"] }
        return problems(of: value, against: schema, at: path)
    }

    private func problems(of value: JSONValue, against schema: SourceNode, at path: String) -> [String] {
        if let reference = Self.member("$ref", of: schema)?.scalarText {
            return problems(of: value, against: String(reference.split(separator: "/").last ?? ""), at: path)
        }
        var found: [String] = []
        if let type = Self.member("type", of: schema)?.scalarText, !Self.fits(value, type: type) {
            return ["\(path): \(Self.describe(value)) where the schema wants \(type)"]
        }
        if let allowed = Self.member("enum", of: schema)?.sequence?.compactMap(\.scalarText),
            case .string(let text) = value, !allowed.contains(text)
        {
            found.append("\(path): \"\(text)\" is none of \(allowed.joined(separator: ", "))")
        }
        if case .object(let members) = value {
            for required in Self.member("required", of: schema)?.sequence?.compactMap(\.scalarText) ?? []
            where members[required] == nil {
                found.append("\(path): no \(required), which the schema requires")
            }
            let properties = Self.member("properties", of: schema)?.mapping ?? []
            for (key, property) in properties {
                guard let name = key.scalarText, let member = members[name] else { continue }
                found += problems(of: member, against: property, at: "\(path).\(name)")
            }
            if let additional = Self.member("additionalProperties", of: schema), additional.mapping != nil {
                let named = Set(properties.compactMap(\.key.scalarText))
                for (name, member) in members where !named.contains(name) {
                    found += problems(of: member, against: additional, at: "\(path).\(name)")
                }
            }
        }
        if case .array(let items) = value, let itemSchema = Self.member("items", of: schema) {
            for (index, item) in items.enumerated() {
                found += problems(of: item, against: itemSchema, at: "\(path)[\(index)]")
            }
        }
        for part in Self.member("allOf", of: schema)?.sequence ?? [] {
            found += problems(of: value, against: part, at: path)
        }
        if let choices = Self.member("oneOf", of: schema)?.sequence,
            !choices.contains(where: { problems(of: value, against: $0, at: path).isEmpty })
        {
            found.append("\(path): \(Self.describe(value)) fits none of the schema's \(choices.count) choices")
        }
        return found
    }

    /// Whether `value` is of the JSON Schema type `type`.
    static func fits(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("integer", .int),
            ("number", .int), ("number", .double), ("null", .null):
            return true
        default:
            return false
        }
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
