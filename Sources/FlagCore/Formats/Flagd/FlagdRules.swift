import OrderedCollections

/// What evaluating an enabled flagd flag needs, and no more: its key, variants, default variant
/// and targeting. A provider entry keeps this for each flag with targeting, so that a large
/// file's rules take less memory than whole definitions would: one allocation holds the key,
/// default variant and targeting with the variants after them (a flag has a few, found by
/// comparing names), where a box and a list of variants would be two, and an ordered dictionary
/// three; the place, state, metadata and error are the definition's.
package struct FlagdRules: @unchecked Sendable, Hashable {
    // Unchecked: the storage is a `ManagedBuffer`, which cannot be `Sendable`, but nothing
    // writes to it after `init` returns.
    private let storage: Storage

    /// One variant.
    struct Variant: Sendable, Hashable {
        var name: String
        var value: JSONValue
    }

    /// What is stored before the variants.
    private struct Header {
        let key: String
        let defaultVariant: String?
        let targeting: JsonLogicRule?
        let count: Int
    }

    /// The header and, after it, the variants in file order.
    private final class Storage: ManagedBuffer<Header, Variant> {
        deinit {
            _ = withUnsafeMutablePointers { header, variants in variants.deinitialize(count: header.pointee.count) }
        }
    }

    /// The rules of `flag`, which must be enabled and without an error.
    init(_ flag: FlagdFlag) {
        let header = Header(
            key: flag.key, defaultVariant: flag.defaultVariant, targeting: flag.targeting, count: flag.variants.count)
        let buffer = Storage.create(minimumCapacity: flag.variants.count) { _ in header }
        buffer.withUnsafeMutablePointerToElements { variants in
            var next = variants
            for (name, value) in flag.variants {
                next.initialize(to: Variant(name: name, value: value))
                next += 1
            }
        }
        storage = unsafeDowncast(buffer, to: Storage.self)
    }

    /// The flag's key (`$flagd.flagKey`).
    var key: String { storage.withUnsafeMutablePointerToHeader { $0.pointee.key } }
    /// The variant served when no rule decides; `nil` means the app's own default.
    var defaultVariant: String? { storage.withUnsafeMutablePointerToHeader { $0.pointee.defaultVariant } }
    /// The compiled targeting; `nil` when there is none.
    var targeting: JsonLogicRule? { storage.withUnsafeMutablePointerToHeader { $0.pointee.targeting } }
    /// The variants, in file order.
    var variants: [Variant] {
        storage.withUnsafeMutablePointers { Array(UnsafeBufferPointer(start: $1, count: $0.pointee.count)) }
    }

    package static func == (left: FlagdRules, right: FlagdRules) -> Bool {
        left.storage === right.storage
            || (left.key == right.key && left.defaultVariant == right.defaultVariant
                && left.targeting == right.targeting && left.variants == right.variants)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(defaultVariant)
        hasher.combine(targeting)
        hasher.combine(variants)
    }

    /// The value of the variant `name`.
    private func value(of name: String) -> JSONValue? {
        storage.withUnsafeMutablePointers { header, variants in
            for index in 0..<header.pointee.count where variants[index].name == name { return variants[index].value }
            return nil
        }
    }

    /// What the flag gives for `context` (``FlagdFlag/evaluate(in:tracing:)`` of an enabled flag).
    @inline(__always)
    func evaluate(in context: EvaluationContext, tracing: Bool = true) -> RuleOutcome {
        guard let targeting else { return chosen(defaultVariant, reason: .staticValue, steps: []) }
        var evaluation = JsonLogicEvaluation(
            flagKey: key, context: context, tracing: tracing, dialect: .flagd)
        let result: LogicValue
        do {
            result = try evaluation.run(targeting)
        } catch {
            return failed(
                "its targeting cannot be evaluated: \(error.message)", code: error.code, steps: evaluation.steps)
        }
        if result.isNull { return chosen(defaultVariant, reason: .defaultValue, steps: evaluation.steps) }
        let name: String
        do {
            name = try VariantName.written(result)
        } catch {
            return failed(
                "its targeting cannot be evaluated: \(error.message)", code: error.code, steps: evaluation.steps)
        }
        // Looked up once: every targeted flag of a file comes here.
        guard let value = value(of: name) else {
            return failed(
                "its targeting chose variant '\(TerminalText.capped(name, limit: 100))', which it does not have",
                code: "GENERAL", steps: evaluation.steps)
        }
        return chosen(name, value, reason: .targetingMatch, steps: evaluation.steps)
    }

    /// `variant`'s value, or no value when there is no variant (the default is the app's own).
    private func chosen(_ variant: String?, reason: RuleReason, steps: [RuleStep]) -> RuleOutcome {
        guard let variant, let value = value(of: variant) else {
            return RuleOutcome(
                result: .unset, trace: RuleTrace(reason: reason == .staticValue ? .defaultValue : reason, steps: steps))
        }
        return chosen(variant, value, reason: reason, steps: steps)
    }

    /// The variant `variant`, whose value is `value`.
    private func chosen(_ variant: String, _ value: JSONValue, reason: RuleReason, steps: [RuleStep]) -> RuleOutcome {
        RuleOutcome(result: .value(.native(value)), trace: RuleTrace(variant: variant, reason: reason, steps: steps))
    }

    private func failed(_ message: String, code: String, steps: [RuleStep]) -> RuleOutcome {
        RuleOutcome(
            result: .error(message),
            trace: RuleTrace(reason: .error, errorCode: code, errorMessage: message, steps: steps))
    }
}

extension FlagdRules: RuleEngine {
    /// Without targeting, the default variant; with it, any variant (targeting may name each).
    var outcomes: [RawValue] {
        guard targeting != nil else { return defaultVariant.flatMap { value(of: $0) }.map { [.native($0)] } ?? [] }
        return variants.map { .native($0.value) }
    }

    /// Every `var` of the context the targeting reads, and the attributes flagd's operators read
    /// (``JsonLogicAttributeWalk``).
    func attributeReads(keysOnly: Bool) -> [AttributeRead] {
        guard let targeting else { return [] }
        var walk = JsonLogicAttributeWalk(dialect: .flagd)
        walk.keysOnly = keysOnly
        walk.visit(targeting, parent: nil)
        return walk.reads
    }
}
