import Foundation
import Testing

@testable import FlagCore

/// Rules from remote servers and other people's files that try to hang or crash the tool: each
/// gives a located problem or a bounded evaluation (the layer `error` with the reason), in
/// milliseconds. The time bounds here are generous (a slow, loaded machine, a debug build);
/// `flagscope-bench --hostile` has the figures.
@Suite("Rules: hostile rules are bounded")
struct HostileRulesTests {
    /// Generous: everything here takes milliseconds in a release build.
    private static let bound = Duration.seconds(5)

    /// `body`'s result, with an expectation that it took less than the bound.
    private func bounded<T>(
        _ what: String, within bound: Duration = Self.bound, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> T
    ) rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        let elapsed = clock.now - start
        #expect(elapsed < bound, "\(what) took \(elapsed)", sourceLocation: sourceLocation)
        return result
    }

    private static let catastrophic = String(repeating: "a", count: 100_000) + "!"

    private func errorMessage(_ outcome: RuleOutcome) -> String? {
        if case .error(let message) = outcome.result { return message }
        return nil
    }

    // MARK: Regular expressions

    @Test(
        "A REGEX that backtracks catastrophically elsewhere is decided in linear time",
        arguments: ["(a+)+$", "(a|a)*b"])
    func unleashBacktracking(pattern: String) throws {
        let features = try UnleashFixture.constrained(
            #"{"contextName": "userId", "operator": "REGEX", "value": "\#(pattern)"}"#)
        let attributes = #"{"userId": "\#(Self.catastrophic)"}"#
        #expect(try bounded(pattern) { try !UnleashFixture.enabled(features, "t", attributes) })
        #expect(try UnleashFixture.enabled(features, "t", #"{"userId": "baab"}"#) == (pattern == "(a|a)*b"))
        #expect(try UnleashFixture.enabled(features, "t", #"{"userId": "aaa"}"#) == (pattern == "(a+)+$"))
    }

    @Test("A Firebase .matches that backtracks catastrophically elsewhere is decided in linear time")
    func firebaseBacktracking() throws {
        for pattern in ["(a+)+$", "(a|a)*b"] {
            let expression = "app.customSignal['s'].matches(['\(pattern)'])"
            let attributes = #"{"custom_signals": {"s": "\#(Self.catastrophic)"}}"#
            #expect(try bounded(pattern) { try !FirebaseFixture.matches(expression, attributes) })
            #expect(
                try FirebaseFixture.matches(expression, #"{"custom_signals": {"s": "baab"}}"#) == (pattern == "(a|a)*b")
            )
        }
    }

    @Test("A pattern past the engines' size limit is a located problem, not a slow match")
    func hugePatterns() throws {
        let document = try UnleashFixture.document(
            features: """
                [{"name": "t", "enabled": true, "strategies": [{"name": "default", "constraints": [
                  {"contextName": "userId", "operator": "REGEX", "value": "a{1000}{1000}"}]}]}]
                """)
        #expect(
            document.problems.map(\.message) == [
                #"REGEX needs a regular expression "value" the SDKs accept, found "a{1000}{1000}": at character 1: the pattern is too big: it compiles to more than 10000 steps (a repetition count is too large)"#
            ])
        #expect(document.problems.first?.location?.line == 2)
        let error = try #require(FirebaseFixture.error("app.customSignal['s'].matches(['(?:a{1000}){1000}'])"))
        #expect(error.message.contains("is not a regular expression Firebase accepts"), "\(error.message)")
        #expect(error.message.contains("more than 1000 times in all"), "\(error.message)")
    }

    // MARK: Deep and wide JsonLogic

    @Test("JsonLogic nested 100,000 deep stops the reader at 512 levels, in a flagd file and in a context")
    func deepNesting() throws {
        let deep = String(repeating: #"{"and":["#, count: 100_000) + "true" + String(repeating: "]}", count: 100_000)
        let file =
            #"{"flags": {"f": {"state": "ENABLED", "variants": {"on": true}, "defaultVariant": "on", "targeting": \#(deep)}}}"#
        let error = try bounded("deep file") {
            try #require(throws: DocumentError.self) { try FlagdDocument.read(Array(file.utf8)) }
        }
        #expect(error.message == "nesting deeper than 512 levels")
        let context = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        #expect(throws: DocumentError.self) { try RuleFixture.context(context) }
    }

    @Test("Shared rules that refer down a chain 300 deep are refused at 200 levels, not a stack overflow")
    func deepReferences() throws {
        var evaluators = [#""e0": {"==": [{"var": "x"}, 1]}"#]
        for level in 1...300 { evaluators.append(#""e\#(level)": {"!": [{"$ref": "e\#(level - 1)"}]}"#) }
        let flag = try bounded("compile") {
            try RuleFixture.flag(
                #"{"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off", "targeting": {"if": [{"$ref": "e300"}, "on", "off"]}}"#,
                evaluators: "{" + evaluators.joined(separator: ",") + "}")
        }
        let outcome = bounded("evaluate") { flag.evaluate(in: EvaluationContext()) }
        #expect(errorMessage(outcome)?.contains("nested more than 200 levels deep") == true, "\(outcome.result)")
    }

    @Test("A flat and/cat of 100,000 elements runs out of its step budget: the layer is an error with the reason")
    func wideRules() throws {
        let many = Array(repeating: "true", count: 100_000).joined(separator: ",")
        let parts = Array(repeating: #""a""#, count: 100_000).joined(separator: ",")
        for targeting in [
            #"{"if": [{"and": [\#(many)]}, "on", "off"]}"#,
            #"{"if": [{"==": [{"cat": [\#(parts)]}, "x"]}, "on", "off"]}"#,
        ] {
            let outcome = try bounded("wide rule") { try RuleFixture.outcome(targeting: targeting) }
            #expect(errorMessage(outcome)?.contains("takes more than 100000 steps to evaluate") == true)
            // The trace words the rule in a bounded length, not 100,000 elements.
            #expect(outcome.trace.steps.allSatisfy { $0.rule.count < 2_000 })
        }
    }

    @Test("The step budget counts a rule's values one step each, exactly: one value more than it allows fails")
    func stepBudgetIsExact() throws {
        // cat, its list, var and its name are four steps; the budget is 100,000.
        func concatenated(_ count: Int) throws -> LogicValue {
            let parts = Array(repeating: #""a""#, count: count).joined(separator: ",")
            return try RuleFixture.result(#"{"cat": [{"var": "x"}, \#(parts)]}"#, #"{"x": "b"}"#)
        }
        #expect(try concatenated(99_996) == .string("b" + String(repeating: "a", count: 99_996)))
        #expect(throws: RuleEvaluationError.self) { try concatenated(99_997) }
    }

    // MARK: Cycles

    @Test("$ref cycles make the flag's layer an error that names the cycle")
    func referenceCycles() throws {
        let targeting =
            #"{"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off", "targeting": {"$ref": "a"}}"#
        let cycle = try RuleFixture.flag(targeting, evaluators: #"{"a": {"$ref": "b"}, "b": {"$ref": "a"}}"#)
        #expect(
            errorMessage(cycle.evaluate(in: EvaluationContext()))
                == "its targeting cannot be evaluated: evaluators refer to each other in a cycle: 'a' → 'b' → 'a'")
        let itself = try RuleFixture.flag(targeting, evaluators: #"{"a": {"or": [false, {"$ref": "a"}]}}"#)
        #expect(
            errorMessage(itself.evaluate(in: EvaluationContext()))
                == "its targeting cannot be evaluated: evaluator 'a' refers to itself")
    }

    @Test("Shared rules that each use the one before twice (2^40 operations) are refused past the expansion limit")
    func referenceFanOut() throws {
        var evaluators = [#""e0": {"==": [{"var": "x"}, 1]}"#]
        for level in 1...40 {
            evaluators.append(#""e\#(level)": {"and": [{"$ref": "e\#(level - 1)"}, {"$ref": "e\#(level - 1)"}]}"#)
        }
        let flag = try bounded("compile") {
            try RuleFixture.flag(
                #"{"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off", "targeting": {"if": [{"$ref": "e40"}, "on", "off"]}}"#,
                evaluators: "{" + evaluators.joined(separator: ",") + "}")
        }
        let outcome = bounded("evaluate") { flag.evaluate(in: EvaluationContext()) }
        #expect(errorMessage(outcome)?.contains("expands to more than 200000 operations") == true, "\(outcome.result)")
    }

    @Test("Unleash dependency cycles and long chains are unsatisfied, as yggdrasil follows one level only")
    func dependencyCycles() throws {
        var toggles = [
            #"{"name": "a", "enabled": true, "strategies": [{"name": "default"}], "dependencies": [{"feature": "b"}]}"#,
            #"{"name": "b", "enabled": true, "strategies": [{"name": "default"}], "dependencies": [{"feature": "a"}]}"#,
            #"{"name": "self", "enabled": true, "strategies": [{"name": "default"}], "dependencies": [{"feature": "self"}]}"#,
        ]
        for link in 0..<10_000 {
            toggles.append(
                #"{"name": "c\#(link)", "enabled": true, "strategies": [{"name": "default"}], "dependencies": [{"feature": "c\#(link + 1)"}]}"#
            )
        }
        let features = try bounded("read") {
            try UnleashFixture.document(features: "[" + toggles.joined(separator: ",") + "]").features
        }
        for name in ["a", "b", "self", "c0", "c9998"] {
            let outcome = try bounded(name) { try UnleashFixture.outcome(features, name) }
            #expect(outcome.result == .value(.native(.bool(false))), "\(name)")
            #expect(
                outcome.trace.steps.contains {
                    $0.note?.contains("the SDKs follow one level of dependencies only") == true
                },
                "\(name)")
        }
    }

    // MARK: Percentages

    @Test("A fractional with a million buckets runs out of its step budget: the layer is an error with the reason")
    func millionBuckets() throws {
        let buckets = (0..<1_000_000).map { #"["v\#($0 % 2)", 1]"# }.joined(separator: ",")
        // Reading the 14 MB of rule is most of it: 0.4 s in a release build, seconds in a debug one.
        let outcome = try bounded("million buckets", within: .seconds(30)) {
            try RuleFixture.outcome(
                targeting: #"{"fractional": [\#(buckets)]}"#, variants: #"{"v0": "v0", "v1": "v1"}"#,
                defaultVariant: "v0", attributes: #"{"targeting_key": "device-1"}"#)
        }
        #expect(
            errorMessage(outcome)
                == "its targeting cannot be evaluated: the rule takes more than 100000 steps to evaluate")
    }

    @Test(
        "Fractional weights that overflow, or total zero, give the default variant with the reason",
        arguments: [
            (#"[["on", 9223372036854775807], ["off", 9223372036854775807]]"#, "a weight is not a whole number"),
            (#"[["on", 1e300], ["off", 1e300]]"#, "a weight is not a whole number"),
            (#"[["on", 0], ["off", 0]]"#, "no share"),
        ])
    func fractionalWeights(weights: String, reason: String) throws {
        let outcome = try RuleFixture.outcome(
            targeting: #"{"fractional": \#(weights)}"#, attributes: #"{"targeting_key": "device-1"}"#)
        #expect(outcome.result == .value(.native(.string("off"))))
        let said = outcome.trace.steps.flatMap { [$0.note ?? ""] + [$0.split.map { "\($0)" } ?? ""] }.joined()
        #expect(
            said.contains(reason) || (reason == "no share" && outcome.trace.steps.first?.split?.chosen == nil),
            "\(said)")
    }

    @Test("Unleash variant weights past 32 bits are located problems; the toggle still evaluates")
    func unleashWeights() throws {
        let document = try UnleashFixture.document(
            features: """
                [{"name": "t", "enabled": true, "strategies": [{"name": "default"}], "variants": [
                  {"name": "a", "weight": 9223372036854775807, "weightType": "variable"},
                  {"name": "b", "weight": 1e300, "weightType": "variable"}]}]
                """)
        #expect(document.problems.count == 2)
        #expect(
            document.problems.allSatisfy {
                $0.message.contains(#"a variant's "weight" is a whole number 0…2147483647"#)
            })
        let variant = bounded("variant") {
            document.features.evaluate("t", in: EvaluationContext(attributes: ["userId": .string("u1")]))
        }
        #expect(variant.enabled)
    }

    @Test(
        "Rollout percentages out of range: above 100 is everyone, below 0 and garbage no one",
        arguments: [("250", true), ("99999999999999999999", true), ("-5", false), ("abc", false)])
    func rolloutRange(rollout: String, enabled: Bool) throws {
        let features = try UnleashFixture.toggle(
            strategies:
                #"[{"name": "flexibleRollout", "parameters": {"rollout": "\#(rollout)", "stickiness": "default", "groupId": "g"}}]"#
        )
        for user in 0..<10 {
            #expect(try UnleashFixture.enabled(features, "t", #"{"userId": "u\#(user)"}"#) == enabled)
        }
    }

    // MARK: Garbage values

    @Test(
        "Garbage versions are located problems and evaluate to null",
        arguments: ["1.2.3.4.5", String(repeating: "1.", count: 5_000) + "0", "v", ""])
    func garbageVersions(version: String) throws {
        let targeting = #"{"if": [{"sem_ver": [{"var": "version"}, ">=", "\#(version)"]}, "on", "off"]}"#
        let document = try FlagdDocument.read(
            Array(
                #"{"flags": {"f": {"state": "ENABLED", "variants": {"on": 1, "off": 0}, "defaultVariant": "off", "targeting": \#(targeting)}}}"#
                    .utf8))
        #expect(document.problems.contains { $0.message.contains("'sem_ver' needs a version") })
        let outcome = try bounded("sem_ver") {
            try RuleFixture.outcome(targeting: targeting, attributes: #"{"version": "1.2.3"}"#)
        }
        #expect(outcome.result == .value(.native(.string("off"))))
    }

    @Test("Versions with numbers of any length compare as numbers, as flagd's semver does (no overflow)")
    func hugeVersionNumbers() throws {
        let long = String(repeating: "9", count: 10_000)
        let targeting =
            #"{"if": [{"sem_ver": [{"var": "version"}, ">=", "99999999999999999999999.0.0"]}, "on", "off"]}"#
        let above = try bounded("sem_ver") {
            try RuleFixture.outcome(targeting: targeting, attributes: #"{"version": "\#(long).0.0"}"#)
        }
        #expect(above.result == .value(.native(.string("on"))))
        let below = try RuleFixture.outcome(targeting: targeting, attributes: #"{"version": "1.0.0"}"#)
        #expect(below.result == .value(.native(.string("off"))))
    }

    @Test("Garbage dates, networks and numbers in Unleash constraints are problems or false, never a crash")
    func garbageConstraints() throws {
        let document = try UnleashFixture.document(
            features: """
                [{"name": "t", "enabled": true, "strategies": [{"name": "default", "constraints": [
                  {"contextName": "currentTime", "operator": "DATE_AFTER", "value": "99999999-01-01T00:00:00Z"},
                  {"contextName": "n", "operator": "NUM_GT", "value": "NaN"},
                  {"contextName": "n", "operator": "NUM_GT", "value": "Infinity"},
                  {"contextName": "n", "operator": "NUM_LT", "value": "1e400"}]}]}]
                """)
        #expect(document.problems.count == 4)
        #expect(try !UnleashFixture.enabled(document.features, "t", #"{"n": "5"}"#))
        for network in ["1.2.3.4/999", "1.2.3.4/-1", "::::::ffff::/12", String(repeating: "1", count: 10_000)] {
            let features = try UnleashFixture.constrained(
                #"{"contextName": "remoteAddress", "operator": "IN_CIDR", "values": ["\#(network)"]}"#)
            #expect(
                try !UnleashFixture.enabled(features, "t", #"{"remoteAddress": "1.2.3.4"}"#), "\(network.prefix(20))")
        }
        let huge = try UnleashFixture.constrained(
            #"{"contextName": "n", "operator": "NUM_EQ", "value": "99999999999999999999999999"}"#)
        #expect(try UnleashFixture.enabled(huge, "t", #"{"n": "99999999999999999999999999"}"#))
    }

    @Test(
        "JsonLogic arithmetic on huge numbers and by zero gives numbers as flagd's evaluator does, never a trap",
        arguments: [
            (#"{"*": [9223372036854775807, 9223372036854775807]}"#, 8.507059173023462e37),
            (#"{"+": [9223372036854775807, 9223372036854775807]}"#, 1.8446744073709552e19),
            (#"{"/": [1, 0]}"#, Double.infinity),
            (#"{"-": [-9223372036854775808, 9223372036854775807]}"#, -1.8446744073709552e19),
        ])
    func arithmetic(rule: String, expected: Double) throws {
        #expect(try RuleFixture.result(rule) == .number(expected))
    }

    @Test("A remainder by zero is NaN and of the smallest integer by -1 is 0, in floating point: never a trap")
    func remainders() throws {
        guard case .number(let byZero) = try RuleFixture.result(#"{"%": [1, 0]}"#),
            case .number(let smallest) = try RuleFixture.result(#"{"%": [-9223372036854775808, -1]}"#)
        else {
            Issue.record("a remainder is not a number")
            return
        }
        #expect(byZero.isNaN)
        #expect(smallest == 0)
    }

    @Test("A Firebase percent out of range is a located error")
    func percentOutOfRange() throws {
        for expression in ["percent <= 150", "percent > -1", "percent between 10 and 1e400"] {
            #expect(FirebaseFixture.error(expression) != nil, "\(expression)")
        }
    }

    // MARK: Huge context values

    private static let tenMegabytes = String(repeating: "a", count: 10_000_000)

    @Test(
        "A 10 MB context value is read by each flagd operator in linear time",
        arguments: [
            #"{"ends_with": [{"var": "big"}, "@example.com"]}"#, #"{"starts_with": [{"var": "big"}, "b"]}"#,
            #"{"in": ["zz@", {"var": "big"}]}"#, #"{"==": [{"cat": [{"var": "big"}, {"var": "big"}]}, "x"]}"#,
            #"{"==": [{"substr": [{"var": "big"}, 5, 10]}, "x"]}"#, #"{"sem_ver": [{"var": "big"}, ">=", "1.0.0"]}"#,
        ])
    func hugeValueFlagd(condition: String) throws {
        let context = EvaluationContext(attributes: ["big": .string(Self.tenMegabytes)])
        let flag = try RuleFixture.flag(
            #"{"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off", "targeting": {"if": [\#(condition), "on", "off"]}}"#
        )
        let outcome = bounded(condition) { flag.evaluate(in: context) }
        #expect(outcome.result == .value(.native(.bool(false))), "\(outcome.result)")
        // The trace shows what was read, cut: never 10 MB on screen or in `get --json`.
        let json = outcome.trace.json.compactText
        #expect(json.utf8.count < 5_000, "\(json.utf8.count) bytes")
    }

    @Test("A 10 MB targeting key is hashed by fractional in linear time")
    func hugeValueHashing() throws {
        let context = EvaluationContext(attributes: ["targeting_key": .string(Self.tenMegabytes)])
        let flag = try RuleFixture.flag(
            #"{"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off", "targeting": {"fractional": [["on", 50], ["off", 50]]}}"#
        )
        let outcome = bounded("fractional") { flag.evaluate(in: context) }
        #expect(outcome.result == .value(.native(.bool(true))) || outcome.result == .value(.native(.bool(false))))
    }

    // A debug build matches about a megabyte a second; `flagscope-bench --hostile` times 10 MB.
    @Test("A 200,000-character context value is matched by REGEX, STR_CONTAINS and .matches in linear time")
    func hugeValueUnleashAndFirebase() throws {
        let big = String(repeating: "a", count: 200_000) + "!"
        let context = EvaluationContext(attributes: [
            "userId": .string(big), "custom_signals": .object(["s": .string(big)]),
        ])
        for constraint in [
            #"{"contextName": "userId", "operator": "REGEX", "value": "(a+)+$"}"#,
            #"{"contextName": "userId", "operator": "STR_CONTAINS", "values": ["zz@"]}"#,
        ] {
            let features = try UnleashFixture.constrained(constraint)
            #expect(bounded(constraint) { !features.evaluate("t", in: context).enabled })
        }
        let result = try bounded(".matches") {
            try FirebaseFixture.result("app.customSignal['s'].matches(['(a|a)*b'])", context)
        }
        #expect(!result.matched)
    }

    @Test("A context list of a million elements is searched by in and shown cut in the trace")
    func hugeList() throws {
        let context = EvaluationContext(attributes: ["list": .array((0..<1_000_000).map { .int($0) })])
        let flag = try RuleFixture.flag(
            #"{"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off", "targeting": {"if": [{"in": ["x", {"var": "list"}]}, "on", "off"]}}"#
        )
        let outcome = bounded("in") { flag.evaluate(in: context) }
        #expect(outcome.result == .value(.native(.bool(false))))
        #expect(outcome.trace.json.compactText.utf8.count < 5_000)
    }
}
