import Foundation
import Testing

@testable import FlagCore

/// flagd's schema (`targeting.json`), checked in code: each violation a problem at its place,
/// while the rule still evaluates as flagd's evaluator runs it.
@Suite("Rules: flagd's schema")
struct FlagdSchemaTests {
    @Test(
        "What the schema forbids is a problem",
        arguments: [
            (#"{"==": [1]}"#, "'==' takes 2 arguments, found 1"),
            (#"{"<": [1, 2, 3, 4]}"#, "'<' takes 2 or 3 arguments, found 4"),
            (#"{"*": [2]}"#, "'*' takes at least 2 arguments, found 1"),
            (#"{"!": [true, false]}"#, "'!' takes 1 argument, found 2"),
            (#"{"reduce": {"var": "x"}}"#, "'reduce' takes a list of arguments, found a mapping"),
            (#"{"missing": [1]}"#, "'missing' takes a list of attribute names"),
            (#"{"missing_some": [1, "a"]}"#, "'missing_some' takes [minimum, [attribute names]]"),
            (#"{"var": [1]}"#, "'var' takes [attribute name, default]: the name is text"),
            (#"{"var": "$flagd.version"}"#, "'$flagd' has only 'timestamp' and 'flagKey', not 'version'"),
            (#"{"starts_with": [{"var": "id"}]}"#, "'starts_with' takes 2 arguments: the attribute and the text"),
        ])
    func violations(rule: String, message: String) throws {
        #expect(try FlagdDocument.targetingProblems(Array(rule.utf8)).map(\.message) == [message], "\(rule)")
    }

    @Test(
        "What the schema allows, or does not list, is no problem",
        arguments: [
            #"{"var": "$flagd.flagKey"}"#, #"{"var": "$flagd.timestamp"}"#, #"{"var": ["plan", "free"]}"#,
            #"{"!": true}"#, #"{"abs": -1}"#, #"{"if": [true, 1, 2]}"#, #"{"missing_some": [1, ["a", "b"]]}"#,
        ])
    func allowed(rule: String) throws {
        #expect(try FlagdDocument.targetingProblems(Array(rule.utf8)).isEmpty, "\(rule)")
    }

    @Test("A violation is reported and the rule still evaluates, as flagd's evaluator runs it")
    func lenientEvaluation() throws {
        #expect(try RuleFixture.result(#"{"==": [1, 1, 2]}"#) == .bool(true))
        #expect(try FlagdDocument.targetingProblems(Array(#"{"==": [1, 1, 2]}"#.utf8)).count == 1)
    }
}
