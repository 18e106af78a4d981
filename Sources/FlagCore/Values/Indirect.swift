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

/// A group of fields that most values leave empty (`init()` is that empty state), kept in an
/// ``Indirect`` box only when one of them is set: eight bytes for a `nil` box instead of the fields.
protocol RarelySetFields: Hashable, Sendable {
    init()
}

extension Indirect where Value: RarelySetFields {
    /// `fields` boxed, or `nil` when none is set.
    static func boxed(_ fields: Value) -> Indirect? {
        fields == Value() ? nil : Indirect(fields)
    }

    /// Changes the fields in `box` (empty when there is none), dropping the box when none is
    /// left set, so that equal values compare equal whatever was set and cleared before.
    static func update(_ box: inout Indirect?, _ change: (inout Value) -> Void) {
        var fields = box?.value ?? Value()
        change(&fields)
        box = boxed(fields)
    }
}
