/// The `firebase` format (docs/providers.md, docs/rules.md): a Remote Config template, from a file
/// or the template's address, its conditions evaluated for the simulated device.
struct FirebaseFormat: FormatDescriptor {
    let name = "firebase"
    let hasRules = true
    let source = FormatSource.fileOrServer
    /// The template's own address (the REST API's `…/remoteConfig`, or any server of templates).
    let remote: RemoteAsking? = RemoteAsking(endpoint: { base, _ in base })

    func read(_ bytes: [UInt8], _ reading: FormatReading) throws(DocumentError) -> ProviderFile {
        try ProviderReaders.firebaseFile(bytes, knownKeys: reading.knownKeys)
    }
}

extension ProviderFormat {
    /// A Remote Config template.
    package static let firebase = ProviderFormat(FirebaseFormat())
}

extension ProviderReaders {
    /// A Firebase Remote Config template (docs/providers.md, docs/rules.md): `parameters` and
    /// `parameterGroups[*].parameters`. A parameter with conditional values carries its rules,
    /// which the resolver evaluates per device, with its default value where nothing is evaluated.
    static func firebase(_ bytes: [UInt8], knownKeys: KnownKeys = KnownKeys()) throws(DocumentError) -> Entries {
        try firebaseFile(bytes, knownKeys: knownKeys).entries
    }

    /// The entries of a template and what `validate` reports about it (conditions that do not
    /// parse, values for conditions that do not exist), each at its line and column.
    static func firebaseFile(_ bytes: [UInt8], knownKeys: KnownKeys = KnownKeys()) throws(DocumentError)
        -> ProviderFile
    {
        let template = try FirebaseTemplate.read(bytes, knownKeys: knownKeys)
        var entries = Entries()
        entries.reserveCapacity(template.parameters.count)
        var notesSeen = SeenValues<ProviderEntry>()
        for (name, parameter) in template.parameters {
            var notes: [String] = []
            if let group = parameter.group { notes.append("in parameter group \(group)") }
            let rules = parameter.rules
            if rules.conditionalValues.isEmpty, rules.defaultValue == .inAppDefault || rules.defaultValue == nil {
                notes.append("useInAppDefault: the app's own default applies")
            } else if rules.defaultValue == .inAppDefault {
                // With conditions, the in-app default is only what applies when none decides.
                notes.append("default useInAppDefault: the app's own default applies when no condition decides")
            }
            if let error = parameter.error {
                entries[name] = ProviderEntry(value: nil, location: parameter.location, notes: notes, error: error)
                continue
            }
            var value: RawValue?
            if case .text(let text) = rules.defaultValue { value = .text(text) }
            var entry = ProviderEntry(value: value, location: parameter.location, sharingNotes: notes, with: &notesSeen)
            // Rules are kept only where there are some: a rule-free entry stays compact.
            if !rules.conditionalValues.isEmpty { entry.rules = CompiledRules(rules) }
            entries[name] = entry
        }
        return ProviderFile(entries: entries, problems: template.problems, sharesDeclaredKeys: true)
    }
}
