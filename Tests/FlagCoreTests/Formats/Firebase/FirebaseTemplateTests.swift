import Foundation
import Testing

@testable import FlagCore

/// A template's semantics (docs/rules.md): conditions in the template's order, the first true one
/// with a value for the parameter wins, `useInAppDefault` leaves the layer unset, a bad
/// condition makes only its parameters' layers errors; the trace says how each value was decided.
@Suite("Firebase template semantics")
struct FirebaseTemplateTests {
    static let stack = """
          - name: Remote
            format: firebase
            path: remote.json
          - name: Device
            format: json
            path: device.json

        """

    static let template = """
        {
          "conditions": [
            { "name": "italian_store", "expression": "device.country in ['it']" },
            { "name": "ios_users", "expression": "device.os == 'ios'" },
            { "name": "beta", "expression": "app.userProperty['beta'].exactlyMatches(['yes'])" },
            { "name": "broken", "expression": "device.contry in ['it']" }
          ],
          "parameters": {
            "theme": {
              "defaultValue": { "value": "dark" },
              "conditionalValues": {
                "ios_users": { "value": "glass" },
                "italian_store": { "value": "light" }
              }
            },
            "greeting": {
              "defaultValue": { "value": "hello" },
              "conditionalValues": { "ios_users": { "value": "hi" } }
            },
            "launch_date": {
              "defaultValue": { "value": "2026-01-01" },
              "conditionalValues": { "beta": { "useInAppDefault": true } }
            },
            "banner": {
              "defaultValue": { "useInAppDefault": true },
              "conditionalValues": { "italian_store": { "value": "ciao" } }
            },
            "checkout/new_flow": {
              "defaultValue": { "value": "false" },
              "conditionalValues": { "broken": { "value": "true" } }
            },
            "checkout/retries": {
              "defaultValue": { "value": "3" },
              "conditionalValues": { "missing_condition": { "value": "5" } }
            }
          },
          "parameterGroups": {
            "Store": {
              "parameters": {
                "currency": {
                  "defaultValue": { "value": "USD" },
                  "conditionalValues": { "italian_store": { "value": "EUR" } }
                }
              }
            }
          }
        }

        """

    static let blueprint = """
        name: App
        flags:
          theme: { type: string, default: system, description: Theme }
          greeting: { type: string, default: hey, description: Greeting }
          launchDate: { type: date, default: "2025-06-01", description: Launch date }
          banner: { type: string, default: none, description: Banner }
          currency: { type: string, default: GBP, description: Currency }
        collections:
          checkout:
            description: Checkout
            flags:
              newFlow: { type: bool, default: false, description: New flow }
              retries: { type: int, default: 1, description: Retries }

        """

    static func load(device: String) throws -> (ProviderSandbox, Workspace) {
        try ProviderSandbox.loaded(
            providers: Self.stack, blueprint: Self.blueprint,
            files: ["remote.json": Self.template, "device.json": device])
    }

    @Test("Conditions are evaluated in the template's order, not the order a parameter lists its values in")
    func templateOrder() throws {
        let (sandbox, workspace) = try Self.load(device: #"{"context/country": "it", "context/platform": "iOS"}"#)
        defer { sandbox.remove() }
        let layer = try workspace.requireLayer("theme", "Remote")
        #expect(layer.state == .set(.string("light")))
        #expect(layer.rules?.variant == "italian_store")
        #expect(layer.rules?.reason == .targetingMatch)
        #expect(layer.rules?.steps.map(\.rule) == ["italian_store: device.country in ['it']"])
    }

    @Test("The first true condition that has a value for the parameter wins; others are not evaluated")
    func firstTrueWithValue() throws {
        let (sandbox, workspace) = try Self.load(device: #"{"context/country": "it", "context/platform": "iOS"}"#)
        defer { sandbox.remove() }
        let greeting = try workspace.requireLayer("greeting", "Remote")
        #expect(greeting.state == .set(.string("hi")), "italian_store is true but has no value for greeting")
        #expect(greeting.rules?.steps.map(\.rule) == ["ios_users: device.os == 'ios'"])
        #expect(try workspace.requireResolution("currency").value == .string("EUR"), "groups are evaluated too")
        #expect(try workspace.requireLayer("currency", "Remote").notes.contains("in parameter group Store"))
    }

    @Test("No true condition: the default value, variant default, reason DEFAULT, every condition in the trace")
    func defaultValue() throws {
        let (sandbox, workspace) = try Self.load(device: #"{"context/country": "fr", "context/platform": "android"}"#)
        defer { sandbox.remove() }
        let layer = try workspace.requireLayer("theme", "Remote")
        #expect(layer.state == .set(.string("dark")))
        #expect(layer.rules?.variant == "default")
        #expect(layer.rules?.reason == .defaultValue)
        #expect(layer.rules?.steps.map(\.result) == [.bool(false), .bool(false)])
        #expect(
            layer.rules?.reads == [
                ContextRead(key: "context/country", value: .string("fr")),
                ContextRead(key: "context/platform", value: .string("android")),
            ])
    }

    @Test("useInAppDefault leaves the layer unset, for a condition's value and for the default")
    func useInAppDefault() throws {
        let (sandbox, workspace) = try Self.load(device: #"{"context/user_properties/beta": "yes"}"#)
        defer { sandbox.remove() }
        let launch = try workspace.requireResolution("launch_date")
        #expect(launch.layers[0].state == .unset)
        #expect(launch.layers[0].rules?.variant == "beta")
        #expect(launch.layers[0].rules?.reason == .targetingMatch)
        #expect(launch.value == .date("2025-06-01"))
        let banner = try workspace.requireLayer("banner", "Remote")
        #expect(banner.state == .unset)
        #expect(banner.rules?.reason == .defaultValue)
        // `default` decided, and it gives no value: the next layer decides, as the headline says.
        #expect(banner.rules?.variant == "default")
        #expect(
            GetReport(resolution: try workspace.requireResolution("banner"), now: Date()).text.contains(
                "Remote: no rule matched: the default gives no value, so the next layer decides (DEFAULT)"))
    }

    @Test("A condition that does not parse makes its parameters' layers errors; the others are unaffected")
    func badCondition() throws {
        let (sandbox, workspace) = try Self.load(device: #"{"context/country": "it"}"#)
        defer { sandbox.remove() }
        let broken = try workspace.requireResolution("checkout/new_flow")
        #expect(
            broken.layers[0].state
                == .error(
                    "condition 'broken' cannot be evaluated: 'device.contry' is not an element of Remote Config conditions; did you mean 'device.country'?"
                ))
        #expect(broken.value == .bool(false))
        let missing = try workspace.requireLayer("checkout/retries", "Remote")
        #expect(
            missing.state
                == .error("it has a value for condition 'missing_condition', which the template does not define"))
        #expect(try workspace.requireLayer("theme", "Remote").state == .set(.string("light")))
        #expect(try workspace.requireLayer("banner", "Remote").state == .set(.string("ciao")))
    }

    @Test("validate reports each bad condition and each value for a missing one at its line and column")
    func validateLocates() throws {
        let (sandbox, workspace) = try Self.load(device: "{}")
        defer { sandbox.remove() }
        let errors = workspace.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 2, "\(errors.map(\.headline))")
        #expect(errors.allSatisfy { $0.file == "remote.json" })
        #expect(errors[0].location == TextLocation(line: 6, column: 40))
        #expect(errors[0].message.hasPrefix("firebase provider 'Remote': condition 'broken': 'device.contry'"))
        #expect(errors[1].location == TextLocation(line: 34, column: 30))
        #expect(errors[1].message.contains("'missing_condition', which the template does not define"))
    }

