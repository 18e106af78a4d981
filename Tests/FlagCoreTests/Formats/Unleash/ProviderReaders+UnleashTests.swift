import Foundation
import Testing

@testable import FlagCore

/// The `unleash` format: a client features payload or an export with `featureEnvironments`,
/// evaluated for the device as the Unleash SDKs evaluate it.
@Suite("Unleash provider layers")
struct ProviderReadersUnleashTests {
    static let stack = """
          - name: Source
            format: unleash
            path: unleash/features.json
          - name: Base
            format: json
            path: base.json

        """

    /// `/api/client/features` as an Unleash server returns it.
    static let clientPayload = """
        {
          "version": 2,
          "features": [
            {
              "name": "dark_mode",
              "type": "release",
              "enabled": true,
              "stale": false,
              "strategies": [{ "name": "flexibleRollout", "parameters": { "rollout": "50", "stickiness": "default" } }],
              "variants": []
            },
            {
              "name": "checkout/new_flow",
              "type": "release",
              "enabled": false,
              "strategies": [{ "name": "default", "parameters": {} }],
              "variants": []
            },
            {
              "name": "theme",
              "type": "experiment",
              "enabled": true,
              "strategies": [{ "name": "default", "parameters": {} }],
              "variants": [
                { "name": "light-arm", "weight": 200, "weightType": "variable", "stickiness": "default",
                  "payload": { "type": "string", "value": "light" } },
                { "name": "dark-arm", "weight": 800, "weightType": "variable", "stickiness": "default",
                  "payload": { "type": "string", "value": "dark" } }
              ]
            },
            {
              "name": "retries",
              "type": "operational",
              "enabled": true,
              "strategies": [],
              "variants": [
                { "name": "many", "weight": 1000, "payload": { "type": "number", "value": "7" } }
              ]
            },
            {
              "name": "layout",
              "type": "experiment",
              "enabled": true,
              "strategies": [],
              "variants": [
                { "name": "grid", "weight": 600, "payload": { "type": "json", "value": "{\\"columns\\":3}" } },
                { "name": "list", "weight": 400, "payload": { "type": "json", "value": "{\\"columns\\":1}" } }
              ]
            },
            {
              "name": "greeting",
              "type": "experiment",
              "enabled": false,
              "strategies": [],
              "variants": [
                { "name": "hey", "weight": 1000, "payload": { "type": "string", "value": "hey" } }
              ]
            },
            {
              "name": "sealed",
              "type": "kill-switch",
              "enabled": true,
              "strategies": []
            }
          ]
        }

        """

    /// An export (`/api/admin/features-batch/export`): toggles, and their state per environment.
    static let export = """
        {
          "features": [
            { "name": "dark_mode", "type": "release", "project": "default", "stale": false },
            { "name": "checkout/new_flow", "type": "release", "project": "default" },
            { "name": "theme", "type": "experiment", "project": "default" }
          ],
          "featureStrategies": [
            { "name": "default", "featureName": "dark_mode", "environment": "production", "parameters": {} }
          ],
          "featureEnvironments": [
            { "enabled": false, "featureName": "dark_mode", "environment": "production", "variants": [] },
            { "enabled": true, "featureName": "dark_mode", "environment": "development", "variants": [] },
            { "enabled": true, "featureName": "checkout/new_flow", "environment": "production", "variants": [] },
            { "enabled": true, "featureName": "theme", "environment": "production",
              "variants": [
                { "name": "a", "weight": 300, "payload": { "type": "string", "value": "dark" } },
                { "name": "b", "weight": 700, "payload": { "type": "string", "value": "light" } }
              ] }
          ],
          "environments": [ { "name": "production", "type": "production" }, { "name": "development", "type": "development" } ]
        }

        """

    static func load(_ payload: String, base: String = "{}") throws -> (ProviderSandbox, Workspace) {
        try ProviderSandbox.loaded(
            providers: Self.stack, files: ["unleash/features.json": payload, "base.json": base])
    }

    // Which user ids a rollout lets through and which variant they get were answered by the
    // official engine (yggdrasil-engine 2.0.0, `pip install yggdrasil-engine`) on `clientPayload`.

