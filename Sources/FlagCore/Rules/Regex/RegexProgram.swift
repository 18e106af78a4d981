/// A pattern compiled to the steps of an automaton, and run over a text by advancing every live
/// thread one scalar at a time (Pike's VM without captures): each step is visited at most once
/// per position, so matching costs at most the program's size times the text's length.
struct RegexProgram: Sendable {
    /// One step of the automaton. Its payloads are plain numbers (tables hold the rest), so
    /// stepping through the program never counts references.
    enum Step: Sendable {
        /// Consumes this scalar.
        case scalar(Unicode.Scalar)
        /// Consumes any of the forms of one scalar at this index of `forms` (case-insensitive).
        case scalarForms(Int)
        /// Consumes a scalar of the class at this index of `classes`.
        case set(Int)
        /// Consumes any scalar (but `\n` unless `newline`).
        case any(newline: Bool)
        /// Continues only where the position passes the test.
        case assertion(RegexAssertion)
        /// Continues at both steps.
        case split(Int, Int)
        /// Continues at the step.
        case jump(Int)
        /// The pattern has matched.
        case match
    }

    private var steps: [Step] = []
    private var forms: [[Unicode.Scalar]] = []
    private var classes: [CompiledClass] = []
    private let asciiClasses: Bool
    /// Whether every match starts at the text's start (`^…`), so the search can stop early.
    private var anchoredAtStart = false

    /// Compiles `tree` (whose size the caller has checked).
    init(_ tree: RegexNode, asciiClasses: Bool) {
        self.asciiClasses = asciiClasses
        emit(tree)
        steps.append(.match)
        if case .assertion(.textStart) = steps[0] { anchoredAtStart = true }
    }

    // MARK: Compiling

    private mutating func emit(_ node: RegexNode) {
        switch node {
        case .empty:
            break
        case .scalar(let scalar, let caseless):
            let variants = caseless ? Self.caseForms(of: scalar) : [scalar]
            if variants.count == 1 {
                steps.append(.scalar(scalar))
            } else {
                steps.append(.scalarForms(forms.count))
                forms.append(variants)
            }
        case .set(let set, let caseless):
            steps.append(.set(classes.count))
            classes.append(CompiledClass(set, caseless: caseless, asciiClasses: asciiClasses))
        case .any(let newline):
            steps.append(.any(newline: newline))
        case .assertion(let assertion):
            steps.append(.assertion(assertion))
        case .concatenation(let parts):
            for part in parts { emit(part) }
        case .alternation(let branches):
            var exits: [Int] = []
            for (number, branch) in branches.enumerated() {
                if number == branches.count - 1 {
                    emit(branch)
                    break
                }
                let split = steps.count
                steps.append(.split(split + 1, -1))
                emit(branch)
                exits.append(steps.count)
                steps.append(.jump(-1))
                steps[split] = .split(split + 1, steps.count)
            }
            for exit in exits { steps[exit] = .jump(steps.count) }
        case .repetition(let inner, let min, let max):
            // Something that compiles to nothing repeats to nothing (and `(?:){1000000000}` costs no time).
            guard inner.compiledSize > 0 else { return }
            for _ in 0..<min { emit(inner) }
            guard let max else {
                let loop = steps.count
                steps.append(.split(loop + 1, -1))
                emit(inner)
                steps.append(.jump(loop))
                steps[loop] = .split(loop + 1, steps.count)
                return
            }
            var skips: [Int] = []
            for _ in min..<Swift.max(min, max) {
                skips.append(steps.count)
                steps.append(.split(steps.count + 1, -1))
                emit(inner)
            }
            for skip in skips { steps[skip] = .split(skip + 1, steps.count) }
        }
    }

    /// A scalar and its other-case forms, two levels deep (`K` → `k` → the Kelvin sign).
    private static func caseForms(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        var forms = [scalar]
        var index = 0
        while index < forms.count, index < 2 {
            for form in CaseFolding.variants(of: forms[index]) where !forms.contains(form) { forms.append(form) }
            index += 1
        }
        return forms
    }

    // MARK: Matching

