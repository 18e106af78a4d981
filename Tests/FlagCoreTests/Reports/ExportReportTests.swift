import FlagCore
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `flagscope export` (docs/export.md): every format written, and the provider formats read
/// back by their own provider to the same values, for every flag type.
@Suite("Export")
struct ExportReportTests {
    /// A string no format may spoil: spaces, both quotes, `$`, a backslash, a line break,
    /// non-ASCII and a leading dash.
    static let awkward = "-it's a \"test\" of $HOME and \\n\nnext line — ünïcode ✓"

    static let blueprint = EveryTypeBlueprint.yaml(
        extraFlags: """
              note:
                type: string
                default: plain
                description: Free text
              tags:
                type: json
                default: []
                description: A JSON array

            """)

    /// The every-type workspace with a value of each type in the writable file.
    static func source(_ folder: TemporaryFolder) throws -> Workspace {
        let local: [String: Any] = [
            "dark_mode": true, "retries": 7, "ratio": 0.25, "greeting": "howdy", "theme": "dark",
            "launch_date": "2026-03-01", "homepage": "https://example.com/a?b=c&d=e", "note": awkward,
            "layout": ["columns": 3, "title": "Grid \"A\"", "nested": ["on": false]], "checkout/new_flow": false,
        ]
        let data = try JSONSerialization.data(withJSONObject: local, options: [.sortedKeys])
        try WorkspaceBuilder(providers: [.json("Local", "local.json", writable: true)])
            .file("blueprints/app.yml", blueprint)
            .file("local.json", String(decoding: data, as: UTF8.self))
            .write(in: folder)
        return Workspace.load(from: folder.url.appendingPathComponent("flagscope.yml"), environment: [:])
    }

    static let writtenKeys = [
        "dark_mode", "retries", "ratio", "greeting", "theme", "launch_date", "homepage", "layout", "note",
        "checkout/new_flow",
    ]

    static func export(
        _ workspace: Workspace, _ format: ExportReport.Format, _ change: (inout ExportReport.Options) -> Void = { _ in }
    )
        throws -> ExportReport
    {
        var options = ExportReport.Options(format: format)
        change(&options)
        return try ExportReport(workspace: workspace, options: options)
    }

    /// The values `workspace` resolves for `keys`.
    static func values(_ workspace: Workspace, _ keys: [String]) -> [String: FlagValue] {
        let resolver = Resolver(workspace: workspace)
        var values: [String: FlagValue] = [:]
        for key in keys { values[key] = resolver.resolve(key)?.value }
        return values
    }

