import Foundation
import OrderedCollections

/// The declared keys, found by their UTF-8 bytes.
///
/// A provider file's reader asks here for each member key it reads and, when the key is
/// declared, hands out the declared string itself instead of making a new one: a 100k-key
/// provider file then allocates no key strings at all, where it used to make ~10 MB of them
/// only to drop them again, leaving the heap fragmented. Keys of up to 15 bytes are stored
/// inline by `String` and cost nothing to make, so only longer ones are kept here.
struct KnownKeys: Sendable {
    private var keys: [String] = []
    /// Open addressing with linear probing over positions in `keys` (-1: empty); its size is a
    /// power of two at least twice the key count.
    private var slots: [Int32] = []

    /// No keys (every lookup misses).
    init() {}

    /// The declared keys longer than a small string.
    init(_ declared: OrderedSet<String>) {
        for key in declared where key.utf8.count > Self.inlineLimit { keys.append(key) }
        guard !keys.isEmpty else { return }
        var size = 8
        while size < keys.count * 2 { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
        let mask = size - 1
        for (position, key) in keys.enumerated() {
            var slot =
                key.utf8.withContiguousStorageIfAvailable { Self.hash($0) }.map { Int(truncatingIfNeeded: $0) & mask }
                ?? 0
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(position)
        }
    }

    /// The longest text `String` stores without allocating.
    private static let inlineLimit = 15

    /// The declared key whose UTF-8 is `bytes`, if any.
    func existing(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count > Self.inlineLimit, !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
        while true {
            let position = Int(slots[slot])
            if position < 0 { return nil }
            let matches = keys[position].utf8.withContiguousStorageIfAvailable { stored in
                stored.count == bytes.count && memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            }
            if matches == true { return keys[position] }
            slot = (slot + 1) & mask
        }
    }

    /// The declared key equal to `key`, if any (read from a file by a reader that made its own strings).
    func existing(_ key: String) -> String? {
        key.utf8.withContiguousStorageIfAvailable { existing($0) } ?? nil
    }

    /// FNV-1a: a few instructions per byte, and keys differ mostly in their last bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
