import Foundation
import Testing

@testable import FlagCore

/// The bucket: SHA-1 of `flagKey.salt.id` (or `seed.id`), its first 15 hex digits over
/// 0xFFFFFFFFFFFFFFF, pinned against values Python's `hashlib` gives for the same text.
@Suite("LaunchDarkly: bucketing")
struct LaunchDarklyBucketTests {
    @Test(
        "Published and reference vectors",
        arguments: [
            ("hashKey.saltyA", "userKeyA", 0.4215758743392494), ("hashKey.saltyA", "userKeyB", 0.6708484965703435),
            ("hashKey.saltyA", "userKeyC", 0.1034310617276969), ("segment3.salty", "user-key", 0.14950212263461493),
            ("segment3.salty", "unmatching-key", 0.36563563056429266), ("61", "userKeyA", 0.0980120652476667),
            ("flag.", "αβ", 0.6274623258646251), ("42", "33333", 0.8067685406942565),
        ])
    func vectors(prefix: String, id: String, bucket: Double) {
        #expect(LaunchDarklyBucket.value(prefix: prefix, id: id) == bucket)
    }

    @Test("The prefix is the seed when there is one, else key.salt")
    func prefix() {
        #expect(LaunchDarklyBucket.prefix(key: "new-checkout", salt: "s4lt", seed: nil) == "new-checkout.s4lt")
        #expect(LaunchDarklyBucket.prefix(key: "new-checkout", salt: "s4lt", seed: -61) == "-61")
    }

    @Test(
        "Text and whole numbers bucket (5 and 5.0 alike); other values do not",
        arguments: [
            (JSONValue.string("ana"), "ana" as String?), (.int(5), "5"), (.double(5), "5"), (.double(-3), "-3"),
            (.double(5.5), nil), (.bool(true), nil), (.array([.string("a")]), nil), (.null, nil), (.double(1e300), nil),
        ])
    func identifiers(value: JSONValue, identifier: String?) {
        #expect(LaunchDarklyBucket.identifier(of: value) == identifier)
    }
}