    /// A new workspace of the same blueprint whose only provider is `provider` reading `file`.
    static func readBack(
        _ provider: WorkspaceBuilder.Provider, file: String?, text: String, environment: [String: String] = [:]
    ) throws -> (Workspace, [String: FlagValue]) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var builder = WorkspaceBuilder(providers: [provider]).file("blueprints/app.yml", blueprint)
        if let file { builder = builder.file(file, text) }
        try builder.write(in: folder)
        let workspace = Workspace.load(
            from: folder.url.appendingPathComponent("flagscope.yml"), environment: environment)
        return (workspace, values(workspace, writtenKeys))
    }

    @Test("Only the overridden keys by default, in declaration order; --only all adds every flag with a value")
    func scope() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let workspace = try Self.source(folder)
        #expect(try Self.export(workspace, .json).keys == Self.writtenKeys)
        let all = try Self.export(workspace, .json) { $0.scope = .all }
        #expect(all.keys == Self.writtenKeys.dropLast() + ["tags", "checkout/new_flow"])
    }

    @Test("json, plist, env and flagd read back by their own provider give every value, of every type")
    func roundTrips() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let workspace = try Self.source(folder)
        let expected = Self.values(workspace, Self.writtenKeys)
        #expect(expected["note"] == .string(Self.awkward), "the source has the awkward string")

        let json = try Self.export(workspace, .json)
        #expect(try Self.readBack(.json("Back", "back.json"), file: "back.json", text: json.text).1 == expected)

        let plist = try Self.export(workspace, .plist)
        #expect(plist.refused.isEmpty)
        #expect(try Self.readBack(.plist("Back", "back.plist"), file: "back.plist", text: plist.text).1 == expected)

        let flagd = try Self.export(workspace, .flagd)
        let (flagdWorkspace, flagdValues) = try Self.readBack(
            .flagd("Back", "back.flagd.json"), file: "back.flagd.json", text: flagd.text)
        #expect(flagdValues == expected)
        #expect(flagdWorkspace.diagnostics.filter { $0.severity == .error }.isEmpty, "\(flagdWorkspace.diagnostics)")

        // env: loaded by a POSIX shell as `set -a; . FILE` loads it, then read by the env provider.
        let env = try Self.export(workspace, .env) { $0.prefix = "APP_" }
        let file = folder.url.appendingPathComponent("flags.env")
        try Data(env.text.utf8).write(to: file)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "set -a; . \"$0\"; env -0", file.path]
        shell.environment = [:]
        let pipe = Pipe()
        shell.standardOutput = pipe
        try shell.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        var environment: [String: String] = [:]
        for entry in output.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        #expect(environment["APP_NOTE"] == Self.awkward)
        #expect(
            try Self.readBack(.env("Back", prefix: "APP_"), file: nil, text: "", environment: environment).1 == expected
        )
    }

    @Test("flagd: where a flagd layer's rules decide a key, the export carries those rules and the evaluators they use")
    func flagdRules() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let rules = #"""
            {"$evaluators": {"italians": {"==": [{"var": "country"}, "IT"]}},
             "flags": {"theme": {"state": "ENABLED", "variants": {"light": "light", "dark": "dark"}, "defaultVariant": "light",
               "targeting": {"if": [{"$ref": "italians"}, "dark", null]}}}}
            """#
        try WorkspaceBuilder(providers: [.flagd("Rules", "rules.flagd.json")])
            .file("blueprints/app.yml", Self.blueprint).file("rules.flagd.json", rules).write(in: folder)
        var context = ContextLayer()
        try context.add(argument: "country=IT")
        let workspace = Workspace.load(
            from: folder.url.appendingPathComponent("flagscope.yml"), environment: [:], context: context)
        let export = try Self.export(workspace, .flagd) { $0.scope = .all }
        #expect(export.text.contains(#""$ref": "italians""#), "\(export.text)")
        #expect(export.text.contains(#""$evaluators""#))
        // Read back by flagd for the same device: the same value, variant and reason.
        let back = try TemporaryFolder()
        defer { back.remove() }
        try WorkspaceBuilder(providers: [.flagd("Rules", "back.flagd.json")])
            .file("blueprints/app.yml", Self.blueprint).file("back.flagd.json", export.text).write(in: back)
        let backWorkspace = Workspace.load(
            from: back.url.appendingPathComponent("flagscope.yml"), environment: [:], context: context)
        let original = try #require(Resolver(workspace: workspace).resolve("theme"))
        let readBack = try #require(Resolver(workspace: backWorkspace).resolve("theme"))
        #expect(original.value == .string("dark"))
        #expect(readBack.value == original.value)
        #expect(readBack.variant == original.variant && readBack.variant == "dark")
        #expect(readBack.winningLayer?.rules?.reason == original.winningLayer?.rules?.reason)
    }

    @Test("Launch arguments: YES/NO, numbers as written, strings bare only when nothing could misread them")
    func launchArguments() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let export = try Self.export(try Self.source(folder), .launchArguments)
        let lines = export.text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "-dark_mode YES")
        #expect(lines[1] == "-retries 7")
        #expect(lines[2] == "-ratio 0.25")
        #expect(lines[3] == "-greeting howdy")
        #expect(lines[5] == "-launch_date 2026-03-01")
        #expect(lines[6] == #"-homepage '"https://example.com/a?b=c&d=e"'"#, "? and & are quoted in a plist")
        #expect(lines[7] == #"-layout '{"columns" = 3; "nested" = {"on" = NO;}; "title" = "Grid \"A\"";}'"#)
        #expect(
            lines[8] == #"-note '"-it'\''s a \"test\" of $HOME and \\n\nnext line — ünïcode ✓"'"#, "\(lines[8])")
        #expect(lines[9] == "-checkout/new_flow NO")
        let one = try Self.export(try Self.source(folder), .launchArguments) { $0.oneLine = true }
        #expect(one.text.hasPrefix("-dark_mode YES -retries 7 -ratio 0.25 ") && one.text.hasSuffix("NO\n"))
        #expect(one.text.filter { $0 == "\n" }.count == 1)
    }

    @Test("Strings that would read as something else are quoted: numbers, YES/NO, an option, an empty one")
    func misreadings() {
        for (text, written) in [
            ("42", #""42""#), ("1.5", #""1.5""#), ("yes", #""yes""#), ("NO", #""NO""#), ("-v", #""-v""#),
            ("", #""""#), ("plain", "plain"), ("a b", #""a b""#), ("tab\there", #""tab\there""#),
            ("bell\u{7}", #""bell\U0007""#),
        ] {
            #expect(ExportReport.argumentText(.string(text)) == written, "\(text)")
        }
        // A negative number would start another option: quoted, the accessors still read it.
        #expect(ExportReport.argumentText(.int(-5)) == #""-5""#)
        #expect(ExportReport.argumentText(.double(-2.5)) == #""-2.5""#)
        #expect(ExportReport.argumentText(.int(5)) == "5")
    }

    @Test("simctl: one defaults write a key, typed; refused without a bundle identifier")
    func simctl() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let workspace = try Self.source(folder)
        #expect(throws: ExportReport.UsageError.self) { try Self.export(workspace, .simctl) }
        let lines = try Self.export(workspace, .simctl) { $0.bundleID = "com.example.app" }.text
            .split(separator: "\n").map(String.init)
        let prefix = "xcrun simctl spawn booted defaults write com.example.app "
        #expect(lines[0] == prefix + "dark_mode -bool YES")
        #expect(lines[1] == prefix + "retries -int 7")
        #expect(lines[2] == prefix + "ratio -float 0.25")
        #expect(lines[3] == prefix + "greeting -string howdy")
        #expect(lines[5] == prefix + "launch_date -date 2026-03-01")
        #expect(lines[7] == prefix + #"layout '{"columns" = 3; "nested" = {"on" = NO;}; "title" = "Grid \"A\"";}'"#)
        #expect(lines[8].hasPrefix(prefix + "note -string '-it'\\''s a "))
    }

    @Test("xcscheme: the CommandLineArguments element, XML that parses to the launch arguments")
    func scheme() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let workspace = try Self.source(folder)
        let scheme = try Self.export(workspace, .xcscheme).text
        let arguments = try Self.export(workspace, .launchArguments).text.split(separator: "\n").map(String.init)
        let document = try XMLDocument(data: Data(scheme.utf8))
        let elements = try document.nodes(forXPath: "/CommandLineArguments/CommandLineArgument")
        #expect(elements.count == arguments.count)
        for (element, argument) in zip(elements, arguments) {
            let node = try #require(element as? XMLElement)
            #expect(node.attribute(forName: "argument")?.stringValue == argument)
            #expect(node.attribute(forName: "isEnabled")?.stringValue == "YES")
        }
    }

    @Test("Hostile values: control characters refused with the key named, $(…) refused in a scheme, env names checked")
    func hostile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try WorkspaceBuilder(providers: [.json("Local", "local.json", writable: true)])
            .file("blueprints/app.yml", Self.blueprint)
            .file("local.json", #"{"note": "\u001b[2Jgone", "greeting": "x", "tags": ["a", null]}"#)
            .write(in: folder)
        let workspace = Workspace.load(from: folder.url.appendingPathComponent("flagscope.yml"), environment: [:])
        let env = try Self.export(workspace, .env) { $0.prefix = "APP_" }
        #expect(env.refused.map(\.key) == ["note"])
        #expect(env.refused.first?.reason.contains("U+001B") == true)
        let arguments = try Self.export(workspace, .launchArguments)
        #expect(arguments.text.contains(#"-note '"\U001B[2Jgone"'"#), "escaped in the plist string: \(arguments.text)")
        #expect(arguments.refused.map(\.key) == ["tags"], "a null inside the array")
        let flagd = try Self.export(workspace, .flagd)
        #expect(flagd.refused.map(\.key) == ["tags"])

        // A 1 MB string goes out whole, quoted once, in every format that takes it.
        let huge = String(repeating: "a b'c", count: 200_000)
        try folder.write("local.json", "{\"note\": \"\(huge)\"}")
        let hugeWorkspace = Workspace.load(from: folder.url.appendingPathComponent("flagscope.yml"), environment: [:])
        let hugeArguments = try Self.export(hugeWorkspace, .launchArguments)
        #expect(hugeArguments.refused.isEmpty)
        #expect(hugeArguments.text.utf8.count > 1_000_000)
        #expect(hugeArguments.text.hasPrefix(#"-note '"a b'\''ca b"#))
        let hugeEnv = try Self.export(hugeWorkspace, .env) { $0.prefix = "APP_" }
        #expect(hugeEnv.text.hasPrefix("APP_NOTE='a b'\\''c") && hugeEnv.text.hasSuffix("c'\n"))

        let expanding = try TemporaryFolder()
        defer { expanding.remove() }
        try WorkspaceBuilder(providers: [.json("Local", "local.json", writable: true)])
            .file("blueprints/app.yml", Self.blueprint).file("local.json", #"{"note": "$(SRCROOT)/x"}"#)
            .write(in: expanding)
        let expandingWorkspace = Workspace.load(
            from: expanding.url.appendingPathComponent("flagscope.yml"), environment: [:])
        let scheme = try Self.export(expandingWorkspace, .xcscheme)
        #expect(scheme.refused.map(\.key) == ["note"])
        #expect(throws: ExportReport.UsageError.self) { try Self.export(expandingWorkspace, .env) }
        #expect(throws: ExportReport.UsageError.self) {
            try Self.export(expandingWorkspace, .env) { $0.prefix = "a b" }
        }
    }
}
