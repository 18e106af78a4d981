import Foundation
import Testing

@testable import FlagCore

/// LaunchDarkly's reasons as the SDKs write them.
@Suite("LaunchDarkly: reasons")
struct LaunchDarklyReasonTests {
    @Test(
        "Each reason's kind and fields, in the SDKs' names and order",
        arguments: [
            (LaunchDarklyReason.off, nil as String?, #"{"kind":"OFF"}"#),
            (.fallthrough(inExperiment: false), nil, #"{"kind":"FALLTHROUGH"}"#),
            (.fallthrough(inExperiment: true), nil, #"{"kind":"FALLTHROUGH","inExperiment":true}"#),
            (.targetMatch, nil, #"{"kind":"TARGET_MATCH"}"#),
            (
                .ruleMatch(ruleIndex: 2, ruleId: "r", inExperiment: true), nil,
                #"{"kind":"RULE_MATCH","ruleIndex":2,"ruleId":"r","inExperiment":true}"#
            ),
            (
                .ruleMatch(ruleIndex: 0, ruleId: nil, inExperiment: false), "NOT_CONFIGURED",
                #"{"kind":"RULE_MATCH","ruleIndex":0,"bigSegmentsStatus":"NOT_CONFIGURED"}"#
            ),
            (.prerequisiteFailed(prerequisiteKey: "p"), nil, #"{"kind":"PREREQUISITE_FAILED","prerequisiteKey":"p"}"#),
            (.error(.wrongType), nil, #"{"kind":"ERROR","errorKind":"WRONG_TYPE"}"#),
        ])
    func json(reason: LaunchDarklyReason, status: String?, json: String) {
        #expect(reason.sourceReason(bigSegmentsStatus: status).json.compactText == json)
    }

    @Test("Each error kind's OpenFeature code", arguments: LaunchDarklyErrorKind.allCases)
    func openFeatureCodes(kind: LaunchDarklyErrorKind) {
        let expected = [
            "MALFORMED_FLAG": "PARSE_ERROR", "FLAG_NOT_FOUND": "FLAG_NOT_FOUND",
            "USER_NOT_SPECIFIED": "TARGETING_KEY_MISSING",
            "WRONG_TYPE": "TYPE_MISMATCH", "EXCEPTION": "GENERAL",
        ]
        #expect(kind.openFeatureCode == expected[kind.rawValue])
    }
}
