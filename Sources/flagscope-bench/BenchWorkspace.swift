import Foundation

/// The blueprint syntax of a generated workspace.
enum BlueprintSyntax: String, CaseIterable {
    case json, yaml

    var fileExtension: String { self == .json ? "json" : "yml" }
}

/// A generated workspace of a given size, written to a temporary folder.
///
/// The shape follows what large apps carry: ten blueprint files, each a root collection with
/// groups of 100 flags, 40 of them in a nested collection; every type; descriptions, tags and
/// owners; enum values and ranges. Three file providers set a fifth to a half of the keys:
/// Remote (firebase, every 2nd key, as strings), Local (json, writable, every 5th) and QA
/// (flagd, every 4th, offset by one), plus an env provider.
struct BenchWorkspace {
    /// The folder holding `flagscope.yml`.
    let folder: URL
    /// How many flags the blueprints declare.
    let flagCount: Int
    /// The blueprint syntax.
    let syntax: BlueprintSyntax
    /// Every file the workspace reads, with the workspace file first.
    let files: [URL]
    /// Every key, in declaration order.
    let keys: [String]

    var workspaceFile: URL { folder.appendingPathComponent("flagscope.yml") }
    var localFile: URL { folder.appendingPathComponent("providers/local.json") }

    /// Bytes of every file the workspace reads.
    var inputBytes: Int {
        files.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0) }
    }

    /// The JSON files: what `jq` reads for comparison (the blueprints only when they are JSON).
    var jsonFiles: [URL] { files.filter { $0.pathExtension == "json" } }

    static let blueprintFiles = 10
    static let groupSize = 100
    static let nestedPerGroup = 40
    static let types = ["bool", "int", "double", "string", "enum", "date", "url", "json"]

    /// Writes a workspace of `flagCount` flags under `parent`.
    static func generate(flagCount: Int, syntax: BlueprintSyntax, under parent: URL) throws -> BenchWorkspace {
        let folder = parent.appendingPathComponent("\(syntax.rawValue)-\(flagCount)")
        try? FileManager.default.removeItem(at: folder)
        for sub in ["blueprints", "providers"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let blueprints = try writeBlueprints(flagCount: flagCount, syntax: syntax, in: folder)
        var files = blueprints.files
        let keys = blueprints.keys

        var remote: [(String, Any)] = []
        var local: [(String, Any)] = []
        var flagd: [(String, Any)] = []
        for (index, key) in keys.enumerated() {
            let type = types[index % types.count]
            if index % 2 == 0 {
                remote.append((key, [("defaultValue", [("value", providerText(type, index))])]))
            }
            if index % 5 == 0 { local.append((key, providerValue(type, index))) }
            if index % 4 == 1 {
                flagd.append(
                    (
                        key,
                        [
                            ("state", "ENABLED"), ("variants", [("on", providerValue(type, index + 1))]),
                            ("defaultVariant", "on"),
                        ] as [(String, Any)]
                    ))
            }
        }
        let providerFiles: [(String, Any)] = [
            ("providers/remote.json", [("parameters", remote)] as [(String, Any)]),
            ("providers/local.json", local),
            ("providers/qa.json", [("flags", flagd)] as [(String, Any)]),
        ]
        for (path, tree) in providerFiles {
            let url = folder.appendingPathComponent(path)
            try Data(JSONText.write(tree).utf8).write(to: url)
            files.append(url)
        }
        let config = """
            blueprints:
              - blueprints/*.\(syntax.fileExtension)
            providers:
              - name: Remote
                format: firebase
                path: providers/remote.json
              - name: Local
                format: json
                path: providers/local.json
                writable: true
              - name: QA
                format: flagd
                path: providers/qa.json
              - name: Environment
                format: env
                prefix: BENCH_

            """
        try Data(config.utf8).write(to: folder.appendingPathComponent("flagscope.yml"))
        return BenchWorkspace(
            folder: folder, flagCount: flagCount, syntax: syntax,
            files: [folder.appendingPathComponent("flagscope.yml")] + files, keys: keys)
    }

    /// Writes the blueprint files of `flagCount` flags into `folder/blueprints` (which exists);
    /// gives the files and every key, in declaration order.
    static func writeBlueprints(flagCount: Int, syntax: BlueprintSyntax, in folder: URL) throws -> (
        files: [URL], keys: [String]
    ) {
        var files: [URL] = []
        var keys: [String] = []
        keys.reserveCapacity(flagCount)
        let perFile = (flagCount + blueprintFiles - 1) / blueprintFiles
        var declared = 0
        for fileIndex in 0..<blueprintFiles where declared < flagCount {
            let count = min(perFile, flagCount - declared)
            let tree = blueprint(fileIndex, count: count, firstIndex: declared, keys: &keys)
            declared += count
            let url = folder.appendingPathComponent("blueprints/area\(fileIndex).\(syntax.fileExtension)")
            try Data((syntax == .json ? JSONText.write(tree) : YAMLText.write(tree)).utf8).write(to: url)
            files.append(url)
        }
        return (files, keys)
    }

    /// One blueprint file: a root collection of groups, each with a nested collection.
    static func blueprint(_ fileIndex: Int, count: Int, firstIndex: Int, keys: inout [String]) -> [(String, Any)] {
        var groups: [(String, Any)] = []
        var made = 0
        var groupIndex = 0
        while made < count {
            let size = min(groupSize, count - made)
            var direct: [(String, Any)] = []
            var nested: [(String, Any)] = []
            for offset in 0..<size {
                let index = firstIndex + made + offset
                let name = "setting\(index)Value"
                let inNested = offset >= size - min(nestedPerGroup, size / 2)
                let key = "area\(fileIndex)/group\(groupIndex)/" + (inNested ? "more/" : "") + "setting\(index)_value"
                keys.append(key)
                if inNested { nested.append((name, flag(index))) } else { direct.append((name, flag(index))) }
            }
            var group: [(String, Any)] = [
                ("description", "Group \(groupIndex) of area \(fileIndex)"), ("flags", direct),
            ]
            if !nested.isEmpty {
                group.append(
                    (
                        "collections",
                        [("more", [("description", "Rarely changed settings"), ("flags", nested)] as [(String, Any)])]
                    ))
            }
            groups.append(("group\(groupIndex)", group))
            made += size
            groupIndex += 1
        }
        return [
            ("name", "Area \(fileIndex)"), ("description", "Generated area \(fileIndex)"),
            ("keyPrefix", "area\(fileIndex)"), ("collections", groups),
        ]
    }

    /// One flag of the type its index picks.
    static func flag(_ index: Int) -> [(String, Any)] {
        let type = types[index % types.count]
        var fields: [(String, Any)] = [
            ("type", type), ("default", defaultValue(type, index)),
            ("description", "Controls behaviour number \(index) of the generated app"),
        ]
        switch type {
        case "int": fields += [("min", 0), ("max", 1_000_000)]
        case "double": fields += [("min", 0.0), ("max", 100.0)]
        case "enum": fields.append(("values", ["system", "light", "dark", "auto"]))
        default: break
        }
        if index % 3 == 0 { fields.append(("tags", ["generated", "team\(index % 7)"])) }
        if index % 4 == 0 { fields.append(("owner", "team-\(index % 11)")) }
        return fields
    }

    static func defaultValue(_ type: String, _ index: Int) -> Any {
        switch type {
        case "bool": return index % 2 == 0
        case "int": return index % 1000
        case "double": return Double(index % 100) + 0.5
        case "string": return "text \(index)"
        case "enum": return "system"
        case "date": return "2026-0\(1 + index % 9)-1\(index % 10)"
        case "url": return "https://example.com/\(index)"
        default: return [("enabled", index % 2 == 0), ("limit", index % 50)] as [(String, Any)]
        }
    }

    /// A provider value that fits the flag but differs from its default.
    static func providerValue(_ type: String, _ index: Int) -> Any {
        switch type {
        case "bool": return index % 2 != 0
        case "int": return index % 1000 + 1
        case "double": return Double(index % 100) + 0.25
        case "string": return "override \(index)"
        case "enum": return "dark"
        case "date": return "2027-0\(1 + index % 9)-1\(index % 10)"
        case "url": return "https://example.org/\(index)"
        default: return [("enabled", true), ("limit", index % 50 + 1)] as [(String, Any)]
        }
    }

    /// A Firebase-style string of a provider value.
    static func providerText(_ type: String, _ index: Int) -> String {
        let value = providerValue(type, index)
        if type == "json" { return JSONText.write(value) }
        return "\(value)"
    }
}

