import Foundation
import Testing

@testable import FlagCore

/// Reading remote answers, the offline cache and the OFREP evaluation context: the parts of
/// remote providers that need no network (the network is tested against a real server in the
/// command-line tests).
@Suite("Remote answers, cache and context")
struct ProviderReadersRemoteTests {
    @Test("An OFREP answer: native values, reason/variant/metadata as notes, per-flag errors, FLAG_NOT_FOUND unset")
    func ofrepReader() throws {
        let answer = """
            {"flags": [
              {"key": "a", "value": false, "reason": "DISABLED", "variant": "off", "metadata": {"owner": "me"}},
              {"key": "b", "value": 3},
              {"key": "c", "value": null, "reason": "DEFAULT"},
              {"key": "d", "errorCode": "TARGETING_KEY_MISSING", "errorDetails": "needs a targetingKey"},
              {"key": "e", "errorCode": "FLAG_NOT_FOUND"},
              {"key": "f", "reason": "UNKNOWN"}
            ]}
            """
        let entries = try ProviderReaders.ofrep(Array(answer.utf8))
        #expect(Array(entries.keys) == ["a", "b", "c", "d", "e", "f"])
        #expect(entries["a"]?.value == .native(.bool(false)))
        #expect(entries["a"]?.notes == ["reason DISABLED", "variant off", "metadata {\"owner\":\"me\"}"])
        #expect(entries["b"]?.value == .native(.int(3)))
        #expect(entries["c"]?.value == nil && entries["c"]?.error == nil)
        #expect(entries["d"]?.error == "the server could not evaluate it: TARGETING_KEY_MISSING: needs a targetingKey")
        #expect(entries["e"]?.value == nil && entries["e"]?.error == nil)
        #expect(entries["e"]?.notes == ["the server has no such flag (FLAG_NOT_FOUND)"])
        #expect(entries["f"]?.notes == ["reason UNKNOWN", "the server sent no value"])
    }

    @Test("Answers that are not OFREP are refused with a reason, never a crash")
    func ofrepRefusals() {
        let bodies = [
            "", "[]", "{\"flags\": {}}", "{\"flags\": [1]}", "{\"flags\": [{\"value\": true}]}",
            "{\"flags\": [{\"key\": {}}]}", "{\"flags\": [", String(repeating: "[", count: 200_000),
        ]
        for body in bodies {
            #expect(
                RemoteAnswerReader.problem(in: Array(body.utf8), format: .ofrep) != nil, "accepted: \(body.prefix(40))")
        }
        #expect(RemoteAnswerReader.problem(in: Array("{\"flags\": []}".utf8), format: .ofrep) == nil)
        #expect(
            RemoteAnswerReader.problem(in: Array("{\"version\": 2, \"features\": []}".utf8), format: .unleash) == nil)
        #expect(RemoteAnswerReader.problem(in: Array("{\"version\": 2}".utf8), format: .unleash) != nil)
    }
}
