import Foundation
import Testing

@testable import FlagCore

/// Every operator of spec 0.8.0 with the type rules of the reference SDK (JavaScript's
/// coercions): each row is a condition, the device's attributes and whether the condition holds.
@Suite("GrowthBook: conditions")
struct GrowthBookConditionTests {
    /// Whether `condition` holds for `attributes` (JSON texts), through a force rule as an app's
    /// payload would carry it.
    static func holds(_ condition: String, _ attributes: String, savedGroups: String = "{}") throws -> Bool {
        let payload = try GrowthBookPayload.read(
            Array(
                #"{"features": {"f": {"rules": [{"condition": \#(condition), "force": true}]}}, "savedGroups": \#(savedGroups)}"#
                    .utf8))
        let outcome = payload.rules(for: "f").evaluate(in: context(attributes), tracing: true)
        return outcome.result == .value(.native(.bool(true)))
    }

    static func context(_ attributes: String) -> EvaluationContext {
        var values: [String: JSONValue] = [:]
        for (key, value) in (try? JSONValue(JSONReader.parse(attributes)).object) ?? [:] { values[key] = value }
        return EvaluationContext(attributes: values)
    }

    @Test(
        "Plain values compare with the SDK's coercions: text with the value's text, numbers with its number, bools with its truthiness",
        arguments: [
            (#"{"id": "17"}"#, #"{"id": 17}"#, true),
            (#"{"id": "null"}"#, #"{}"#, true),
            (#"{"tags": "a,b"}"#, #"{"tags": ["a", "b"]}"#, true),
            (#"{"age": 0}"#, #"{}"#, true),
            (#"{"age": 30}"#, #"{"age": " 30 "}"#, true),
            (#"{"age": 16}"#, #"{"age": "0x10"}"#, true),
            (#"{"age": 30}"#, #"{"age": "thirty"}"#, false),
            (#"{"beta": true}"#, #"{"beta": "yes"}"#, true),
            (#"{"beta": false}"#, #"{"beta": ""}"#, true),
            (#"{"beta": false}"#, #"{}"#, false),
            (#"{"id": null}"#, #"{}"#, true),
            (#"{"id": null}"#, #"{"id": 0}"#, false),
            (#"{"tags": ["a", "b"]}"#, #"{"tags": ["a", "b"]}"#, true),
            (#"{"tags": ["a", "b"]}"#, #"{"tags": ["b", "a"]}"#, false),
            (#"{"o": {"a": 1, "b": 2}}"#, #"{"o": {"b": 2, "a": 1}}"#, false),
            (#"{"o": {"1": "x", "0": "y"}}"#, #"{"o": {"0": "y", "1": "x"}}"#, true),
            (#"{"o": {"n": 1.0}}"#, #"{"o": {"n": 1}}"#, true),
            (#"{"o": {}}"#, #"{"o": {}}"#, true),
        ])
    func plainValues(condition: String, attributes: String, holds: Bool) throws {
        #expect(try Self.holds(condition, attributes) == holds)
    }

    @Test(
        "Equality and order: $eq is strict, $lt and the others compare text as text and anything else as numbers (null is 0)",
        arguments: [
            (#"{"n": {"$eq": 1}}"#, #"{"n": 1.0}"#, true),
            (#"{"n": {"$eq": "1"}}"#, #"{"n": 1}"#, false),
            (#"{"n": {"$eq": null}}"#, #"{}"#, true),
            (#"{"n": {"$eq": [1]}}"#, #"{"n": [1]}"#, false),
            (#"{"n": {"$ne": [1]}}"#, #"{"n": [1]}"#, true),
            (#"{"n": {"$gt": 5, "$lt": 10}}"#, #"{"n": "8"}"#, true),
            (#"{"n": {"$gt": "5", "$lt": "10"}}"#, #"{"n": 8}"#, true),
            (#"{"n": {"$gt": "5"}}"#, #"{"n": "10"}"#, false),
            (#"{"n": {"$lt": 1, "$gte": 0}}"#, #"{}"#, true),
            (#"{"n": {"$lte": 0}}"#, #"{"n": "abc"}"#, false),
            (#"{"n": {"$gte": 0}}"#, #"{"n": "abc"}"#, false),
            (#"{"n": {"$gt": 1}}"#, #"{"n": [2]}"#, true),
            (#"{"n": {"$gt": 0}}"#, #"{"n": true}"#, true),
            (#"{"w": {"$lt": "b"}}"#, #"{"w": "B"}"#, true),
            (#"{"w": {"$gt": "é"}}"#, #"{"w": "😀"}"#, true),
        ])
    func equalityAndOrder(condition: String, attributes: String, holds: Bool) throws {
        #expect(try Self.holds(condition, attributes) == holds)
    }

    @Test(
        "Lists: $in, $nin, $ini, $nini intersect a list attribute; $all, $alli, $size, $elemMatch need one",
        arguments: [
            (#"{"c": {"$in": ["US", 1]}}"#, #"{"c": "US"}"#, true),
            (#"{"c": {"$in": ["1"]}}"#, #"{"c": 1}"#, false),
            (#"{"c": {"$in": [null]}}"#, #"{}"#, true),
            (#"{"c": {"$in": [[1]]}}"#, #"{"c": [1]}"#, false),
            (#"{"c": {"$in": ["a"]}}"#, #"{"c": ["b", "a"]}"#, true),
            (#"{"c": {"$in": "US"}}"#, #"{"c": "US"}"#, false),
            (#"{"c": {"$nin": "US"}}"#, #"{"c": "US"}"#, false),
            (#"{"c": {"$nin": ["a"]}}"#, #"{"c": []}"#, true),
            (#"{"c": {"$ini": ["us"]}}"#, #"{"c": "US"}"#, true),
            (#"{"c": {"$ini": ["straße"]}}"#, #"{"c": "STRAßE"}"#, true),
            (#"{"c": {"$nini": ["us"]}}"#, #"{"c": ["x", "Us"]}"#, false),
            (#"{"t": {"$all": ["a", "b"]}}"#, #"{"t": ["b", "c", "a"]}"#, true),
            (#"{"t": {"$all": []}}"#, #"{"t": []}"#, true),
            (#"{"t": {"$all": ["a"]}}"#, #"{"t": "a"}"#, false),
            (#"{"t": {"$alli": ["A", {"$gt": 2}]}}"#, #"{"t": ["a", 3]}"#, true),
            (#"{"t": {"$size": 2}}"#, #"{"t": [1, 2]}"#, true),
            (#"{"t": {"$size": {"$gte": 1, "$lt": 3}}}"#, #"{"t": [0]}"#, true),
            (#"{"t": {"$size": 0}}"#, #"{"t": ""}"#, false),
            (#"{"t": {"$elemMatch": {"$gt": 10}}}"#, #"{"t": [1, 11]}"#, true),
            (#"{"t": {"$elemMatch": {"$eq": 0}}}"#, #"{"t": [0, 1]}"#, false),
            (
                #"{"t": {"$elemMatch": {"name": "b", "age": {"$gt": 1}}}}"#,
                #"{"t": [{"name": "a"}, {"name": "b", "age": 2}]}"#, true
            ),
            (#"{"t": {"$elemMatch": {"name": "b"}}}"#, #"{"t": {"name": "b"}}"#, false),
        ])
    func lists(condition: String, attributes: String, holds: Bool) throws {
        #expect(try Self.holds(condition, attributes) == holds)
    }

    @Test(
        "Versions compare padded: a leading v and +build are ignored, a release follows its prereleases, a missing version is 0",
        arguments: [
            (#"{"v": {"$veq": "1.2.3"}}"#, #"{"v": "v1.2.3+build.7"}"#, true),
            (#"{"v": {"$vgt": "1.2.3-beta"}}"#, #"{"v": "1.2.3"}"#, true),
            (#"{"v": {"$vlt": "1.10.0"}}"#, #"{"v": "1.9.9"}"#, true),
            (#"{"v": {"$vgte": "2.0.0-beta.2"}}"#, #"{"v": "2.0.0-beta.11"}"#, true),
            (#"{"v": {"$vlte": "1.0.0"}}"#, #"{"v": "1.0.0"}"#, true),
            (#"{"v": {"$vne": "1.2.3"}}"#, #"{"v": "1-2-3"}"#, false),
            (#"{"v": {"$vlt": "0.0.1"}}"#, #"{}"#, true),
            (#"{"v": {"$veq": "2"}}"#, #"{"v": 2}"#, true),
        ])
    func versions(condition: String, attributes: String, holds: Bool) throws {
        #expect(try Self.holds(condition, attributes) == holds)
    }

    @Test(
        "$regex and $regexi search the value's text; a pattern that does not compile fails",
        arguments: [
            (#"{"ua": {"$regex": "(Mobile|Tablet)"}}"#, #"{"ua": "Android Mobile"}"#, true),
            (#"{"ua": {"$regex": "mobile"}}"#, #"{"ua": "Android Mobile"}"#, false),
            (#"{"ua": {"$regexi": "MOBILE"}}"#, #"{"ua": "Android Mobile"}"#, true),
            (#"{"ua": {"$regex": "^nu"}}"#, #"{}"#, true),
            (#"{"ua": {"$regex": "^1\\.5$"}}"#, #"{"ua": 1.5}"#, true),
            (#"{"ua": {"$regex": "a/b"}}"#, #"{"ua": "a/b"}"#, true),
            (#"{"ua": {"$regex": "(?<=a)b"}}"#, #"{"ua": "ab"}"#, false),
            (#"{"ua": {"$regex": "[)"}}"#, #"{"ua": "[)"}"#, false),
            (#"{"ua": {"$regex": 5}}"#, #"{"ua": "5"}"#, false),
        ])
    func patterns(condition: String, attributes: String, holds: Bool) throws {
        #expect(try Self.holds(condition, attributes) == holds)
    }

    @Test(
        "$exists, $type, $not, unknown operators and paths into objects and lists",
        arguments: [
            (#"{"a.b": {"$exists": true}}"#, #"{"a": {"b": 0}}"#, true),
            (#"{"a.b": {"$exists": 0}}"#, #"{"a": {"b": null}}"#, true),
            (#"{"a": {"$type": "null"}}"#, #"{}"#, true),
            (#"{"a": {"$type": "number"}}"#, #"{"a": 1.5}"#, true),
            (#"{"a": {"$type": "array"}}"#, #"{"a": {}}"#, false),
            (#"{"a": {"$type": 1}}"#, #"{"a": 1}"#, false),
            (#"{"a": {"$not": {"$in": [1]}}}"#, #"{"a": 2}"#, true),
            (#"{"a": {"$regx": "x"}}"#, #"{"a": "x"}"#, false),
            (#"{"tags.1": "b"}"#, #"{"tags": ["a", "b"]}"#, true),
            (#"{"tags.length": 2}"#, #"{"tags": ["a", "b"]}"#, true),
            (#"{"tags.01": {"$exists": true}}"#, #"{"tags": ["a", "b"]}"#, false),
            (#"{"s.length": {"$exists": true}}"#, #"{"s": "abc"}"#, false),
            (#"{"$groups": {"$elemMatch": {"$eq": "a"}}}"#, #"{"$groups": ["a"]}"#, true),
        ])
    func existenceTypesAndPaths(condition: String, attributes: String, holds: Bool) throws {
        #expect(try Self.holds(condition, attributes) == holds)
    }

    @Test(
        "$and, $or, $nor, $not and several entries: every entry holds; empty lists follow the SDK",
        arguments: [
            (#"{"$or": []}"#, #"{}"#, true),
            (#"{"$and": []}"#, #"{}"#, true),
            (#"{"$nor": []}"#, #"{}"#, false),
            (#"{}"#, #"{}"#, true),
            (#"{"$or": [{"a": 1}, {"b": 1}], "c": 2}"#, #"{"a": 1, "c": 1}"#, false),
            (#"{"$nor": [{"a": 1}, {"b": 1}]}"#, #"{"a": 2, "b": 2}"#, true),
            (#"{"$not": {"$and": [{"a": 1}, {"b": 1}]}}"#, #"{"a": 1, "b": 2}"#, true),
        ])
    func combinations(condition: String, attributes: String, holds: Bool) throws {
        #expect(try Self.holds(condition, attributes) == holds)
    }

    @Test(
        "Saved groups: $inGroup is membership by value and type; an unknown group is in nothing, so $notInGroup holds",
        arguments: [
            (#"{"id": {"$inGroup": "g"}}"#, #"{"id": 2}"#, true),
            (#"{"id": {"$inGroup": "g"}}"#, #"{"id": "2"}"#, false),
            (#"{"id": {"$inGroup": "g"}}"#, #"{"id": ["x", "ann"]}"#, true),
            (#"{"id": {"$notInGroup": "g"}}"#, #"{"id": "bob"}"#, true),
            (#"{"id": {"$inGroup": "missing"}}"#, #"{"id": 2}"#, false),
            (#"{"id": {"$notInGroup": "missing"}}"#, #"{"id": 2}"#, true),
        ])
    func savedGroups(condition: String, attributes: String, holds: Bool) throws {
        #expect(try Self.holds(condition, attributes, savedGroups: #"{"g": [1, 2, "ann"]}"#) == holds)
    }

    @Test("A prerequisite's condition sees no saved groups, as the SDK evaluates it without them")
    func prerequisiteWithoutGroups() throws {
        let payload = try GrowthBookPayload.read(
            Array(
                #"""
                {"features": {"parent": {"defaultValue": "ann"},
                  "child": {"rules": [{"parentConditions": [{"id": "parent", "condition": {"value": {"$inGroup": "g"}}}], "force": 1}]}},
                 "savedGroups": {"g": ["ann"]}}
                """#.utf8))
        #expect(payload.rules(for: "child").evaluate(in: EvaluationContext(), tracing: false).result == .unset)
    }
}
