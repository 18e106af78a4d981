import Foundation
import Testing

@testable import FlagCore

/// Reading a GrowthBook SDK payload: features in order with their places, every problem at its
/// line and column while the rest still loads, encrypted payloads, and what fails as a whole.
@Suite("GrowthBook: reading payloads")
struct GrowthBookPayloadTests {
    static func read(_ text: String, key: String? = nil) throws -> GrowthBookPayload {
        try GrowthBookPayload.read(Array(text.utf8), decryptionKey: key)
    }

    @Test("Features keep file order, their places, default values and rule kinds")
    func features() throws {
        let payload = try Self.read(
            """
            {"features": {
              "zeta": {"defaultValue": 1},
              "alpha/beta": {"defaultValue": {"a": [1]}, "rules": [
                {"id": "r1", "force": null},
                {"variations": ["a", "b"], "key": "exp"},
                {"foo": "bar"}
              ]}
            }, "dateUpdated": "2026-01-02T03:04:05Z"}
            """)
        #expect(Array(payload.features.keys) == ["zeta", "alpha/beta"])
        #expect(payload.problems.isEmpty, "\(payload.problems)")
        #expect(payload.dateUpdated == "2026-01-02T03:04:05Z")
        let feature = try #require(payload.features["alpha/beta"])
        #expect(feature.location == TextLocation(line: 3, column: 3))
        #expect(feature.defaultValue == .object(["a": .array([.int(1)])]))
        #expect(
            feature.rules.map(\.kind) == [
                .force(.null),
                .experiment(GrowthBookExperiment(variations: [.string("a"), .string("b")]).keyed("exp")), .none,
            ])
        #expect(feature.rules[0].id == "r1")
        #expect(feature.rules[2].location == TextLocation(line: 6, column: 5))
    }

    @Test("Each problem is reported at its line and column, and the rest of the payload still loads")
    func problemsAtTheirPlaces() throws {
        let payload = try Self.read(
            """
            {"features": {
              "a": {"rules": [{"condition": {"name": {"$regx": "x"}}, "force": 1}]},
              "b": {"rules": [{"condition": {"id": {"$inGroup": "nope"}}, "force": 1}]},
              "c": {"rules": [{"parentConditions": [{"id": "ghost", "condition": {"value": true}}], "force": 1}]},
              "d": {"rules": ["not a rule", {"variations": "ab"}, {"force": 1, "coverage": "half"}]},
              "e": {"defaultValue": "fine"}
            }}
            """)
        let found = payload.problems.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
        #expect(
            found == [
                "2:43 unknown operator '$regx'; the condition fails, as in the SDKs",
                "3:53 no saved group 'nope' in this payload; $inGroup fails, as in the SDKs",
                "4:48 no feature 'ghost' in this payload; the prerequisite reads its value as null",
                "5:19 a rule is an object, found text; it is skipped",
                "5:48 \"variations\" is a list of values, found text; the rule is skipped",
                "5:80 \"coverage\" is a number, found text",
            ])
        #expect(payload.features["e"]?.defaultValue == .string("fine"))
        #expect(payload.features["d"]?.rules.count == 2, "the rule that is no object is left out")
    }

    @Test("A pattern the linear engine refuses is a problem at its place; the condition then fails")
    func refusedPattern() throws {
        let payload = try Self.read(
            #"{"features": {"f": {"rules": [{"condition": {"n": {"$regex": "(a)\\1"}}, "force": 1}]}}}"#)
        let problem = try #require(payload.problems.first)
        #expect(problem.location == TextLocation(line: 1, column: 62))
        #expect(problem.message.contains("back-references are not supported"))
        let outcome = payload.rules(for: "f").evaluate(
            in: EvaluationContext(attributes: ["n": .string("aa")]), tracing: false)
        #expect(outcome.result == .unset)
    }

    @Test("Text that is not JSON, or JSON that is no object, fails as a whole at its place")
    func notAPayload() {
        #expect(throws: DocumentError("expected a JSON value, found '}'", at: TextLocation(line: 1, column: 14))) {
            try Self.read(#"{"features": }"#)
        }
        #expect(
            throws: DocumentError("a GrowthBook payload is a JSON object with \"features\", found a list", at: .start)
        ) {
            try Self.read("[1]")
        }
    }

    @Test("A payload without features is read empty, with a problem saying so")
    func noFeatures() throws {
        let payload = try Self.read(#"{"experiments": []}"#)
        #expect(payload.features.isEmpty)
        #expect(
            payload.problems.map(\.message) == [
                "a GrowthBook payload has \"features\" (or \"encryptedFeatures\"); this one has none"
            ])
    }

    static let key = "AAECAwQFBgcICQoLDA0ODw=="
    static let encryptedFeatures =
        "8ODQwLCgkIBwYFBAMCAQAA==.0bpNMRDAPnxTO+EN3svF9F0o1WohIlIXkb8gbwaxz4NK8+nUfqPBULmDsjaqRhalpurCvBQalsKbYsdcXJi/QgbL/+CkrziRYhmlH+9OEyNPeao55Ut07/Lw+Ir7nnk7"
    static let encryptedGroups = "8ODQwLCgkIBwYFBAMCAQAA==.4yUuTYx1v8KZ+SZB8Q5Z5eOBGpcruuCDiw1hDbta7Ck="

    @Test("Encrypted features and saved groups are decrypted with the key, and evaluate")
    func encrypted() throws {
        let payload = try Self.read(
            #"{"encryptedFeatures": "\#(Self.encryptedFeatures)", "encryptedSavedGroups": "\#(Self.encryptedGroups)"}"#,
            key: Self.key)
        #expect(payload.problems.isEmpty, "\(payload.problems)")
        #expect(payload.savedGroups["testers"]?.items == [.string("ann")])
        let outcome = payload.rules(for: "flag").evaluate(
            in: EvaluationContext(attributes: ["plan": .string("pro")]), tracing: false)
        #expect(outcome.result == .value(.native(.string("pro"))))
    }

    @Test("Encrypted features without a key, or with the wrong one, fail at the field naming what is wrong")
    func encryptedWithoutTheKey() {
        let text = "{\n  \"encryptedFeatures\": \"\(Self.encryptedFeatures)\"}"
        #expect(
            throws: DocumentError(
                "\"encryptedFeatures\" is encrypted and no decryption key was given (decryptionKeyEnv: names the environment variable that holds it)",
                at: TextLocation(line: 2, column: 24))
        ) { try Self.read(text) }
        #expect(
            throws: DocumentError(
                "\"encryptedFeatures\" cannot be decrypted: it does not decrypt with this key (the padding is wrong)",
                at: TextLocation(line: 2, column: 24))
        ) { try Self.read(text, key: "AAECAwQFBgcICQoLDA0ODg==") }
        #expect(
            throws: DocumentError(
                "\"encryptedFeatures\" cannot be decrypted: the decryption key is not base64",
                at: TextLocation(line: 2, column: 24))
        ) { try Self.read(text, key: "not a key!") }
    }

    @Test("Saved groups that do not decrypt are a problem; the features still load")
    func groupsThatDoNotDecrypt() throws {
        let payload = try Self.read(
            #"{"features": {"f": {"defaultValue": 1}}, "encryptedSavedGroups": "\#(Self.encryptedGroups)"}"#,
            key: "AAECAwQFBgcICQoLDA0ODg==")
        #expect(payload.features["f"] != nil)
        #expect(payload.savedGroups.isEmpty)
        #expect(payload.problems.first?.message.hasSuffix("; the payload is read without saved groups") == true)
    }
}

extension GrowthBookExperiment {
    /// The experiment with this key.
    func keyed(_ key: String) -> GrowthBookExperiment {
        var copy = self
        copy.key = key
        return copy
    }
}
