/// SplitMix64: a tiny seeded generator giving the same sequence on every platform and run, so a
/// failing random test is replayed from the seed it prints.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state; the seed is its first value.
    package var state: UInt64

    /// A generator starting from `seed`.
    package init(seed: UInt64) { state = seed }

    /// A generator starting from `state` (the same as `init(seed:)`).
    package init(state: UInt64) { self.state = state }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is 0 or less).
    package mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    /// A number in `0..<bound`; the same as ``below(_:)``.
    package mutating func next(_ bound: Int) -> Int { below(bound) }

    /// True `percent` times in a hundred.
    package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// One of `items` (which must not be empty).
    package mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
