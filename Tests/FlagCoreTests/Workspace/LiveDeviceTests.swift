import FlagCore
import Foundation
import Testing

/// The name a device that asks `flagscope serve` goes by (docs/serve.md).
@Suite("Live devices' names")
struct LiveDeviceTests {
    static func device(_ context: String) throws -> LiveDevice {
        LiveDevice(context: try OFREPEvaluation.context(fromBody: Array(#"{"context": \#(context)}"#.utf8)).get())
    }

    @Test("The targeting key names it; a number as written")
    func targetingKey() throws {
        #expect(try Self.device(#"{"targetingKey": "listener-4711", "country": "IT"}"#).name == "listener-4711")
        #expect(try Self.device(#"{"targetingKey": 42}"#).name == "42")
        #expect(try Self.device(#"{"targetingKey": "listener-4711"}"#).layerName == "Live: listener-4711")
    }

    @Test("Without one, `context` and 8 hex digits of the attributes, whatever their order; nothing: no context")
    func hashed() throws {
        let one = try Self.device(#"{"country": "IT", "app": {"version": "4.1"}}"#)
        let same = try Self.device(#"{"app": {"version": "4.1"}, "country": "IT"}"#)
        let other = try Self.device(#"{"country": "FR", "app": {"version": "4.1"}}"#)
        #expect(one.name.hasPrefix("context ") && one.name.count == "context ".count + 8)
        #expect(one.name == same.name)
        #expect(one.name != other.name)
        #expect(try Self.device("{}").name == "no context")
        #expect(try Self.device(#"{"targetingKey": "  "}"#).name.hasPrefix("context "), "a blank key names nothing")
    }

    @Test("A hostile key: control characters become spaces, cut to 64 characters; a null key names nothing")
    func hostile() throws {
        let controls = try Self.device(#"{"targetingKey": "a\u001b[2Jb\nc"}"#)
        #expect(controls.name == "a [2Jb c")
        #expect(try Self.device(#"{"targetingKey": null, "country": "IT"}"#).name.hasPrefix("context "))
        let long = try Self.device(#"{"targetingKey": "\#(String(repeating: "x", count: 500))"}"#)
        #expect(long.name.count == 64 && long.name.hasSuffix("…"))
    }

    @Test("Two devices are the same when their names and attributes are")
    func equality() throws {
        #expect(try Self.device(#"{"targetingKey": "a", "n": 1}"#) == Self.device(#"{"targetingKey": "a", "n": 1}"#))
        #expect(try Self.device(#"{"targetingKey": "a", "n": 1}"#) != Self.device(#"{"targetingKey": "a", "n": 2}"#))
    }
}
