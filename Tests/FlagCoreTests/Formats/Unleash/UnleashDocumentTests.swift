import Foundation
import Testing

@testable import FlagCore

/// The three forms of an Unleash file, and hostile input: never a crash, a located problem instead.
@Suite("Unleash: reading files")
struct UnleashDocumentTests {
    static let export = """
        {
          "features": [{"name": "checkout", "type": "release"}, {"name": "child"}],
          "featureStrategies": [
            {"name": "default", "featureName": "checkout", "sortOrder": 2},
            {"name": "userWithId", "featureName": "checkout", "sortOrder": 1, "parameters": {"userIds": "ana"},
             "segments": [3]},
            {"name": "default", "featureName": "checkout", "sortOrder": 0, "disabled": true},
            {"name": "default", "featureName": "child"}
          ],
          "featureEnvironments": [
            {"featureName": "checkout", "environment": "production", "enabled": true,
             "variants": [{"name": "v", "weight": 1000, "weightType": "variable"}]},
            {"featureName": "checkout", "environment": "development", "enabled": false},
            {"featureName": "child", "environment": "production", "enabled": true}
          ],
          "segments": [{"id": 3, "name": "beta", "constraints": [{"contextName": "plan", "operator": "IN", "values": ["beta"]}]}],
          "dependencies": [{"feature": "child", "dependencies": [{"feature": "checkout", "enabled": false}]}]
        }
        """

