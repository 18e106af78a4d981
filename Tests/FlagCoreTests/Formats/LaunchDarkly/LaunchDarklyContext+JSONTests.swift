import Foundation
import Testing

@testable import FlagCore

/// Contexts written as the SDKs take them in JSON become device keys: the user's at the top,
/// another kind's below its name; the older user form maps to the same keys.
@Suite("LaunchDarkly: contexts in JSON as device keys")
struct LaunchDarklyContextJSONTests {
    static func keys(_ json: String) throws -> [String: JSONValue] {
        LaunchDarklyContext.deviceAttributes(of: JSONValue(try JSONReader.parse(json)))
    }

    @Test("A single-kind user, a single other kind, and a multi-kind context")
    func kinds() throws {
        #expect(
            try Self.keys(#"{"kind": "user", "key": "ana", "email": "a@b", "_meta": {"privateAttributes": ["email"]}}"#)
                == ["key": .string("ana"), "email": .string("a@b")])
        #expect(
            try Self.keys(#"{"kind": "org", "key": "acme", "tier": "gold"}"#)
                == ["org/key": .string("acme"), "org/tier": .string("gold")])
        #expect(
            try Self.keys(#"{"kind": "multi", "user": {"key": "ana"}, "org": {"key": "acme", "kind": "x"}}"#)
                == ["key": .string("ana"), "org/key": .string("acme")])
    }

    @Test("The older user form: top-level built-ins and custom attributes; custom never replaces them")
    func olderUser() throws {
        #expect(
            try Self.keys(
                #"{"key": "ana", "country": "IT", "anonymous": true, "custom": {"plan": "pro", "country": "DE", "key": "no"}}"#
            )
                == ["key": .string("ana"), "country": .string("IT"), "anonymous": .bool(true), "plan": .string("pro")])
    }

    @Test("A name holding slashes is a nested key; null and empty names are left out")
    func names() throws {
        #expect(
            try Self.keys(#"{"kind": "user", "key": "x", "/attr/a": 1, "attr//b": 2, "//": 3, "gone": null}"#)
                == ["key": .string("x"), "attr/a": .int(1), "attr/b": .int(2)])
    }

    @Test("Anything but an object, or a kind that is not text, is no context")
    func notContexts() throws {
        #expect(try Self.keys("[1]").isEmpty)
        #expect(try Self.keys(#"{"kind": 5, "key": "x"}"#).isEmpty)
    }
}
