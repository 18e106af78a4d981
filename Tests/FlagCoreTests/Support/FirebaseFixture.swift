import Foundation
import Testing

@testable import FlagCore

/// Remote Config conditions and templates written as text, read and evaluated as a firebase
/// provider's are.
enum FirebaseFixture {
    /// Whether `expression` holds for `context`.
    static func matches(_ expression: String, _ context: EvaluationContext) throws -> Bool {
        try result(expression, context).matched
    }

    /// What `expression` gives for `context`, with its note and split.
    static func result(_ expression: String, _ context: EvaluationContext) throws -> FirebaseClauseResult {
        let condition = FirebaseCondition(
            name: "c", expression: expression, clauses: try FirebaseConditionParser.parse(expression))
        var reads = ReadLog()
        return condition.evaluate(in: context, reads: &reads)
    }

    /// Whether `expression` holds for the attributes of a JSON object.
    static func matches(_ expression: String, _ attributes: String, now: Date = RuleFixture.now) throws -> Bool {
        try matches(expression, RuleFixture.context(attributes, now: now))
    }

    /// The error `expression` is rejected with; `nil` when it parses.
    static func error(_ expression: String) -> FirebaseConditionError? {
        do {
            _ = try FirebaseConditionParser.parse(expression)
            return nil
        } catch {
            return error
        }
    }

    /// A template with `conditions` (name, expression) and one parameter `flag` whose
    /// `conditionalValues` are `parameter`, with the default value `defaultValue`.
    static func template(
        conditions: [(String, String)], parameter: String, defaultValue: String = #"{ "value": "off" }"#
    ) -> String {
        let written = conditions.map { name, expression in
            #"    { "name": "\#(name)", "expression": "\#(expression)" }"#
        }
        return """
            {
              "conditions": [
            \(written.joined(separator: ",\n"))
              ],
              "parameters": {
                "flag": { "defaultValue": \(defaultValue), "conditionalValues": { \(parameter) } }
              }
            }
            """
    }

    /// What parameter `key` of `template` gives for the attributes of a JSON object.
    static func outcome(_ template: String, _ attributes: String, key: String = "flag", now: Date = RuleFixture.now)
        throws -> RuleOutcome
    {
        let read = try FirebaseTemplate.read(Array(template.utf8))
        let parameter = try #require(read.parameters[key])
        return parameter.rules.evaluate(in: try RuleFixture.context(attributes, now: now))
    }
}