    @Test("Export: strategies by sortOrder without the disabled ones, the first environment, segments, dependencies")
    func export() throws {
        let document = try UnleashDocument.read(Array(Self.export.utf8))
        #expect(document.form == .export)
        #expect(document.problems.isEmpty, "\(document.problems)")
        let checkout = try #require(document.features.toggles["checkout"])
        #expect(checkout.strategies.map(\.name) == ["userWithId", "default"])
        #expect(checkout.strategies[0].segments == [3])
        #expect(checkout.enabled)
        #expect(checkout.variants.map(\.name) == ["v"])
        #expect(document.environments["checkout"] == "production")
        #expect(document.features.segments[3]?.name == "beta")
        #expect(
            document.features.toggles["child"]?.dependencies == [UnleashDependency(feature: "checkout", enabled: false)]
        )
        #expect(try !UnleashFixture.enabled(document.features, "child"), "checkout is on, child wants it off")
    }

    @Test("Delta events apply in order: hydration, updates and removals of toggles and segments")
    func deltaEvents() throws {
        let events = """
            {"events": [
              {"eventId": 1, "type": "hydration", "segments": [{"id": 1, "constraints": []}],
               "features": [{"name": "old", "enabled": true}, {"name": "kept", "enabled": false}]},
              {"eventId": 2, "type": "hydration", "segments": [{"id": 2, "constraints": [
                 {"contextName": "appName", "operator": "IN", "values": ["shop"]}]}],
               "features": [{"name": "kept", "enabled": true, "strategies": [{"name": "default", "segments": [2]}]},
                            {"name": "gone", "enabled": true}]},
              {"eventId": 3, "type": "feature-removed", "featureName": "gone"},
              {"eventId": 4, "type": "feature-updated", "feature": {"name": "new", "enabled": true,
                "strategies": [{"name": "default", "segments": [1]}]}},
              {"eventId": 5, "type": "segment-updated", "segment": {"id": 1, "constraints": []}},
              {"eventId": 6, "type": "segment-removed", "segmentId": 2},
              {"eventId": 7, "type": "something-new"}
            ]}
            """
        let document = try UnleashDocument.read(Array(events.utf8))
        #expect(document.form == .deltaEvents)
        #expect(Array(document.features.toggles.keys) == ["kept", "new"])
        #expect(document.features.segments.keys.sorted() == [1])
        #expect(try UnleashFixture.enabled(document.features, "new"))
        #expect(
            try !UnleashFixture.enabled(document.features, "kept", #"{"appName": "shop"}"#), "segment 2 was removed")
        #expect(document.problems.map(\.location?.line) == [13])
        #expect(document.problems.first?.message.hasPrefix("unknown delta event type 'something-new'") == true)
    }

    @Test(
        "Hostile input is a located problem, never a crash, and the rest still evaluates",
        arguments: [
            #"[{"name": "t", "enabled": "yes"}]"#,
            #"[{"name": 12, "enabled": true}]"#,
            #"[{"name": "t", "enabled": true, "strategies": {"name": "default"}}]"#,
            #"[{"name": "t", "enabled": true, "strategies": [{"name": "default", "parameters": {"x": {"deep": 1}}}]}]"#,
            #"[{"name": "t", "enabled": true, "strategies": [{"name": "default", "segments": [1e300]}]}]"#,
            #"[{"name": "t", "enabled": true, "strategies": [{"name": "default", "segments": [-9223372036854775808]}]}]"#,
            #"[{"name": "t", "enabled": true, "variants": [{"name": "v", "weight": 99999999999999999999}]}]"#,
            #"[{"name": "t", "enabled": true, "variants": [{"name": "v", "weight": -5}, {"name": "w", "weight": "x"}]}]"#,
            #"[{"name": "t", "enabled": true, "variants": [{"name": "v", "weight": 1, "payload": "text"}]}]"#,
            #"[{"name": "t", "enabled": true, "dependencies": [{"enabled": true}]}]"#,
            #"[{"name": "t", "enabled": true, "strategies": [{"name": "default", "constraints": [{"operator": "IN"}]}]}]"#,
            #"[{"name": "t", "enabled": true, "strategies": [{"name": "default", "constraints": [{"contextName": "a", "operator": "IN", "values": [1, null, [2]]}]}]}]"#,
            #"[7, null, {"name": "ok", "enabled": true}]"#,
        ])
    func hostileInput(features: String) throws {
        let document = try UnleashFixture.document(features: features)
        #expect(!document.problems.isEmpty)
        #expect(document.problems.allSatisfy { $0.location != nil })
        for name in document.features.toggles.keys {
            let outcome = try UnleashFixture.outcome(document.features, name, #"{"userId": "u"}"#, answer: .payload)
            if case .error(let message) = outcome.result { Issue.record("\(name): \(message)") }
        }
    }

    @Test("Huge weights and huge lists are read and evaluated without overflow")
    func hugeInput() throws {
        let variants = (0..<2000).map { #"{"name": "v\#($0)", "weight": 2147483647}"# }.joined(separator: ",")
        let ids = (0..<20000).map { "u\($0)" }.joined(separator: ",")
        let document = try UnleashFixture.document(
            features: """
                [{"name": "t", "enabled": true, "strategies": [{"name": "userWithId", "parameters": {"userIds": "\(ids)"}}],
                  "variants": [\(variants)]}]
                """)
        #expect(document.problems.isEmpty)
        let decided = document.features.evaluate("t", in: try RuleFixture.context(#"{"userId": "u19999"}"#))
        #expect(decided.enabled)
        #expect(decided.variant.name.hasPrefix("v"))
    }

    @Test(
        "A file that is none of the forms fails as a whole, at its place",
        arguments: ["[]", #"{"version": 2}"#, #"{"events": {}}"#])
    func notUnleash(text: String) {
        #expect(throws: DocumentError.self) { try UnleashDocument.read(Array(text.utf8)) }
    }

    @Test(
        "A client payload, read a toggle at a time, reads as its whole tree does: segments after the toggles, bad toggles, an export"
    )
    func streamedAsWhole() throws {
        let payloads = [
            """
            {"version": 2,
             "features": [
               {"name": "a", "enabled": true, "strategies": [{"name": "default", "segments": [7]}]},
               {"name": ""}, 42,
               {"name": "a", "enabled": false}
             ],
             "segments": [{"id": 7, "constraints": [{"contextName": "plan", "operator": "IN", "values": ["pro"]}]}]}
            """,
            #"{"features": {"not": "a list"}}"#,
            Self.export,
        ]
        for payload in payloads {
            let bytes = Array(payload.utf8)
            let whole: UnleashDocument
            do { whole = try UnleashDocument.read(JSONReader.parse(bytes)) } catch {
                #expect(throws: DocumentError.self) { try UnleashDocument.read(bytes) }
                continue
            }
            let streamed = try UnleashDocument.read(bytes)
            #expect(streamed.form == whole.form)
            #expect(streamed.features.toggles == whole.features.toggles)
            #expect(streamed.features.segments == whole.features.segments)
            #expect(streamed.problems == whole.problems)
            #expect(streamed.environments == whole.environments)
        }
    }
}
