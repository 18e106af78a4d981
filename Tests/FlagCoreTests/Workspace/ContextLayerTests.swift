import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// The `--context` layer (docs/rules.md): attributes given for one run, in memory on top of the stack.
@Suite("Context: the --context layer")
struct ContextLayerTests {
    /// Rules under a writable file, and a server that is never asked.
    static let stack: [WorkspaceBuilder.Provider] = [
        .flagd("Rules", "flags.flagd.json"), .json("Local", "local.json", writable: true),
        .ofrep("Server", url: #""http://127.0.0.1:9""#),
    ]

    static let rules = """
        {
          "flags": {
            "retries": { "state": "ENABLED", "variants": { "few": 1, "many": 7 }, "defaultVariant": "few",
                         "targeting": { "if": [{ ">": [{ "var": "age" }, 40] }, "many", null] } }
          }
        }
        """

    static func load(_ layer: ContextLayer, local: String = "{}") throws -> (ProviderSandbox, Workspace) {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        try sandbox.write("flags.flagd.json", Self.rules)
        try sandbox.write("local.json", local)
        let workspace = Workspace.load(
            from: sandbox.file("flagscope.yml"), environment: [:], remote: .known([:]), context: layer)
        return (sandbox, workspace)
    }

    static func layer(_ arguments: String...) throws -> ContextLayer {
        var layer = ContextLayer()
        for argument in arguments { try layer.add(argument: argument) }
        return layer
    }

    @Test(
        "KEY=VALUE: the value is JSON when it parses, else text; the key goes with or without context/",
        arguments: [
            ("age=42", "context/age", JSONValue.int(42)),
            ("context/age=4.5", "context/age", .double(4.5)),
            ("beta=true", "context/beta", .bool(true)),
            ("name=ana", "context/name", .string("ana")),
            (#"name="42""#, "context/name", .string("42")),
            (#"user={"name":"ana"}"#, "context/user", .object(["name": .string("ana")])),
            ("tags=[1,2]", "context/tags", .array([.int(1), .int(2)])),
            ("user.name=ana", "context/user/name", .string("ana")),
            ("email=a=b", "context/email", .string("a=b")),
            ("empty=", "context/empty", .string("")),
        ])
    func argumentValues(argument: String, key: String, expected: JSONValue) throws {
        let (sandbox, workspace) = try Self.load(try Self.layer(argument))
        defer { sandbox.remove() }
        let resolution = try workspace.requireResolution(key)
        #expect(resolution.value?.json == expected)
        #expect(resolution.source == "--context")
        #expect(resolution.layers.first?.provider == "--context")
        #expect(resolution.layers.first?.notes == ["from --context \(argument)"])
    }

    @Test(
        "A key with rules of its own takes the text, as set does: 17.4 is an OS version, not a number",
        arguments: [
            ("os_version=17.4", "context/os_version", FlagValue.string("17.4")),
            ("platform=iOS", "context/platform", .string("iOS")),
            (#"platform="iOS""#, "context/platform", .string("iOS")),
            ("permissions/camera=authorized", "context/permissions/camera", .string("authorized")),
            ("targeting_key=12345", "context/targeting_key", .string("12345")),
        ])
    func typedKeysTakeText(argument: String, key: String, expected: FlagValue) throws {
        let layer = try Self.layer(argument)
        let (sandbox, workspace) = try Self.load(layer)
        defer { sandbox.remove() }
        #expect(try workspace.requireResolution(key).value == expected)
        #expect(layer.problems(in: workspace).isEmpty)
    }

    @Test(
        "A malformed argument is refused with what to write",
        arguments: [
            (
                "age",
                "--context 'age' has no '=': write --context KEY=VALUE, such as --context age=42 or --context email=ana@example.com"
            ),
            ("=1", "--context '=1': no attribute name; write a context key such as age or context/email"),
            (
                "context/=1",
                "--context 'context/=1': no attribute name; write a context key such as age or context/email"
            ),
            (
                "user//name=1",
                "--context 'user//name=1': 'user//name' has an empty segment; write a context key such as user/name or user.name"
            ),
            (
                "permissions/camra=denied",
                "--context 'permissions/camra=denied': 'context/permissions/camra' is not a context key: 'camra' is not a permission Flagscope knows; did you mean 'camera'? Permissions are camera, photos, microphone, location_when_in_use, location_always, contacts, calendar_events, reminders, motion, speech_recognition, siri_kit, bluetooth, media_library"
            ),
        ])
    func malformedArguments(argument: String, message: String) {
        var layer = ContextLayer()
        #expect(throws: ContextLayer.ArgumentError(description: message)) { try layer.add(argument: argument) }
        #expect(layer.isEmpty)
    }

    @Test("Rules see the layer, it wins over every file, and a later argument wins over an earlier one")
    func rulesSeeTheLayer() throws {
        let (sandbox, workspace) = try Self.load(try Self.layer("age=30", "age=42"), local: #"{"context/age": 20}"#)
        defer { sandbox.remove() }
        let retries = try workspace.requireResolution("retries")
        #expect(retries.value == .int(7))
        #expect(retries.layers[1].rules?.steps.first?.reads == [ContextRead(key: "context/age", value: .int(42))])
        let age = try workspace.requireResolution("context/age")
        #expect(age.layers.map(\.provider) == ["--context", "Rules", "Local", "Server"])
        #expect(age.layers.map(\.state.name) == ["set", "unset", "set", "fetching"])
    }

    @Test(
        "Nothing is written: a write to the writable file leaves the layer out of it and keeps it on top after the reload"
    )
    func nothingIsWritten() throws {
        let (sandbox, workspace) = try Self.load(try Self.layer("age=42", "email=ana@example.com"))
        defer { sandbox.remove() }
        let report = try FlagEditor(workspace: workspace).set(["context/age": .json(.int(20))], force: false)
        let written = try sandbox.read("local.json")
        #expect(written.contains(#""context/age": 20"#))
        #expect(!written.contains("email"))
        let age = try report.workspace.requireResolution("context/age")
        #expect(age.value == .json(.int(42)))
        #expect(age.source == "--context")
        #expect(report.workspace.contextLayer?.attributes.keys.elements == ["context/age", "context/email"])
    }

    @Test("A context file: a JSON object of attributes, null leaves one out, an argument wins over it")
    func contextFile() throws {
        let sandbox = try ProviderSandbox()
        defer { sandbox.remove() }
        try sandbox.write(
            "device.json", #"{"age": 42, "context/email": "ana@example.com", "beta": null, "user": {"name": "ana"}}"#)
        var layer = ContextLayer()
        #expect(layer.add(fileAt: sandbox.file("device.json"), shownAs: "device.json").isEmpty)
        layer.add(try Self.layer("age=50"))
        #expect(layer.attributes.keys.elements == ["context/email", "context/beta", "context/user", "context/age"])
        let (other, workspace) = try Self.load(layer)
        defer { other.remove() }
        #expect(try workspace.requireResolution("context/age").value == .json(.int(50)))
        #expect(try workspace.requireResolution("context/user").value == .json(.object(["name": .string("ana")])))
        #expect(try workspace.requireResolution("context/beta").source == "default")
        #expect(try workspace.requireLayer("context/email", "--context").notes == ["from --context-file device.json"])
    }

    @Test(
        "A context file that cannot be used: every problem at its line and column, and nothing of it is taken",
        arguments: [
            (#"{"age": 42, "x": }"#, ["device.json:1:18: error: expected a JSON value, found '}'"]),
            (
                "[1]",
                [
                    #"device.json:1:1: error: a context file is a JSON object of attributes, such as {"age": 42, "email": "ana@example.com"}; found a list"#
                ]
            ),
            (
                "{\n  \"\": 1,\n  \"permissions/nope\": \"denied\"\n}",
                [
                    "device.json:2:3: error: no attribute name; write a context key such as age or context/email",
                    "device.json:3:3: error: 'context/permissions/nope' is not a context key: 'nope' is not a permission Flagscope knows; permissions are camera, photos, microphone, location_when_in_use, location_always, contacts, calendar_events, reminders, motion, speech_recognition, siri_kit, bluetooth, media_library",
                ]
            ),
        ])
    func badContextFile(text: String, headlines: [String]) throws {
        let sandbox = try ProviderSandbox()
        defer { sandbox.remove() }
        try sandbox.write("device.json", text)
        var layer = ContextLayer()
        let problems = layer.add(fileAt: sandbox.file("device.json"), shownAs: "device.json")
        #expect(problems.map(\.headline) == headlines)
        #expect(layer.isEmpty)
        // Quoted with its line and a caret, like every diagnostic.
        #expect(DiagnosticRenderer(sources: layer.sources).render(problems[0]).split(separator: "\n").count == 3)
    }

    @Test(
        "Problems found with the workspace: a flag named as an attribute is bad usage, a value a key does not take is not"
    )
    func problemsInWorkspace() throws {
        let layer = try Self.layer("retries=5", "context/greeting=hi", "platform=windows", "age=1")
        let (sandbox, workspace) = try Self.load(layer)
        defer { sandbox.remove() }
        let problems = layer.problems(in: workspace)
        try #require(problems.count == 2)
        #expect(problems.map(\.isUsage) == [true, false])
        #expect(
            problems[0].headline
                == "error: --context 'retries=5': 'retries' is a flag, not a context attribute: --context only gives the simulated device's attributes (context/*), which rules and features read; change a flag with `flagscope set`, or write context/retries to mean the attribute"
        )
        #expect(
            problems[1].headline.hasPrefix(
                "error: --context 'platform=windows': context/platform does not take this value"))
    }

    @Test(
        "The OFREP request carries the context typed: numbers and bools as such, keys below another nested in its object"
    )
    func ofrepContextIsTyped() throws {
        let layer = try Self.layer("age=42", "beta=true", "user/name=ana", "targeting_key=u-1", "tags=[\"a\"]")
        let (sandbox, workspace) = try Self.load(
            layer, local: #"{"context/user": {"id": 7, "name": "old"}, "context/locale": "it"}"#)
        defer { sandbox.remove() }
        let plan = try #require(RemotePlan.plans(for: workspace).first)
        #expect(
            String(decoding: plan.requestBody ?? [], as: UTF8.self)
                == #"{"context":{"age":42,"beta":true,"locale":"it","tags":["a"],"targetingKey":"u-1","user":{"id":7,"name":"ana"}}}"#
        )
    }
}