    @Test("The attributes the conditions read are context keys, listed with the conditions that read them")
    func attributesAreListed() throws {
        let (sandbox, workspace) = try Self.load(device: "{}")
        defer { sandbox.remove() }
        let keys = workspace.ruleAttributes.map(\.key)
        #expect(keys == ["context/country", "context/platform", "context/user_properties/beta"])
        let country = try #require(workspace.ruleAttributes.first { $0.key == "context/country" })
        #expect(country.suggestions == ["it"])
        #expect(country.readers.map(\.flag) == ["theme", "banner", "currency"])
        #expect(country.readers.first?.rule == "italian_store: device.country in ['it']")
        #expect(country.readers.first?.location == TextLocation(line: 3, column: 46))
        #expect(try workspace.requireResolution("context/country").flag.isGenerated)
    }

    @Test("get --json gives the trace on the layer: variant, reason, steps with their reads")
    func traceJSON() throws {
        let (sandbox, workspace) = try Self.load(device: #"{"context/country": "it"}"#)
        defer { sandbox.remove() }
        let layer = try workspace.requireLayer("theme", "Remote")
        let rules = try #require(GetReport.json(layer).object?["rules"])
        #expect(
            rules
                == .object([
                    "variant": .string("italian_store"), "reason": .string("TARGETING_MATCH"),
                    "steps": .array([
                        .object([
                            "rule": .string("italian_store: device.country in ['it']"), "result": .bool(true),
                            "reads": .object(["context/country": .string("it")]),
                        ])
                    ]),
                ]))
    }

    @Test("The parameters of a template share one array of compiled conditions")
    func conditionsAreShared() throws {
        let read = try FirebaseTemplate.read(Array(Self.template.utf8))
        let theme = try #require(read.parameters["theme"]?.rules.conditions)
        let currency = try #require(read.parameters["currency"]?.rules.conditions)
        let sharesStorage = theme.withUnsafeBufferPointer { first in
            currency.withUnsafeBufferPointer { second in first.baseAddress == second.baseAddress }
        }
        #expect(sharesStorage)
    }

    @Test("Parameters written before the conditions are read with them all the same, groups' after the template's own")
    func parametersBeforeConditions() throws {
        let template = """
            {
              "parameterGroups": { "Store": { "parameters": { "currency": {
                "conditionalValues": { "italian_store": { "value": "EUR" } } } } } },
              "parameters": {
                "theme": { "conditionalValues": { "italian_store": { "value": "light" }, "nowhere": { "value": "x" } } }
              },
              "conditions": [ { "name": "italian_store", "expression": "device.country in ['it']" } ]
            }
            """
        let read = try FirebaseTemplate.read(Array(template.utf8))
        #expect(Array(read.parameters.keys) == ["theme", "currency"])
        #expect(read.parameters["theme"]?.rules.conditionalValues.map(\.conditionIndex) == [0])
        #expect(read.parameters["currency"]?.rules.conditionalValues.map(\.conditionIndex) == [0])
        #expect(read.parameters["currency"]?.group == "Store")
        #expect(read.problems.map(\.location) == [TextLocation(line: 5, column: 78)])
        let message = read.problems.first?.message ?? ""
        #expect(message.contains("condition 'nowhere', which the template does not define"), "\(message)")
    }
}
