import Foundation
import Testing

@testable import FlagCore

/// flagd's `fractional`: MurmurHash3 of the deterministic CBOR of the bucketing value, mapped
/// to buckets by weight, as flagd-testbed 3.9.0's `@fractional-v3` scenarios have it.
@Suite("Rules: fractional")
struct FractionalOperatorTests {
    static let cards =
        #"[{"cat": [{"var": "$flagd.flagKey"}, {"var": "user.name"}]}, ["clubs", 25], ["diamonds", 25], ["hearts", 25], ["spades", 25]]"#
    static let cardVariants =
        #"{"clubs": "clubs", "diamonds": "diamonds", "hearts": "hearts", "spades": "spades", "wild": "wild"}"#

    @Test(
        "A bucketing expression splits devices as flagd-testbed's v3 vectors say",
        arguments: [
            ("jack", "diamonds"), ("queen", "diamonds"), ("ten", "clubs"), ("nine", "clubs"), ("3", "spades"),
        ])
    func bucketingExpression(name: String, variant: String) throws {
        let outcome = try RuleFixture.outcome(
            targeting: #"{"fractional": \#(Self.cards)}"#, variants: Self.cardVariants,
            defaultVariant: "wild", attributes: #"{"user": {"name": "\#(name)"}}"#, key: "fractional-flag")
        #expect(outcome.trace.variant == variant)
        #expect(outcome.trace.reason == .targetingMatch)
    }

    @Test(
        "Without a bucketing expression the pair [flag key, targeting key] is hashed",
        arguments: [
            ("jon@company.com", "tails"), ("jane@company.com", "tails"), ("user-1", "heads"), ("user-2", "tails"),
            ("user-3", "heads"),
        ])
    func shorthand(targetingKey: String, variant: String) throws {
        let outcome = try RuleFixture.outcome(
            targeting: #"{"fractional": [["heads"], ["tails", 1]]}"#,
            variants: #"{"heads": "heads", "tails": "tails", "draw": "draw"}"#, defaultVariant: "draw",
            attributes: #"{"targeting_key": "\#(targetingKey)"}"#, key: "fractional-flag-shorthand")
        #expect(outcome.trace.variant == variant)
    }

    static let basicTargeting =
        #"{"fractional": [{"var": "hashing_input"}, "#
        + (1...25).map { #"["bucket\#($0)", 4]"# }.joined(separator: ", ") + "]}"
    static let bucketVariants = "{" + (1...25).map { #""bucket\#($0)": \#($0)"# }.joined(separator: ", ") + "}"

    @Test(
        "Any JSON value buckets by its type and value, not its spelling",
        arguments: [
            ("true", 5), ("false", 1), (#""user1""#, 22), ("123", 20), (#""123""#, 22), ("1.23", 14), ("1.0", 23),
            ("1", 23),
            ("-0.0", 8), ("0", 8), ("2147483648", 25), ("-2147483649", 18), ("65505.0", 17), ("1e20", 19),
            (#"{"a": 1, "b": 2}"#, 23), (#"{"b": 2, "a": 1}"#, 23), (#"{"z": 1, "aa": 2}"#, 21),
            (#"{"a": [1, "two", true, [], null]}"#, 23),
            (#""あいうえおかき""#, 17), (#""café façade résumé café""#, 9),
        ])
    func valueBuckets(input: String, bucket: Int) throws {
        let outcome = try RuleFixture.outcome(
            targeting: Self.basicTargeting, variants: Self.bucketVariants, defaultVariant: nil,
            attributes: #"{"hashing_input": \#(input)}"#, key: "fractional-basic-flag")
        #expect(outcome.trace.variant == "bucket\(bucket)", "\(input)")
    }

    @Test("The trace shows this device's bucket and the whole split")
    func splitTrace() throws {
        let outcome = try RuleFixture.outcome(
            targeting: #"{"fractional": \#(Self.cards)}"#, variants: Self.cardVariants,
            defaultVariant: "wild", attributes: #"{"user": {"name": "jack"}}"#, key: "fractional-flag")
        let step = try #require(outcome.trace.steps.first)
        #expect(outcome.trace.steps.count == 1)
        #expect(step.rule.hasPrefix("fractional(cat($flagd.flagKey, user.name), [\"clubs\", 25]"))
        #expect(step.reads == [ContextRead(key: "context/user/name", value: .string("jack"))])
        #expect(step.result == .string("diamonds"))
        let split = try #require(step.split)
        #expect(split.chosen == "diamonds")
        #expect(split.shares.map(\.name) == ["clubs", "diamonds", "hearts", "spades"])
        #expect(split.shares.map(\.percent) == [25, 25, 25, 25])
        #expect(split.bucket >= 25 && split.bucket < 50)
    }

    @Test(
        "Weights: nested rules, negative counts as zero, all zero or none valid gives the default",
        arguments: [
            (
                #"[{"var": "targetingKey"}, ["red", {"if": [{"==": [{"var": "tier"}, "gold"]}, 100, 0]}], ["blue", 10]]"#,
                #"{"targeting_key": "u", "tier": "gold"}"#, "red"
            ),
            (
                #"[{"var": "targetingKey"}, ["red", {"if": [{"==": [{"var": "tier"}, "gold"]}, 100, 0]}], ["blue", 10]]"#,
                #"{"targeting_key": "u", "tier": "tin"}"#, "blue"
            ),
            (#"[{"var": "targetingKey"}, ["red", -50], ["blue", 100]]"#, #"{"targeting_key": "any-user"}"#, "blue"),
            (#"[{"var": "targetingKey"}, ["red", 0], ["blue", 0]]"#, #"{"targeting_key": "any-user"}"#, "off"),
            (#"[{"var": "missing_key"}, ["red", 50], ["blue", 50]]"#, "{}", "off"),
            (#"[["red", 50], ["blue", 50]]"#, "{}", "off"),
            (#"[["red", 50], ["blue", 50]]"#, #"{"targeting_key": 12345}"#, "off"),
            (#"[{"var": "targetingKey"}, ["red", 2.5], ["blue", 1]]"#, #"{"targeting_key": "u"}"#, "off"),
            (#"[{"var": "targetingKey"}, ["red", "1"], ["blue", 1]]"#, #"{"targeting_key": "u"}"#, "off"),
            (#"[{"var": "targetingKey"}, ["single", 1]]"#, #"{"targeting_key": "u"}"#, "single"),
            (#"[{"var": "targetingKey"}, [{"var": "color"}, 1]]"#, #"{"targeting_key": "u", "color": "red"}"#, "red"),
        ])
    func weights(arguments: String, attributes: String, variant: String) throws {
        let outcome = try RuleFixture.outcome(
            targeting: #"{"fractional": \#(arguments)}"#,
            variants: #"{"red": 1, "blue": 2, "off": 0, "single": 3}"#, defaultVariant: "off",
            attributes: attributes)
        #expect(outcome.trace.variant == variant, "\(arguments) with \(attributes)")
    }

    @Test("A bool bucket makes fractional a condition")
    func fractionalAsCondition() throws {
        let variants = #"{"big": "hundreds", "small": "ones"}"#
        let always = try RuleFixture.outcome(
            targeting: #"{"if": [{"fractional": [[false, 0], [true, 100]]}, "big", "small"]}"#,
            variants: variants, defaultVariant: "small", attributes: #"{"targeting_key": "k"}"#)
        #expect(always.result == .value(.native(.string("hundreds"))))
        // The split is shown on the condition's own step.
        #expect(always.trace.steps.count == 1)
        #expect(always.trace.steps.first?.split?.chosen == "true")
    }
}
