import Foundation
import Testing

@testable import FlagCore

/// The `firebase` format: a Remote Config template; string values parsed by the flag's type.
@Suite("Firebase provider layers")
struct ProviderReadersFirebaseTests {
    static let stack = """
          - name: Source
            format: firebase
            path: remote/template.json
          - name: Base
            format: json
            path: base.json

        """

    /// A template as the Firebase console exports it.
    static let template = """
        {
          "conditions": [
            { "name": "italian_store", "expression": "device.country in ['it']", "tagColor": "GREEN" },
            { "name": "beta_testers", "expression": "app.userProperty['beta'].exactlyMatches(['yes'])", "tagColor": "BLUE" }
          ],
          "parameters": {
            "dark_mode": {
              "defaultValue": { "value": "true" },
              "valueType": "BOOLEAN"
            },
            "checkout/new_flow": {
              "defaultValue": { "value": "false" },
              "valueType": "BOOLEAN"
            },
            "theme": {
              "defaultValue": { "value": "dark" },
              "conditionalValues": {
                "italian_store": { "value": "light" },
                "beta_testers": { "useInAppDefault": true }
              },
              "valueType": "STRING"
            },
            "greeting": {
              "defaultValue": { "value": "ciao" },
              "valueType": "STRING"
            },
            "launch_date": {
              "defaultValue": { "useInAppDefault": true },
              "valueType": "STRING"
            },
            "homepage": {
              "defaultValue": { "value": "https://flags.example.com/home" },
              "valueType": "STRING"
            },
            "layout": {
              "defaultValue": { "value": "{\\"columns\\":3,\\"dense\\":true}" },
              "valueType": "JSON"
            },
            "sealed": {
              "defaultValue": { "value": "true" },
              "valueType": "BOOLEAN"
            }
          },
          "parameterGroups": {
            "Networking": {
              "description": "Owned by the platform team",
              "parameters": {
                "retries": {
                  "defaultValue": { "value": "7" },
                  "valueType": "NUMBER"
                },
                "ratio": {
                  "defaultValue": { "value": "0.25" },
                  "valueType": "NUMBER"
                }
              }
            }
          },
          "version": { "versionNumber": "12", "updateOrigin": "CONSOLE" }
        }

        """

    static func load(_ template: String, base: String = "{}") throws -> (ProviderSandbox, Workspace) {
        try ProviderSandbox.loaded(
            providers: Self.stack, files: ["remote/template.json": template, "base.json": base])
    }

    @Test("Parameters and parameter groups give string values parsed by the flag's type")
    func everyTypeIsSet() throws {
        let (sandbox, workspace) = try Self.load(
            Self.template, base: #"{"launch_date": "2026-07-01", "sealed": false}"#)
        defer { sandbox.remove() }
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics.map(\.headline))")
        try workspace.expectSet([
            ("dark_mode", .bool(true)), ("retries", .int(7)), ("ratio", .double(0.25)), ("greeting", .string("ciao")),
            ("theme", .string("dark")), ("homepage", .url("https://flags.example.com/home")),
            ("layout", .json(.object(["columns": .int(3), "dense": .bool(true)]))), ("checkout/new_flow", .bool(false)),
        ])
        #expect(try workspace.requireLayer("retries", "Source").notes.contains { $0.contains("Networking") })
    }

    @Test("useInAppDefault leaves the key unset, so the next layer decides")
    func useInAppDefaultIsUnset() throws {
        let (sandbox, workspace) = try Self.load(Self.template, base: #"{"launch_date": "2026-07-01"}"#)
        defer { sandbox.remove() }
        let resolution = try workspace.requireResolution("launch_date")
        #expect(resolution.layers[0].state == .unset)
        #expect(resolution.layers[0].notes.contains { $0.contains("useInAppDefault") })
        #expect(resolution.value == .date("2026-07-01"))
        #expect(resolution.source == "Base")
    }

    @Test(
        "Conditional values are evaluated for the device: the trace lists each condition, and no note says one went unevaluated"
    )
    func conditionalValuesAreEvaluated() throws {
        let (sandbox, workspace) = try Self.load(Self.template)
        defer { sandbox.remove() }
        let layer = try workspace.requireLayer("theme", "Source")
        #expect(layer.state == .set(.string("dark")), "no condition holds for a device with no country")
        #expect(
            layer.rules?.steps.map(\.rule) == [
                "italian_store: device.country in ['it']",
                "beta_testers: app.userProperty['beta'].exactlyMatches(['yes'])",
            ])
        #expect(!layer.notes.joined().contains("not evaluated"))
        let json = try #require(GetReport.json(layer).object)
        #expect(json["rules"]?.object?["variant"] == .string("default"))

        let (italian, inItaly) = try Self.load(Self.template, base: #"{"context/country": "IT"}"#)
        defer { italian.remove() }
        #expect(try inItaly.requireLayer("theme", "Source").state == .set(.string("light")))
    }

    @Test("An excluded flag ignores its Remote Config parameter")
    func excluded() throws {
        let (sandbox, workspace) = try Self.load(Self.template)
        defer { sandbox.remove() }
        let resolution = try workspace.requireResolution("sealed")
        #expect(resolution.layers[0].state == .excluded)
        #expect(resolution.value == .bool(false))
        #expect(resolution.source == "default")
    }

    @Test("A parameter absent from the template is unset")
    func absentIsUnset() throws {
        let (sandbox, workspace) = try Self.load(#"{"parameters": {}}"#)
        defer { sandbox.remove() }
        #expect(try workspace.requireLayer("dark_mode", "Source").state == .unset)
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics.map(\.headline))")
    }

    @Test(
        "String values that do not fit are type mismatches with the raw text",
        arguments: [
            ("dark_mode", "maybe"), ("retries", "7.5"), ("retries", "50"), ("ratio", "high"), ("theme", "purple"),
            ("greeting", "Ciao!"), ("launch_date", "01/05/2026"), ("homepage", "flags dot example"),
            ("layout", "{columns"),
        ])
    func typeMismatch(key: String, text: String) throws {
        let escaped = text.replacingOccurrences(of: "\"", with: "\\\"")
        let template = """
            {
              "parameters": {
                "\(key)": { "defaultValue": { "value": "\(escaped)" } }
              }
            }
            """
        let (sandbox, workspace) = try Self.load(template)
        defer { sandbox.remove() }
        let resolution = try workspace.requireResolution(key)
        #expect(resolution.layers[0].state.mismatchRaw == .text(text))
        #expect(!resolution.layers[0].isWinner)
        #expect(resolution.source == "default")
        let warning = workspace.diagnostics.first { $0.severity == .warning && $0.message.contains(key) }
        #expect(warning?.file == "remote/template.json")
        #expect(warning?.location == TextLocation(line: 3, column: 5), "points at the parameter name")
    }
}