    @Test("Client payload: a bool flag is isEnabled for the device: a 50 % rollout is on for u1, off for u0")
    func boolIsEnabled() throws {
        for (user, expected) in [("u1", true), ("u0", false)] {
            let (sandbox, workspace) = try Self.load(
                Self.clientPayload,
                base: #"{"checkout/new_flow": true, "dark_mode": true, "context/userId": "\#(user)"}"#)
            defer { sandbox.remove() }
            #expect(
                workspace.diagnostics.allSatisfy { $0.severity != .error }, "\(workspace.diagnostics.map(\.headline))")
            let dark = try workspace.requireResolution("dark_mode")
            #expect(dark.layers[0].state == .set(.bool(expected)), "\(user)")
            #expect(dark.source == "Source", "an off toggle is a set false, never unset")
            #expect(dark.layers[0].rules?.reason == (expected ? .split : .defaultValue))
            #expect(dark.layers[0].rules?.reads.first == ContextRead(key: "context/userId", value: .string(user)))
            let flow = try workspace.requireResolution("checkout/new_flow")
            #expect(flow.layers[0].state == .set(.bool(false)), "a disabled bool toggle is set to false, never unset")
            #expect(flow.value == .bool(false))
            #expect(flow.source == "Source")
        }
    }

    @Test(
        "Client payload: a non-bool flag takes the payload of the variant the SDKs choose for the device",
        arguments: [
            ("u0", "dark", "dark-arm", JSONValue.object(["columns": .int(3)])),
            ("u4", "light", "light-arm", .object(["columns": .int(1)])),
        ])
    func variantPayload(user: String, theme: String, variant: String, layout: JSONValue) throws {
        let (sandbox, workspace) = try Self.load(Self.clientPayload, base: #"{"context/userId": "\#(user)"}"#)
        defer { sandbox.remove() }
        let themeLayer = try workspace.requireLayer("theme", "Source")
        #expect(themeLayer.state == .set(.string(theme)))
        #expect(themeLayer.rules?.variant == variant)
        #expect(themeLayer.rules?.reason == .split)
        #expect(try workspace.requireLayer("retries", "Source").state == .set(.int(7)))
        #expect(try workspace.requireLayer("layout", "Source").state == .set(.json(layout)))
    }

    @Test("Client payload: a disabled non-bool toggle is unset; features not listed are unset")
    func disabledNonBoolIsUnset() throws {
        let (sandbox, workspace) = try Self.load(Self.clientPayload, base: #"{"greeting": "hola"}"#)
        defer { sandbox.remove() }
        let greeting = try workspace.requireResolution("greeting")
        #expect(greeting.layers[0].state == .unset)
        #expect(greeting.value == .string("hola"))
        #expect(greeting.source == "Base")
        #expect(try workspace.requireLayer("ratio", "Source").state == .unset)
        #expect(try workspace.requireLayer("launch_date", "Source").state == .unset)
    }

    @Test("Client payload: an excluded flag ignores its toggle")
    func excluded() throws {
        let (sandbox, workspace) = try Self.load(Self.clientPayload)
        defer { sandbox.remove() }
        let sealed = try workspace.requireResolution("sealed")
        #expect(sealed.layers[0].state == .excluded)
        #expect(sealed.value == .bool(false))
    }

    @Test("Export: enabled and variants come from the first environment listed for the toggle")
    func exportUsesFeatureEnvironments() throws {
        let (sandbox, workspace) = try Self.load(Self.export, base: #"{"dark_mode": true, "context/userId": "u4"}"#)
        defer { sandbox.remove() }
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics.map(\.headline))")
        let dark = try workspace.requireResolution("dark_mode")
        #expect(dark.layers[0].state == .set(.bool(false)), "production (listed first) has it disabled")
        #expect(dark.value == .bool(false))
        #expect(dark.source == "Source")
        #expect(dark.layers[0].notes.contains { $0.contains("production") })
        #expect(try workspace.requireLayer("checkout/new_flow", "Source").state == .set(.bool(true)))
        // The official engine gives u4 variant a (weights 300/700).
        let theme = try workspace.requireLayer("theme", "Source")
        #expect(theme.state == .set(.string("dark")))
        #expect(theme.rules?.variant == "a")
    }

    @Test(
        "Payloads that do not fit are type mismatches with the raw payload",
        arguments: [("theme", "purple"), ("retries", "70"), ("retries", "many"), ("layout", "{oops")])
    func typeMismatch(key: String, payload: String) throws {
        let escaped = payload.replacingOccurrences(of: "\"", with: "\\\"")
        let document = """
            {"version": 2, "features": [
              {"name": "\(key)", "enabled": true, "strategies": [],
               "variants": [{"name": "only", "weight": 1000, "payload": {"type": "string", "value": "\(escaped)"}}]}
            ]}
            """
        let (sandbox, workspace) = try Self.load(document)
        defer { sandbox.remove() }
        let resolution = try workspace.requireResolution(key)
        #expect(resolution.layers[0].state.mismatchRaw == .text(payload))
        #expect(resolution.source == "default")
        #expect(
            workspace.diagnostics.contains { $0.severity == .warning && $0.message.contains(key) },
            "\(workspace.diagnostics.map(\.headline))")
    }
}
