/// A value kept behind one shared reference, with value semantics: copies share the storage
/// until one of them is written, which then gets storage of its own.
///
/// Used for fields that are large and copied often (a flag's definition) or large and usually
/// absent (a flag's enum values and bounds): eight bytes inline instead of the whole value.
struct Indirect<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The storage; mutated in place only while this copy is its sole owner.
    private final class Storage: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var storage: Storage

    /// Boxes a value.
    init(_ value: Value) { storage = Storage(value) }

    /// The value, copied into storage of its own before the first write to shared storage.
    var value: Value {
        _read { yield storage.value }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
            yield &storage.value
        }
    }

    static func == (lhs: Indirect, rhs: Indirect) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
    }

    func hash(into hasher: inout Hasher) {
        storage.value.hash(into: &hasher)
    }
}
