/// The `flagd` format (docs/providers.md, docs/rules.md): OpenFeature flagd definitions, each
/// flag's `targeting` compiled once and evaluated for the simulated device as flagd's
/// evaluator does.
struct FlagdFormat: FormatDescriptor {
    let name = "flagd"
    let hasRules = true
    let source = FormatSource.file

    func read(_ bytes: [UInt8], _ reading: FormatReading) throws(DocumentError) -> ProviderFile {
        try ProviderReaders.flagdFile(bytes, knownKeys: reading.knownKeys)
    }

    /// A flag without targeting keeps no rules (its entry stays compact), but flagd still
    /// decides it and says why (STATIC, DEFAULT, DISABLED, ERROR).
    func ruleFreeOutcome(of entry: ProviderEntry) -> RuleOutcome? { entry.staticFlagdOutcome }
}

extension ProviderFormat {
    /// OpenFeature flagd definitions.
    package static let flagd = ProviderFormat(FlagdFormat())
}

extension ProviderReaders {
    /// OpenFeature flagd definitions (docs/rules.md): a flag without targeting is its default
    /// variant (none: unset, the app's own default); DISABLED is unset; a flag with targeting
    /// carries its compiled rules, which the resolver evaluates per context, with the default
    /// variant as its value where nothing is evaluated. The notes say how each flag stands
    /// when no rule decides (``FlagdFlag/entryNotes``): the resolver reads a rule-free flag's
    /// reason and variant back from them.
    static func flagd(_ bytes: [UInt8], knownKeys: KnownKeys = KnownKeys()) throws(DocumentError) -> Entries {
        try flagdFile(bytes, knownKeys: knownKeys).entries
    }

    /// The entries of a flagd file and what `validate` reports about it (schema violations,
    /// rules that cannot work), each at its line and column.
    static func flagdFile(_ bytes: [UInt8], knownKeys: KnownKeys = KnownKeys()) throws(DocumentError)
        -> ProviderFile
    {
        var entries = Entries()
        var notesSeen = SeenValues<ProviderEntry>()
        let (_, problems, namesRead) = try FlagdDocument.read(bytes, knownKeys: knownKeys) { flag in
            let notes = flag.entryNotes
            if let error = flag.error {
                entries[flag.key] = ProviderEntry(value: nil, location: flag.location, notes: notes, error: error)
                return
            }
            var entry = ProviderEntry(
                value: flag.staticValue.map(RawValue.native), location: flag.location, sharingNotes: notes,
                with: &notesSeen)
            // Rules are kept only where there are some: a rule-free entry stays compact.
            entry.rules = flag.rules
            entries[flag.key] = entry
        }
        return ProviderFile(
            entries: entries, problems: problems,
            attributeKeys: Set(namesRead.compactMap(JsonLogicDialect.flagd.attributeKey(ofPath:))),
            sharesDeclaredKeys: true)
    }
}
