/// One key's entry in a provider.
package struct ProviderEntry: Sendable, Hashable {
    /// Notes and a per-key error; few entries have any, so they live in a box that exists
    /// only when one is set (an entry is 48 bytes instead of 64, at 100k keys per layer).
    private struct Extras: RarelySetFields {
        var notes: [String] = []
        var error: String?
    }

    /// The value; `nil` means the provider names the key but leaves it unset
    /// (Firebase `useInAppDefault`, a DISABLED flagd flag).
    package var value: RawValue?
    /// Where the key is written, when the format has positions.
    package var location: TextLocation?
    private var extras: Indirect<Extras>?

    /// Facts shown beside the value and not evaluated: conditional values, targeting rules, variants.
    package var notes: [String] {
        get { extras?.value.notes ?? [] }
        set { Indirect.update(&extras) { $0.notes = newValue } }
    }
    /// Why the provider could not give this one key a value (an OFREP per-flag error); the
    /// key's layer is `error`, the provider's other keys are not affected.
    package var error: String? {
        get { extras?.value.error }
        set { Indirect.update(&extras) { $0.error = newValue } }
    }

    /// Rules that decide the value per context (docs/rules.md); `value` is then what the key has
    /// when no rule applies (a flagd flag's default variant), shown where nothing is evaluated.
    /// Held outside the box of notes: a file's entries share one box of equal notes (every
    /// flagd flag says "default variant: off"), which a rule of each entry's own would split
    /// into a box per entry.
    package var rules: CompiledRules?

    /// Creates an entry.
    package init(
        value: RawValue?, location: TextLocation? = nil, notes: [String] = [], error: String? = nil,
        rules: CompiledRules? = nil
    ) {
        self.value = value
        self.location = location
        self.rules = rules
        extras = .boxed(Extras(notes: notes, error: error))
    }

    /// An entry whose notes are stored once for every entry of a file that has the same notes
    /// (every flagd flag says "default variant: on"): the first such entry's box is shared.
    init(
        value: RawValue?, location: TextLocation?, sharingNotes notes: [String],
        with seen: inout SeenValues<ProviderEntry>
    ) {
        self = seen.shared(ProviderEntry(value: nil, notes: notes))
        self.value = value
        self.location = location
    }
}

/// What a provider said when it was read.
package enum ProviderStatus: Sendable, Hashable {
    /// Read; `entries` holds its keys.
    case loaded
    /// The file does not exist (normal for a writable file before the first edit).
    case missing
    /// The file could not be read or parsed; other providers are not affected.
    case failed(message: String, location: TextLocation?)
    /// A remote provider whose server has not answered yet and that has no cached answer.
    case pending
}

/// The contents of one provider, read once per load.
package struct ProviderData: Sendable {
    /// The provider's declaration.
    package var config: ProviderConfig
    /// Loaded, missing or failed.
    package var status: ProviderStatus
    /// Keys to entries, in file order.
    package var entries: ProviderEntries
    /// The file as diagnostics show it (relative to the workspace), `environment`, or a server's url.
    package var displayPath: String
    /// How a remote provider's answer was got (fresh, cached, failed, pending); `nil` for files.
    package var remote: RemoteLayerStatus?
    /// Every `context/*` key the rules of this provider may read, when its reader knows them
    /// (a flagd file's): more than they read, never less. The attribute index stops walking
    /// this provider's rules once it has found each. `nil`: unknown, every rule is walked.
    var ruleAttributeKeys: Set<String>?

    /// The keys in file order (for listings of unknown keys).
    package var keyOrder: [String] { entries.keys }

    /// Creates provider data.
    package init(
        config: ProviderConfig, status: ProviderStatus, entries: ProviderEntries = ProviderEntries(),
        displayPath: String, remote: RemoteLayerStatus? = nil
    ) {
        self.config = config
        self.status = status
        self.entries = entries
        self.displayPath = displayPath
        self.remote = remote
    }
}