/// Minimal, order-keeping JSON text for generated trees (`[(String, Any)]` is an object).
enum JSONText {
    static func write(_ value: Any) -> String {
        var out = ""
        write(value, into: &out, indent: 0)
        return out + "\n"
    }

    private static func write(_ value: Any, into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        switch value {
        case let object as [(String, Any)]:
            if object.isEmpty {
                out += "{}"
                return
            }
            out += "{\n"
            for (position, (key, member)) in object.enumerated() {
                out += pad + quoted(key) + ": "
                write(member, into: &out, indent: indent + 1)
                out += position == object.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        case let array as [Any]:
            out +=
                "["
                + array.map { item in
                    var text = ""
                    write(item, into: &text, indent: indent + 1)
                    return text
                }.joined(separator: ", ") + "]"
        case let text as String: out += quoted(text)
        case let bool as Bool: out += bool ? "true" : "false"
        case let double as Double: out += String(double)
        case let int as Int: out += String(int)
        default: out += "null"
        }
    }

    static func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
}

/// Block-style YAML for the same trees (flow style for lists and scalars-only objects of values).
enum YAMLText {
    static func write(_ value: [(String, Any)]) -> String {
        var out = ""
        writeObject(value, into: &out, indent: 0)
        return out
    }

    private static func writeObject(_ object: [(String, Any)], into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent)
        for (key, member) in object {
            if let nested = member as? [(String, Any)], !nested.isEmpty,
                nested.contains(where: { $0.1 is [(String, Any)] || $0.0 == "type" })
            {
                out += pad + key + ":\n"
                writeObject(nested, into: &out, indent: indent + 1)
            } else {
                out += pad + key + ": " + scalar(member) + "\n"
            }
        }
    }

    private static func scalar(_ value: Any) -> String {
        switch value {
        case let object as [(String, Any)]:
            return "{" + object.map { "\($0.0): \(scalar($0.1))" }.joined(separator: ", ") + "}"
        case let array as [Any]: return "[" + array.map(scalar).joined(separator: ", ") + "]"
        case let text as String: return JSONText.quoted(text)
        case let bool as Bool: return bool ? "true" : "false"
        case let double as Double: return String(double)
        case let int as Int: return String(int)
        default: return "null"
        }
    }
}
