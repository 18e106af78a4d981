import Foundation

/// Why a flag has the value it has.
public enum ResolutionReason: String, Sendable, Hashable {
    /// A provider layer supplied it.
    case provider
    /// No layer did; the blueprint default applies.
    case `default`
    /// A computed expression yielded it.
    case computed
}

/// A flag's resolved value with its provenance.
public struct Resolution: Sendable, Hashable {
    /// The flag.
    public var flag: FlagDefinition
    /// The winning value; `nil` only for context keys nobody sets (unknown).
    public var value: FlagValue?
    /// The winning provider's name, or `default` / `computed`.
    public var source: String
    /// Which kind of layer won.
    public var reason: ResolutionReason
    /// Keys a computed value read.
    public var computedInputs: [String]
    /// Every provider's layer, in stack order.
    public var layers: [Layer]

    /// The blueprint default (`nil` for context keys whose unset state means unknown).
    public var defaultValue: FlagValue? { flag.defaultValue }

    /// The winning layer, when a provider won.
    public var winningLayer: Layer? { layers.first(where: \.isWinner) }

    /// The variant the winning layer's rules chose, when its rules chose one (SPEC §8).
    public var variant: String? { winningLayer?.rules?.variant }

    /// Whether the writable provider sets this key (its value may still be shadowed by a higher layer).
    public func isOverridden(in writableProvider: String?) -> Bool {
        guard let writableProvider, let layer = layers.first(where: { $0.provider == writableProvider }) else { return false }
        switch layer.state {
        case .set, .typeMismatch: return true
        default: return false
        }
    }

    /// Whether the flag's `expires` date is before `now`.
    public func isStale(now: Date) -> Bool {
        guard let expires = flag.expires, let date = FlagDate.parse(expires) else { return false }
        return date < now
    }
}

