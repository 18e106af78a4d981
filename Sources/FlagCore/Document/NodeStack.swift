/// The nodes of every collection still being read, innermost collection's last, in one buffer.
///
/// When a collection ends, its nodes move (not copy) into an array of exactly their count: one
/// allocation per collection, none of the regrowing that appending to an array per collection costs,
/// and no reference counting on the way.
struct NodeStack<Element>: ~Copyable {
    /// The buffer; elements `0..<count` are initialised.
    private var base: UnsafeMutablePointer<Element>
    /// How many elements the buffer has room for.
    private var capacity: Int
    /// How many elements the stack holds.
    private(set) var count = 0

    /// An empty stack.
    init() {
        capacity = 64
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Pushes `element`.
    mutating func append(_ element: consuming Element) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// The elements from `start` on, valid until the stack next changes.
    func elements(from start: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    /// Takes the elements from `start` on off the stack, in order.
    mutating func removeArray(from start: Int) -> [Element] {
        let taken = count - start
        let source = base + start
        let array = [Element](unsafeUninitializedCapacity: taken) { buffer, initialized in
            if let destination = buffer.baseAddress { destination.moveInitialize(from: source, count: taken) }
            initialized = taken
        }
        count = start
        return array
    }
}
