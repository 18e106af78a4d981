import FlagBrowser
import FlagCore
import Foundation
import TestSupport

/// A random but reproducible workspace in a temp folder: blueprints of nested collections with
/// hidden, locked and expired flags, features with constraints (so a Context branch with groups
/// appears), and a writable file that overrides some keys, mismatches others and sets keys no
/// blueprint declares — every kind of row, and members for every view.
struct GeneratedWorkspace {
    let folder: URL
    var session: BrowserSession

    /// Words the generated names and descriptions are made of, so a search matches many rows.
    static let words = ["alpha", "beta", "gamma", "delta", "night", "cache", "user", "mode", "sson", "queue"]

    /// The shared seeded generator, so a failure can be replayed from its seed.
    typealias Random = SplitMix64

    /// Writes a workspace from `seed` and opens a headless session of `width`×`height` over it.
    init(seed: UInt64, width: Int = 120, height: Int = 24) throws {
        folder = try TemporaryFolder.makeUnique(prefix: "flagscope-rows")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("blueprints"), withIntermediateDirectories: true)
        var random = Random(state: seed)
        var builder = Builder()
        for file in 0..<(3 + random.next(3)) {
            var root = builder.collection(&random, depth: 0, keyPath: "area\(file)")
            root["name"] = "Area \(file) \(random.word())"
            root["keyPrefix"] = "area\(file)"
            if file == 0 { root["features"] = builder.features(&random) }
            try Self.write(root, to: folder.appendingPathComponent("blueprints/area\(file).json"))
        }
        var local: [String: Any] = [:]
        for (key, type) in builder.flags where random.chance(35) {
            // A third do not fit (a problem); the rest may or may not differ from the default.
            local[key] = random.next(3) == 0 ? (type == "bool" ? "not a bool" : true) : Self.value(type, &random)
        }
        for index in 0..<random.next(4) { local["ghost/\(random.word())_\(index)"] = index }
        try Self.write(local, to: folder.appendingPathComponent("local.json"))
        let config = """
            blueprints:
              - blueprints/*.json
            providers:
              - name: Local
                format: json
                path: local.json
                writable: true

            """
        try Data(config.utf8).write(to: folder.appendingPathComponent("flagscope.yml"))
        session = BrowserSession(
            workspaceFile: folder.appendingPathComponent("flagscope.yml"), environment: [:],
            width: width, height: height, now: DemoFixture.today)
    }

    /// Builds blueprint trees, remembering every flag key and type.
    struct Builder {
        var flags: [(key: String, type: String)] = []
        var counter = 0

        /// A collection with flags of every type and kind, and nested collections down to depth 3.
        mutating func collection(_ random: inout Random, depth: Int, keyPath: String) -> [String: Any] {
            var object: [String: Any] = ["description": "\(random.word()) \(random.word()) settings"]
            var flagObjects: [String: Any] = [:]
            for _ in 0..<random.next(depth == 0 ? 7 : 10) {
                counter += 1
                let name = "\(random.word())\(random.word().capitalized)\(counter)"
                let type = ["bool", "int", "string", "enum"][random.next(4)]
                var flag: [String: Any] = [
                    "type": type, "default": GeneratedWorkspace.value(type, &random, default: true),
                ]
                if type == "enum" { flag["values"] = ["light", "dark", "auto"] }
                if random.chance(80) { flag["description"] = "Turns \(random.word()) \(random.word()) on" }
                if random.chance(30) { flag["tags"] = [random.word()] }
                if random.chance(15) { flag["hidden"] = true }
                if random.chance(10) { flag["locked"] = true }
                if random.chance(10) { flag["expires"] = "2020-01-01" }
                flagObjects[name] = flag
                let segment = name.replacingOccurrences(
                    of: "([a-z0-9])([A-Z])", with: "$1_$2", options: .regularExpression
                ).lowercased()
                flags.append((keyPath + "/" + segment, type))
            }
            object["flags"] = flagObjects
            if depth < 3 {
                var nested: [String: Any] = [:]
                for _ in 0..<(depth == 0 ? 2 + random.next(3) : 1 + random.next(3)) {
                    counter += 1
                    let name = "\(random.word())\(counter)"
                    nested[name] = collection(&random, depth: depth + 1, keyPath: keyPath + "/" + name)
                }
                if !nested.isEmpty { object["collections"] = nested }
            }
            return object
        }

        /// Features and sub-features, some available and some not.
        mutating func features(_ random: inout Random) -> [String: Any] {
            var result: [String: Any] = [:]
            for _ in 0..<(1 + random.next(3)) {
                counter += 1
                var feature: [String: Any] = [
                    "name": "\(random.word().capitalized) feature \(counter)",
                    "description": "Lets the \(random.word()) work",
                ]
                feature["constraints"] = constraints(&random)
                var subs: [String: Any] = [:]
                for _ in 0..<random.next(3) {
                    counter += 1
                    subs["\(random.word())Part\(counter)"] =
                        [
                            "name": "Part \(counter)", "description": "A \(random.word()) part",
                            "constraints": constraints(&random),
                        ] as [String: Any]
                }
                if !subs.isEmpty { feature["features"] = subs }
                result["\(random.word())Feature\(counter)"] = feature
            }
            return result
        }

        /// A few constraints; permissions bring a Context branch with a Permissions group.
        func constraints(_ random: inout Random) -> [String: Any] {
            var constraints: [String: Any] = [:]
            if random.chance(60) { constraints["userToggled"] = ["default": random.chance(50)] }
            if random.chance(40) { constraints["runtimeEnabled"] = ["default": random.chance(50)] }
            if random.chance(40) { constraints["permissions"] = [random.chance(50) ? "camera" : "microphone"] }
            return constraints
        }
    }

    /// A value of a type (a default, or what the writable file says).
    static func value(_ type: String, _ random: inout Random, default isDefault: Bool = false) -> Any {
        switch type {
        case "bool": return random.chance(50)
        case "int": return random.next(isDefault ? 3 : 5)
        case "enum": return ["light", "dark", "auto"][random.next(3)]
        default: return "\(random.word()) text"
        }
    }

    /// Writes JSON with sorted keys, so the same seed gives the same tree.
    static func write(_ object: Any, to url: URL) throws {
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: url)
    }

    /// Presses one key.
    mutating func press(_ key: KeyEvent) { _ = session.press(key) }

    /// The screen as text.
    var screen: String { session.render().text }

    /// Deletes the folder.
    func remove() { try? FileManager.default.removeItem(at: folder) }
}

extension SplitMix64 {
    /// One of ``GeneratedWorkspace/words``.
    mutating func word() -> String { pick(GeneratedWorkspace.words) }
}
