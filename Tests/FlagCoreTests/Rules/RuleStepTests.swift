import Testing

@testable import FlagCore

/// A step of a rule trace: its words are written from its rule only when read.
@Suite("Rule steps")
struct RuleStepTests {
    @Test("A step's words are written from its rule when read, and equal the same words given")
    func stepWords() throws {
        let outcome = try RuleFixture.outcome(
            targeting: #"{"if": [{"ends_with": [{"var": "email"}, "@example.com"]}, "on", "off"]}"#,
            attributes: #"{"email": "ana@example.com"}"#)
        let step = try #require(outcome.trace.steps.first)
        #expect(step.rule == #"email ends_with "@example.com""#)
        var given = RuleStep(
            rule: step.rule, location: step.location, reads: step.reads, result: step.result, split: step.split)
        given.note = step.note
        #expect(given == step)
        #expect(Set([given, step]).count == 1)
        var renamed = step
        renamed.rule = "something else"
        #expect(renamed != step && renamed.rule == "something else")
    }
}
