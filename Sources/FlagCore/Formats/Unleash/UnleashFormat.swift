/// The `unleash` format (docs/providers.md, docs/rules.md): an Unleash client payload, export or
/// delta events, from a file or an Unleash server's client API; strategies, constraints,
/// segments, dependencies and variants evaluated as Unleash's engine does.
struct UnleashFormat: FormatDescriptor {
    let name = "unleash"
    let hasRules = true
    let answersByType = true
    let source = FormatSource.fileOrServer
    let remote: RemoteAsking? = RemoteAsking(
        endpoint: { base, _ in base + "/client/features" }, headers: ["UNLEASH-APPNAME": "flagscope"])

    func read(_ bytes: [UInt8], _ reading: FormatReading) throws(DocumentError) -> ProviderFile {
        try ProviderReaders.unleashFile(bytes, typeOf: reading.typeOf)
    }
}

extension ProviderFormat {
    /// Unleash's client payload, export or delta events.
    package static let unleash = ProviderFormat(UnleashFormat())
}

extension ProviderReaders {
    /// An Unleash file (docs/providers.md, docs/rules.md): the client payload, an export or the delta events. Every
    /// toggle with something to evaluate carries its rules; a bool flag (or an undeclared key)
    /// reads `isEnabled`, any other flag the chosen variant's payload.
    static func unleash(_ bytes: [UInt8], typeOf: (String) -> FlagType?) throws(DocumentError) -> Entries {
        try unleashFile(bytes, typeOf: typeOf).entries
    }

    /// The entries of an Unleash file and what `validate` reports about it, each at its line and column.
    static func unleashFile(_ bytes: [UInt8], typeOf: (String) -> FlagType?) throws(DocumentError)
        -> ProviderFile
    {
        let document = try UnleashDocument.read(bytes)
        var entries = Entries()
        var notesSeen = SeenValues<ProviderEntry>()
        for (name, toggle) in document.features.toggles {
            let type = typeOf(name)
            let answer: UnleashRules.Answer = type == nil || type == .bool ? .isEnabled : .payload
            var notes: [String] = []
            if let environment = document.environments[name] { notes.append("environment \(environment)") }
            if !toggle.enabled { notes.append("disabled") }
            let value: RawValue? = answer == .isEnabled ? .native(.bool(toggle.enabled)) : nil
            var entry = ProviderEntry(value: value, location: toggle.location, sharingNotes: notes, with: &notesSeen)
            // A toggle switched off, or on with nothing to evaluate, keeps a compact entry.
            let hasRules =
                !toggle.strategies.isEmpty || !toggle.dependencies.isEmpty
                || (answer == .payload && toggle.hasVariants)
            if toggle.enabled, hasRules {
                entry.rules = CompiledRules(UnleashRules(toggleName: name, features: document.features, answer: answer))
            }
            entries[name] = entry
        }
        return ProviderFile(entries: entries, problems: document.problems)
    }
}
