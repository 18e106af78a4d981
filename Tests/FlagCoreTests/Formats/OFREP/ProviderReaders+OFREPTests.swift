import Foundation
import Testing

@testable import FlagCore

/// The `ofrep` format: a server's bulk evaluation answer read into entries, as its layer shows them.
@Suite("OFREP answers")
struct ProviderReadersOFREPTests {
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
}
