import OrderedCollections

/// One provider's entries by key, in file order.
///
/// Stored flat — the keys and the entries in two arrays (the entries the reader's own), and an
/// open-addressing table of 32-bit positions to find a key — because a provider of 50k keys
/// held in a `Dictionary` took about 10 MB, most of it empty buckets (a dictionary's capacity
/// is a power of two, sized for three-quarters load, of 88-byte key-and-entry buckets); here
/// an empty slot costs 4 bytes.
package struct ProviderEntries: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// The keys, in file order.
    package private(set) var keys: [String] = []
    /// The entries, in the order of `keys`.
    package private(set) var entries: [ProviderEntry] = []
    /// Open addressing with linear probing: each slot holds a position in `keys`, or -1. Its
    /// size is a power of two at least twice the key count, so a probe rarely goes far.
    private var slots: [Int32] = []

    /// No entries.
    package init() {}

    /// Entries as a reader produced them, in file order.
    package init(_ ordered: OrderedDictionary<String, ProviderEntry>) {
        self.init(ordered, knownKeys: KnownKeys())
    }

    /// Entries as a reader produced them, in file order. A key that `knownKeys` holds is kept
    /// as that very string, so the provider shares the blueprint's key storage instead of keeping
    /// a copy of every key it sets (about 8 MB at 100k keys).
    /// The entries keep the reader's storage: copying them held two of every entry at the
    /// load's peak.
    init(_ ordered: consuming OrderedDictionary<String, ProviderEntry>, knownKeys: KnownKeys) {
        keys = ordered.keys.map { knownKeys.existing($0) ?? $0 }
        entries = ordered.values.elements
        buildSlots()
    }

    package init(dictionaryLiteral elements: (String, ProviderEntry)...) {
        var ordered = OrderedDictionary<String, ProviderEntry>()
        for (key, entry) in elements { ordered[key] = entry }
        self.init(ordered)
    }

    /// How many keys the provider sets.
    package var count: Int { keys.count }

    /// Whether the provider sets no key.
    package var isEmpty: Bool { keys.isEmpty }

    /// The entry of `key`, if the provider has it.
    package subscript(key: String) -> ProviderEntry? {
        position(of: key).map { entries[$0] }
    }

    /// The key and entry pairs, in file order.
    package func makeIterator() -> Zip2Sequence<[String], [ProviderEntry]>.Iterator {
        zip(keys, entries).makeIterator()
    }

    /// Where `key` is in `keys`.
    private func position(of key: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = key.hashValue & mask
        while true {
            let position = Int(slots[slot])
            if position < 0 { return nil }
            if keys[position] == key { return position }
            slot = (slot + 1) & mask
        }
    }

    /// Fills the table from `keys` (which the readers have already made unique).
    private mutating func buildSlots() {
        guard !keys.isEmpty else { return }
        var size = 8
        while size < keys.count * 2 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        let mask = size - 1
        for (position, key) in keys.enumerated() {
            var slot = key.hashValue & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position)
        }
        self.slots = slots
    }
}

extension ProviderEntries: Equatable {
    /// The same keys with the same entries, in any order (as dictionaries compare).
    package static func == (lhs: ProviderEntries, rhs: ProviderEntries) -> Bool {
        lhs.count == rhs.count && zip(lhs.keys, lhs.entries).allSatisfy { key, entry in rhs[key] == entry }
    }
}
