/// What one provider says about one key (docs/providers.md).
package enum LayerState: Sendable, Hashable {
    /// The provider has a value that fits.
    case set(FlagValue)
    /// The provider has nothing for this key (or names it and defers to the app's default).
    case unset
    /// The flag lists this provider in `excludedProviders`.
    case excluded
    /// The provider has a value that does not fit; it never wins.
    case typeMismatch(raw: RawValue, problem: String)
    /// The provider's file does not exist.
    case missing
    /// The provider's file could not be read or parsed (or its server gave no answer and none is cached).
    case error(String)
    /// A remote provider's first answer is still on its way and nothing is cached (the browser only).
    case fetching

    /// The state's name as `get --json` writes it.
    package var name: String {
        switch self {
        case .set: return "set"
        case .unset: return "unset"
        case .excluded: return "excluded"
        case .typeMismatch: return "typeMismatch"
        case .missing: return "missing"
        case .error: return "error"
        case .fetching: return "fetching"
        }
    }
}

/// One provider's layer for one key.
package struct Layer: Sendable, Hashable {
    /// The provider's name.
    package var provider: String
    /// What it says.
    package var state: LayerState
    /// Facts shown and not evaluated (Firebase conditions, flagd targeting, Unleash strategies).
    package var notes: [String]
    /// Whether this layer's value is the resolved value.
    package var isWinner: Bool
    /// For a remote provider: whether the answer is fresh, cached or failed, and why.
    package var remote: RemoteLayerStatus?
    /// For a layer whose provider has rules for the key: how they decided for this context.
    package var rules: RuleTrace?

    /// Creates a layer.
    package init(
        provider: String, state: LayerState, notes: [String] = [], isWinner: Bool = false,
        remote: RemoteLayerStatus? = nil,
        rules: RuleTrace? = nil
    ) {
        self.provider = provider
        self.state = state
        self.notes = notes
        self.isWinner = isWinner
        self.remote = remote
        self.rules = rules
    }

    /// The layer's value when set.
    package var value: FlagValue? {
        if case .set(let value) = state { return value }
        return nil
    }
}
