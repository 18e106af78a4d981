import Foundation

/// Why a flag has the value it has.
package enum ResolutionReason: String, Sendable, Hashable {
    /// A provider layer supplied it.
    case provider
    /// No layer did; the blueprint default applies.
    case `default`
    /// A computed expression yielded it.
    case computed
}

/// A flag's resolved value with its provenance.
package struct Resolution: Sendable, Hashable {
    /// The flag.
    package var flag: FlagDefinition
    /// The winning value; `nil` only for context keys nobody sets (unknown).
    package var value: FlagValue?
    /// The winning provider's name, or `default` / `computed`.
    package var source: String
    /// Which kind of layer won.
    package var reason: ResolutionReason
    /// Keys a computed value read.
    package var computedInputs: [String]
    /// Every provider's layer, in stack order.
    package var layers: [Layer]

    /// The blueprint default (`nil` for context keys whose unset state means unknown).
    package var defaultValue: FlagValue? { flag.defaultValue }

    /// The winning layer, when a provider won.
    package var winningLayer: Layer? { layers.first(where: \.isWinner) }

    /// The variant the winning layer's rules chose, when its rules chose one (docs/rules.md).
    package var variant: String? { winningLayer?.rules?.variant }

    /// Whether the writable provider sets this key (its value may still be shadowed by a higher layer).
    package func isOverridden(in writableProvider: String?) -> Bool {
        guard let writableProvider, let layer = layers.first(where: { $0.provider == writableProvider }) else {
            return false
        }
        switch layer.state {
        case .set, .typeMismatch: return true
        default: return false
        }
    }

    /// Whether some layer has a value that does not fit.
    package var hasTypeMismatch: Bool {
        layers.contains { if case .typeMismatch = $0.state { true } else { false } }
    }

    /// Whether the flag's `expires` date is before `now`.
    package func isStale(now: Date) -> Bool {
        guard let expires = flag.expires, let date = FlagDate.parse(expires) else { return false }
        return date < now
    }
}

/// How a key with no value is worded, the same in `get`, the detail pane and `explain`: one
/// word for it, `unset`, and what that means for the device.
package enum ResolutionWords {
    /// A key that no layer sets and that has no default.
    package static let noValue = "unset: no layer sets it"
    /// The default of a key that has none.
    package static let noDefault = "none"
}
