import FlagCore
import Foundation

/// The hostile-rules table (`flagscope-bench --hostile`): each rule a remote server or another
/// person's file could send to hang or crash the tool, read and evaluated in this process for
/// one device, the median of `runs` runs in milliseconds, with what the layer ends up as.
enum HostileBench {
    /// One hostile case: reading its file and evaluating it, once.
    private struct Case {
        var name: String
        var run: () throws -> String
    }

    /// Prints the table.
    static func run(runs: Int) throws {
        print("Hostile rules (read + evaluate for one device, median of \(runs) runs; release build)")
        print(pad("case", 52) + pad("ms", 10) + "result")
        for hostile in try cases() {
            var samples: [Double] = []
            var result = ""
            for _ in 0..<runs {
                samples.append(try Measure.time { result = try hostile.run() } * 1000)
            }
            print(pad(hostile.name, 52) + pad(String(format: "%.1f", Measure.median(samples)), 10) + result)
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static let aaa = String(repeating: "a", count: 100_000) + "!"
    private static let tenMegabytes = String(repeating: "a", count: 10_000_000)

    private static func cases() throws -> [Case] {
        [
            unleash(
                "REGEX (a+)+$ on 100k a's + '!'", #"{"contextName": "userId", "operator": "REGEX", "value": "(a+)+$"}"#,
                ["userId": .string(aaa)]),
            unleash(
                "REGEX (a|a)*b on 100k a's + '!'",
                #"{"contextName": "userId", "operator": "REGEX", "value": "(a|a)*b"}"#, ["userId": .string(aaa)]),
            unleash(
                "REGEX (a+)+$ on a 10 MB value", #"{"contextName": "userId", "operator": "REGEX", "value": "(a+)+$"}"#,
                ["userId": .string(tenMegabytes + "!")]),
            unleash(
                "REGEX a{1000}{1000} (refused)",
                #"{"contextName": "userId", "operator": "REGEX", "value": "a{1000}{1000}"}"#, ["userId": .string("a")]),
            unleash(
                "STR_CONTAINS on a 10 MB value",
                #"{"contextName": "userId", "operator": "STR_CONTAINS", "values": ["zz@"]}"#,
                ["userId": .string(tenMegabytes)]),
            firebase(".matches (a|a)*b on 100k a's + '!'", "app.customSignal['s'].matches(['(a|a)*b'])", aaa),
            firebase(
                ".matches (a+)+$ on a 10 MB value", "app.customSignal['s'].matches(['(a+)+$'])", tenMegabytes + "!"),
            Case(name: "flagd targeting nested 100,000 deep") {
                let deep =
                    String(repeating: #"{"!":["#, count: 100_000) + "true" + String(repeating: "]}", count: 100_000)
                do {
                    _ = try FlagdDocument.read(Array(flagd(deep).utf8))
                    return "read"
                } catch let error as DocumentError {
                    return "error: \(error.message)"
                }
            },
            flagdCase(
                "flat and of 100,000 elements",
                #"{"if": [{"and": [\#(Array(repeating: "true", count: 100_000).joined(separator: ","))]}, "on", "off"]}"#
            ),
            flagdCase(
                "$ref cycle a → b → a", #"{"$ref": "a"}"#, evaluators: #"{"a": {"$ref": "b"}, "b": {"$ref": "a"}}"#),
            flagdCase(
                "$ref fan-out (2^40 operations)", #"{"if": [{"$ref": "e40"}, "on", "off"]}"#, evaluators: fanOut()),
            flagdCase(
                "fractional with 1,000,000 buckets",
                #"{"fractional": [\#(Array(repeating: #"["on", 1]"#, count: 1_000_000).joined(separator: ","))]}"#,
                context: ["targeting_key": .string("device-1")]),
            flagdCase(
                "fractional weights 2^63 - 1 twice",
                #"{"fractional": [["on", 9223372036854775807], ["off", 9223372036854775807]]}"#,
                context: ["targeting_key": .string("device-1")]),
            flagdCase(
                "sem_ver on a 10,000-digit version",
                #"{"if": [{"sem_ver": [{"var": "v"}, ">=", "1.0.0"]}, "on", "off"]}"#,
                context: ["v": .string(String(repeating: "9", count: 10_000) + ".0.0")]),
            flagdCase(
                "ends_with on a 10 MB value",
                #"{"if": [{"ends_with": [{"var": "big"}, "@example.com"]}, "on", "off"]}"#,
                context: ["big": .string(tenMegabytes)]),
            flagdCase(
                "cat of two 10 MB values",
                #"{"if": [{"==": [{"cat": [{"var": "big"}, {"var": "big"}]}, "x"]}, "on", "off"]}"#,
                context: ["big": .string(tenMegabytes)]),
            flagdCase(
                "fractional hashing a 10 MB key", #"{"fractional": [["on", 50], ["off", 50]]}"#,
                context: ["targeting_key": .string(tenMegabytes)]),
            flagdCase(
                "in over a list of 1,000,000", #"{"if": [{"in": ["x", {"var": "list"}]}, "on", "off"]}"#,
                context: ["list": .array((0..<1_000_000).map { .int($0) })]),
            Case(name: "Unleash dependency chain of 10,000") {
                let toggles = (0..<10_000).map {
                    #"{"name": "c\#($0)", "enabled": true, "strategies": [{"name": "default"}], "dependencies": [{"feature": "c\#($0 + 1)"}]}"#
                }
                let document = try UnleashDocument.read(
                    Array(#"{"version": 2, "features": [\#(toggles.joined(separator: ","))]}"#.utf8))
                return document.features.evaluate("c0", in: EvaluationContext()).enabled ? "on" : "off"
            },
        ]
    }

    private static func flagd(_ targeting: String, evaluators: String = "{}") -> String {
        #"{"flags": {"f": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off", "targeting": \#(targeting)}}, "$evaluators": \#(evaluators)}"#
    }

    private static func fanOut() -> String {
        var evaluators = [#""e0": {"==": [{"var": "x"}, 1]}"#]
        for level in 1...40 {
            evaluators.append(#""e\#(level)": {"and": [{"$ref": "e\#(level - 1)"}, {"$ref": "e\#(level - 1)"}]}"#)
        }
        return "{" + evaluators.joined(separator: ",") + "}"
    }

    private static func flagdCase(
        _ name: String, _ targeting: String, evaluators: String = "{}", context: [String: JSONValue] = [:]
    ) -> Case {
        let text = flagd(targeting, evaluators: evaluators)
        return Case(name: name) {
            let document = try FlagdDocument.read(Array(text.utf8))
            guard let flag = document.flags["f"] else { return "no flag" }
            return shown(flag.evaluate(in: EvaluationContext(attributes: context)).result)
        }
    }

    private static func unleash(_ name: String, _ constraint: String, _ context: [String: JSONValue]) -> Case {
        let text =
            #"{"version": 2, "features": [{"name": "t", "enabled": true, "strategies": [{"name": "default", "constraints": [\#(constraint)]}]}]}"#
        return Case(name: name) {
            let document = try UnleashDocument.read(Array(text.utf8))
            let enabled = document.features.evaluate("t", in: EvaluationContext(attributes: context)).enabled
            return (enabled ? "on" : "off")
                + (document.problems.first.map { " (problem: \($0.message.prefix(40))…)" } ?? "")
        }
    }

    private static func firebase(_ name: String, _ expression: String, _ value: String) -> Case {
        let text =
            #"{"conditions": [{"name": "c", "expression": "\#(expression)"}], "parameters": {"p": {"defaultValue": {"value": "off"}, "conditionalValues": {"c": {"value": "on"}}}}}"#
        return Case(name: name) {
            let template = try FirebaseTemplate.read(Array(text.utf8))
            guard let parameter = template.parameters["p"] else { return "no parameter" }
            let context = EvaluationContext(attributes: ["custom_signals": .object(["s": .string(value)])])
            return shown(parameter.rules.evaluate(in: context).result)
        }
    }

    private static func shown(_ result: RuleResult) -> String {
        switch result {
        case .value(let value): return "value " + value.json.compactText(limit: 20)
        case .unset: return "unset"
        case .error(let message): return "error: " + String(message.prefix(60)) + (message.count > 60 ? "…" : "")
        }
    }
}
