import Testing

@testable import FlagCore

/// A rule trace put into words once, for `get` and the detail pane (``LayerDescription``).
@Suite("Layer words: rule traces")
struct LayerDescriptionTraceTests {
    static func words(_ outcome: RuleOutcome, state: LayerState = .set(.string("on"))) -> [String] {
        let layer = Layer(provider: "Flags", state: state, rules: outcome.trace)
        return LayerDescription.lines(of: outcome.trace, in: layer).map {
            String(repeating: "  ", count: $0.depth) + $0.mark + $0.text
        }
    }

    @Test("In nested conditions the last condition taken is the one marked as deciding")
    func nestedDecision() throws {
        let outcome = try RuleFixture.outcome(
            targeting:
                #"{"if": [{"==": [{"var": "plan"}, "pro"]}, {"if": [{">": [{"var": "seats"}, 10]}, "on", "off"]}, null]}"#,
            attributes: #"{"plan": "pro", "seats": 3}"#)
        #expect(
            Self.words(outcome) == [
                #"rules chose variant "off" (TARGETING_MATCH)"#,
                #"    plan == "pro" → true"#,
                #"      reads context/plan = "pro""#,
                #"  ▶ seats > 10 → false"#,
                #"      reads context/seats = 3"#,
            ])
    }

    @Test("An operator that gave up on an unset attribute says which attribute and why")
    func unsetWithNote() throws {
        let outcome = try RuleFixture.outcome(
            targeting: #"{"if": [{"sem_ver": [{"var": "app_version"}, ">=", "2.0.0"]}, "on", null]}"#)
        #expect(
            Self.words(outcome) == [
                #"no rule matched: default variant "off" (DEFAULT)"#,
                #"    app_version sem_ver >= "2.0.0" → null"#,
                #"      reads context/app_version (unset)"#,
                #"      sem_ver: null is not a semantic version"#,
            ])
    }

    @Test("A failure is worded once: the headline leaves the message to the error layer's reason")
    func failure() throws {
        let outcome = try RuleFixture.outcome(targeting: #"{"if": [true, "gone", "on"]}"#)
        let message = "its targeting chose variant 'gone', which it does not have"
        #expect(Self.words(outcome, state: .error(message)).first == "rules could not be evaluated (ERROR, GENERAL)")
        #expect(Self.words(outcome, state: .unset).first == "rules could not be evaluated (ERROR, GENERAL): " + message)
    }

    @Test("Shares are written a line each, with a bar, as whole percentages or with one decimal, this device's marked")
    func splitWords() {
        let split = PercentageSplit(
            bucket: 37.24,
            shares: [
                .init(name: "a", weight: 1, percent: 100.0 / 3),
                .init(name: "b", weight: 2, percent: 200.0 / 3),
            ], chosen: "b")
        #expect(LayerDescription.words(for: split) == #"bucket 37.2 of 100 → "b""#)
        #expect(
            LayerDescription.shareLines(for: split).map { ($0.isChosen ? "▶ " : "  ") + $0.text } == [
                "  a  ███░░░░░░░ 33.3 %", "▶ b  ███████░░░ 66.7 %",
            ])
    }
}
