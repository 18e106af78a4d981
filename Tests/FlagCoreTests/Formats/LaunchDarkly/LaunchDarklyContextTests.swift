import Foundation
import Testing

@testable import FlagCore

/// The device as a LaunchDarkly context: `context/key` is the user's key, `context/K/key` makes
/// a kind `K`, attributes are the keys below, and every read is recorded.
@Suite("LaunchDarkly: the device as a context")
struct LaunchDarklyContextTests {
    static func read(_ device: String, kind: String = "user", _ text: String, isReference: Bool = true) throws
        -> JSONValue?
    {
        let context = LaunchDarklyContext(device: try LaunchDarklyFixture.device(device))
        var reads = ReadLog()
        guard let key = context.key(of: kind, reads: &reads) else { return nil }
        return context.value(
            of: LaunchDarklyAttributeReference(text, isReference: isReference), kind: kind, key: key, reads: &reads)
    }

    @Test("The user's key is context/key, else context/targeting_key; a number stands for its digits")
    func userKey() throws {
        var reads = ReadLog()
        func key(_ device: String) throws -> String? {
            LaunchDarklyContext(device: try LaunchDarklyFixture.device(device)).key(of: "user", reads: &reads)
        }
        #expect(try key(#"{"key": "ana"}"#) == "ana")
        #expect(try key(#"{"targeting_key": "ofrep-user"}"#) == "ofrep-user")
        #expect(try key(#"{"key": "ana", "targeting_key": "other"}"#) == "ana")
        #expect(try key(#"{"key": 123}"#) == "123")
        #expect(try key(#"{"key": ""}"#) == nil)
        #expect(try key(#"{"key": true}"#) == nil)
        #expect(try key("{}") == nil)
        #expect(reads.reads.map(\.key).contains("context/targeting_key"))
    }

    @Test("Another kind exists when context/K/key is set, flat or as an object's member")
    func kinds() throws {
        let device = try LaunchDarklyFixture.device(
            #"{"key": "ana", "org/key": "acme", "device": {"key": "d1", "os": "iOS"}, "address": {"city": "Rome"}, "bad kind/key": "x", "multi/key": "m"}"#
        )
        var reads = ReadLog()
        let context = LaunchDarklyContext(device: device)
        #expect(context.kinds(reads: &reads) == ["user", "device", "org"])
        #expect(reads.reads.map(\.key) == ["context/key", "context/device/key", "context/org/key"])
        #expect(
            try LaunchDarklyContext(device: LaunchDarklyFixture.device(#"{"org/key": "acme"}"#)).kinds(reads: &reads)
                == ["org"])
    }

    @Test(
        "References read the device's keys: flat keys first, then object members, never list items",
        arguments: [
            (#"{"key": "x", "email": "a@b"}"#, "email", #""a@b""#),
            (#"{"key": "x", "attr/a": "right"}"#, "/attr~1a", #""right""#),
            (#"{"key": "x", "attr/a": "right"}"#, "attr/a", #""right""#),
            (#"{"key": "x", "attr1": {"prop/a": "right"}}"#, "/attr1/prop~1a", #""right""#),
            (#"{"key": "x", "attr1": {"p": {"q": "deep"}}}"#, "/attr1/p/q", #""deep""#),
            (#"{"key": "x", "attr1/p": "flat"}"#, "/attr1/p", #""flat""#),
            (#"{"key": "x", "attr1/p": "flat"}"#, "/attr1", #"{"p": "flat"}"#),
            (#"{"key": "x", "attr1": {"2": "right"}}"#, "/attr1/2", #""right""#),
            (#"{"key": "x", "attr1": ["a", "b", "c"]}"#, "/attr1/2", "null"),
            (#"{"key": "x", "attr1": "text"}"#, "/attr1/p", "null"),
            (#"{"key": "x", "attr1": {"p": null}}"#, "/attr1/p", "null"),
            (#"{"key": "x"}"#, "/key", #""x""#), (#"{"key": "x"}"#, "/key/more", "null"),
            (#"{"key": "x"}"#, "kind", #""user""#), (#"{"key": "x"}"#, "anonymous", "false"),
            (#"{"key": "x", "anonymous": "yes"}"#, "anonymous", "false"),
            (#"{"key": "x", "anonymous": true}"#, "anonymous", "true"),
            (#"{"key": "x", "name": 5}"#, "name", "null"), (#"{"key": "x", "name": "Ana"}"#, "name", #""Ana""#),
        ])
    func references(device: String, reference: String, expected: String) throws {
        let value = try Self.read(device, reference)
        let wanted = JSONValue(try JSONReader.parse(expected))
        #expect(value == (wanted == .null ? nil : wanted))
    }

    @Test("Another kind's attributes are the keys below its name")
    func otherKind() throws {
        #expect(try Self.read(#"{"org/key": "acme", "org/tier": "gold"}"#, kind: "org", "tier") == .string("gold"))
        #expect(try Self.read(#"{"org": {"key": "acme", "tier": "gold"}}"#, kind: "org", "/tier") == .string("gold"))
        #expect(try Self.read(#"{"org/key": "acme"}"#, kind: "org", "kind") == .string("org"))
        #expect(try Self.read(#"{"org/key": "acme", "tier": "gold"}"#, kind: "org", "tier") == nil)
    }

    @Test("Each read is recorded with the context key it read, set or unset")
    func recordsReads() throws {
        let context = LaunchDarklyContext(device: try LaunchDarklyFixture.device(#"{"key": "x", "org/key": "acme"}"#))
        var reads = ReadLog()
        _ = context.value(
            of: LaunchDarklyAttributeReference("/address/city", isReference: true), kind: "user", key: "x",
            reads: &reads)
        _ = context.value(
            of: LaunchDarklyAttributeReference("tier", isReference: false), kind: "org", key: "acme", reads: &reads)
        _ = context.value(
            of: LaunchDarklyAttributeReference("anonymous", isReference: false), kind: "user", key: "x", reads: &reads)
        #expect(
            reads.reads == [
                ContextRead(key: "context/address/city", value: nil), ContextRead(key: "context/org/tier", value: nil),
                ContextRead(key: "context/anonymous", value: nil),
            ])
    }
}
