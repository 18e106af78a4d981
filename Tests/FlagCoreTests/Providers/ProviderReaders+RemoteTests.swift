import Foundation
import Testing

@testable import FlagCore

/// Whether a server's answer is one its format's reader takes: the check made before an answer
/// is used or cached (the network is tested against a real server in the command-line tests).
@Suite("Remote answers")
struct ProviderReadersRemoteTests {
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