    /// Whether the program matches somewhere in `text`.
    func matches(in text: String) -> Bool {
        var current = ThreadSet(capacity: steps.count)
        var next = ThreadSet(capacity: steps.count)
        var pending: [Int] = []
        pending.reserveCapacity(steps.count)
        var scalars = text.unicodeScalars.makeIterator()
        var previous: Unicode.Scalar?
        var upcoming = scalars.next()
        var atStart = true
        while true {
            if atStart || !anchoredAtStart {
                if follow(from: 0, into: &current, after: previous, before: upcoming, pending: &pending) { return true }
            }
            guard let scalar = upcoming, !(anchoredAtStart && current.isEmpty) else { return false }
            let following = scalars.next()
            next.removeAll()
            for position in 0..<current.count {
                let step = current.dense[position]
                if consumes(steps[step], scalar),
                    follow(from: step + 1, into: &next, after: scalar, before: following, pending: &pending)
                {
                    return true
                }
            }
            swap(&current, &next)
            previous = scalar
            upcoming = following
            atStart = false
        }
    }

    /// Adds `start` and every step reachable from it without consuming (through splits, jumps
    /// and assertions that hold here) to `threads`; true as soon as `match` is reached.
    private func follow(
        from start: Int, into threads: inout ThreadSet, after previous: Unicode.Scalar?,
        before upcoming: Unicode.Scalar?, pending: inout [Int]
    ) -> Bool {
        pending.append(start)
        while let step = pending.popLast() {
            guard !threads.contains(step) else { continue }
            threads.insert(step)
            switch steps[step] {
            case .match:
                pending.removeAll(keepingCapacity: true)
                return true
            case .jump(let target):
                pending.append(target)
            case .split(let first, let second):
                pending.append(second)
                pending.append(first)
            case .assertion(let assertion):
                if holds(assertion, after: previous, before: upcoming) { pending.append(step + 1) }
            default:
                break
            }
        }
        return false
    }

    private func consumes(_ step: Step, _ scalar: Unicode.Scalar) -> Bool {
        switch step {
        case .scalar(let expected): return scalar == expected
        case .scalarForms(let index): return forms[index].contains(scalar)
        case .set(let index): return classes[index].contains(scalar)
        case .any(let newline): return newline || scalar != "\n"
        default: return false
        }
    }

    private func holds(_ assertion: RegexAssertion, after previous: Unicode.Scalar?, before upcoming: Unicode.Scalar?)
        -> Bool
    {
        switch assertion {
        case .textStart: return previous == nil
        case .textEnd: return upcoming == nil
        case .lineStart: return previous == nil || previous == "\n"
        case .lineEnd: return upcoming == nil || upcoming == "\n"
        case .wordBoundary, .notWordBoundary:
            let before = previous.map { PerlClass.word.contains($0.value, ascii: asciiClasses) } ?? false
            let after = upcoming.map { PerlClass.word.contains($0.value, ascii: asciiClasses) } ?? false
            return (before != after) == (assertion == .wordBoundary)
        }
    }
}

/// A class ready for matching: ASCII membership looked up in a bitmap, the rest asked of the class.
private struct CompiledClass: Sendable {
    private let set: ScalarClass
    private let caseless: Bool
    private let asciiClasses: Bool
    private let low: UInt64
    private let high: UInt64

    init(_ set: ScalarClass, caseless: Bool, asciiClasses: Bool) {
        self.set = set
        self.caseless = caseless
        self.asciiClasses = asciiClasses
        var low: UInt64 = 0
        var high: UInt64 = 0
        for value in UInt32(0)..<128
        where set.contains(Unicode.Scalar(value)!, caseless: caseless, asciiClasses: asciiClasses) {
            if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
        }
        self.low = low
        self.high = high
    }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 64 { return low & (1 << UInt64(value)) != 0 }
        if value < 128 { return high & (1 << UInt64(value - 64)) != 0 }
        return set.contains(scalar, caseless: caseless, asciiClasses: asciiClasses)
    }
}

/// The live threads at one position: a sparse set of step numbers, cleared in constant time.
private struct ThreadSet {
    var dense: [Int]
    private var sparse: [Int]
    private(set) var count = 0

    init(capacity: Int) {
        dense = Array(repeating: 0, count: capacity)
        sparse = Array(repeating: 0, count: capacity)
    }

    var isEmpty: Bool { count == 0 }

    func contains(_ step: Int) -> Bool {
        let slot = sparse[step]
        return slot < count && dense[slot] == step
    }

    mutating func insert(_ step: Int) {
        sparse[step] = count
        dense[count] = step
        count += 1
    }

    mutating func removeAll() { count = 0 }
}
