import FlagCore
import Foundation

/// Computed expressions (docs/computed.md): the input is the expression's text. It is parsed, checked
/// against the demo's keys for each result type and evaluated with the demo's values; then it
/// is the `computed:` of a flag in a blueprint beside the demo's, as `validate` and `get` see it.
enum ExpressionTarget {
    /// The demo workspace's keys and values, resolved once.
    private static let demo: (workspace: Workspace, values: [String: FlagValue]) = {
        var files = DemoFiles.all
        files[".flagscope/local.json"] = nil
        let workspace = FuzzWorkspace(files: files).load()
        var values: [String: FlagValue] = [:]
        for resolution in Resolver(workspace: workspace, now: FuzzWorkspace.now).resolveAll() {
            values[resolution.flag.key] = resolution.value
        }
        return (workspace, values)
    }()

    /// The result types tried, with the default a blueprint gives each.
    private static let types: [(name: String, type: FlagType, defaultJSON: String)] = [
        ("bool", .bool, "false"), ("int", .int, "0"), ("double", .double, "0.5"), ("string", .string, "\"\""),
        ("date", .date, "\"2026-01-01\""), ("json", .json, "null"),
    ]

    /// The expression alone: parsed, checked for each result type against the demo's keys, and
    /// evaluated with the demo's values, with no workspace loaded per input.
    static func engine(_ bytes: [UInt8]) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        var output = OutputSize()
        let flags = demo.workspace.flags
        let checker = ExpressionChecker(rules: { flags[$0]?.rules }, knownKeys: { Array(flags.keys) })
        do {
            let expression = try ExpressionParser.parse(text)
            for (_, type, _) in types {
                do {
                    try checker.check(expression, yielding: ValueRules(type: type))
                    output.add("\(expression.evaluate { demo.values[$0] } as Any)")
                } catch {
                    output.add(error.message)
                }
            }
        } catch {
            output.add(error.message)
        }
        return output.bytes
    }

    /// The expression alone, then as a blueprint's computed flag beside the demo's.
    static func run(_ bytes: [UInt8]) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        // As a blueprint's computed flag: the type is picked by the text, so each is met.
        let (name, _, defaultJSON) = types[bytes.count % types.count]
        let computed = JSONValue.string(text).compactText
        var files = DemoFiles.declarations
        files["blueprints/fuzz.json"] = Array(
            """
            {"name": "Fuzz", "flags": {"computedFlag": {"type": "\(name)", "default": \(defaultJSON),
              "computed": \(computed)}}}
            """.utf8)
        files["flagscope.yml"] = Array(
            "blueprints:\n  - blueprints/*.yml\n  - blueprints/*.json\nproviders:\n  - name: QA profile\n    format: json\n    path: profiles/qa.json\n"
                .utf8)
        var workspace = FuzzWorkspace(files: files)
        workspace.providerUnderTest = "QA profile"
        return engine(bytes) + workspace.exercise()
    }
}
