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

    /// Whether the flag's `expires` date is before `now`.
    public func isStale(now: Date) -> Bool {
        guard let expires = flag.expires, let date = FlagDate.parse(expires) else { return false }
        return date < now
    }
}

