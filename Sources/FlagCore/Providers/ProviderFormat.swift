/// A provider format, as `format:` names it in `flagscope.yml` (docs/providers.md). Each format
/// is one folder, `Formats/<Name>/`, holding its ``FormatDescriptor``, its reader and, for a format
/// with rules, its engine; the registry (``all``, in `Formats/`) lists every format once. The rest
/// of Flagscope asks the format what it needs to know and never names one.
package struct ProviderFormat: Sendable, Hashable, CustomStringConvertible {
    /// What the format's folder says of it.
    let descriptor: any FormatDescriptor

    /// The format `descriptor` describes.
    init(_ descriptor: some FormatDescriptor) {
        self.descriptor = descriptor
    }

    /// The registered format `format:` names, if any.
    package init?(named name: String) {
        guard let found = Self.all.first(where: { $0.name == name }) else { return nil }
        self = found
    }

    /// The name `format:` takes.
    package var name: String { descriptor.name }
    package var description: String { name }

    /// Where its values come from.
    package var source: FormatSource { descriptor.source }

    /// The format as Flagscope writes it, when it writes this one.
    package var writable: WritableFormat? { descriptor.writable }

    /// Whether Flagscope can write this format.
    package var isWritable: Bool { writable != nil }

    /// Whether a provider of this format can read a server (`url:`).
    package var canBeRemote: Bool { descriptor.remote != nil }

    /// Whether this format only exists on a server (an OFREP answer depends on the context sent).
    package var isRemoteOnly: Bool { source == .server }

    /// How its server is asked, when it has one.
    package var remote: RemoteAsking? { descriptor.remote }

    /// The fields of its own a provider of this format takes in `flagscope.yml`.
    package var options: [FormatOption] { descriptor.options }

    /// Whether its entries carry rules evaluated for the simulated device.
    package var hasRules: Bool { descriptor.hasRules }

    /// The flag types to read a file of it as, so that every answer an entry can give is asked
    /// for: any one type, or, where entries answer by type, a bool flag's and a text flag's.
    package var answerTypes: [FlagType] { descriptor.answersByType ? [.bool, .string] : [.json] }

    package static func == (left: ProviderFormat, right: ProviderFormat) -> Bool { left.name == right.name }

    package func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Every format's name, in the registry's order.
    package static var names: [String] { all.map(\.name) }

    /// The names of the formats a `url:` accepts, for messages.
    static var remoteNames: [String] { all.filter(\.canBeRemote).map(\.name) }

    /// ``remoteNames`` as a sentence says them: `firebase, unleash and ofrep`.
    static var remoteNamesText: String {
        let names = remoteNames
        return names.dropLast().joined(separator: ", ") + (names.count > 1 ? " and " : "") + (names.last ?? "")
    }
}

/// Where a format's values come from.
package enum FormatSource: Sendable, Hashable {
    /// A file (`path:`).
    case file
    /// A file, or a server (`url:`).
    case fileOrServer
    /// A server only (`url:`).
    case server
    /// Environment variables named with a `prefix:`.
    case environment
}

/// A field a provider of one format takes in `flagscope.yml` beyond those every provider takes
/// (GrowthBook's `decryptionKeyEnv:`, LaunchDarkly's `sdkKeyEnv:`).
package struct FormatOption: Sendable, Hashable {
    /// The field's name.
    package var name: String
    /// What it is for, for messages and docs.
    package var purpose: String
    /// Whether it names a file of the workspace, which is read with the provider (and watched).
    package var isFile = false
}

/// How a server of one format is asked for its flags.
package struct RemoteAsking: Sendable {
    /// The address asked, from the provider's base url (no trailing `/`) and its options; `nil`
    /// when the options do not allow one (a key it needs is missing).
    var endpoint: @Sendable (_ base: String, _ options: FormatOptions) -> String?
    /// `GET`, or `POST` with the device as the body.
    var method = "GET"
    /// Headers of the format's own (`UNLEASH-APPNAME`).
    var headers: [String: String] = [:]
    /// The option naming the environment variable whose value is sent as `Authorization`, for a
    /// format whose servers take a key of their own (`sdkKeyEnv`); else `tokenEnv` does.
    var secretOption: String?
    /// Whether the request carries the simulated device (`{"context": …}`), so that the answer
    /// depends on it.
    var sendsContext = false
    /// What `endpoint` needs from the options, for the message when it cannot make the address
    /// (`clientKey: or clientKeyEnv:`).
    var needs: String?
}

/// A provider's own options and the environment their variables are read from.
package struct FormatOptions: Sendable, Hashable {
    /// Option values by name, as written.
    package var values: [String: String]
    /// The process's environment.
    package var environment: [String: String]

    /// Options with `environment`.
    package init(_ values: [String: String] = [:], environment: [String: String] = [:]) {
        self.values = values
        self.environment = environment
    }

    /// The value of option `name`, or, when `name + "Env"` is given instead, of the variable it
    /// names; trimmed, `nil` when neither gives one.
    package func value(_ name: String) -> String? {
        if let value = values[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty { return value }
        return variable(named: values[name + "Env"])
    }

    /// The value of the environment variable `name`, trimmed; `nil` when unset, empty, or holding
    /// a line break (which would split a header).
    package func variable(named name: String?) -> String? {
        guard let name else { return nil }
        let value = (environment[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty, !value.contains(where: \.isNewline) else { return nil }
        return value
    }
}

/// What reading one provider's file (or a server's answer) needs besides its bytes.
struct FormatReading {
    /// The declared keys (the JSON readers hand out their strings).
    var knownKeys = KnownKeys()
    /// What a key reads (an Unleash toggle gives a bool or a variant's payload).
    var typeOf: (String) -> FlagType? = { _ in nil }
    /// Which nested names of a plist are keys.
    var isKey: (String) -> Bool = { _ in false }
    /// The provider's own options.
    var options = FormatOptions()
    /// Reads another file an option names, by its path relative to the workspace folder.
    var file: (String) throws -> [UInt8] = { path in throw DocumentError("no file \(path) to read", at: .start) }
}

/// What Flagscope knows of one provider format: where its values come from, how its file or its
/// server's answer is read, how a server is asked, what decides a flag it holds without rules,
/// and where a user changes a value it gives (docs/architecture.md#adding-a-provider-format).
/// One conforming type per format, in the format's folder under `Formats/`.
protocol FormatDescriptor: Sendable {
    /// The name `format:` takes.
    var name: String { get }
    /// Where its values come from.
    var source: FormatSource { get }
    /// How its server is asked (`nil`: it has none).
    var remote: RemoteAsking? { get }
    /// The format as Flagscope writes it, when it does.
    var writable: WritableFormat? { get }
    /// Its own fields in `flagscope.yml`.
    var options: [FormatOption] { get }
    /// Whether its entries carry rules evaluated for the simulated device.
    var hasRules: Bool { get }
    /// Whether an entry reads differently by the flag's type (an Unleash toggle answers a bool
    /// flag with whether it is on, any other with its variant's payload).
    var answersByType: Bool { get }
    /// Reads a file of the format, or a server's answer: its entries, what `validate` reports
    /// about it, each at its place, and the attributes its rules read when the reader knows. A
    /// file that cannot be read at all is a thrown error with its position.
    func read(_ bytes: [UInt8], _ reading: FormatReading) throws(DocumentError) -> ProviderFile
    /// For a format whose values are environment variables: those of `keys` that `variables`
    /// set (with `prefix`), and the variables with the prefix that no key names.
    func readEnvironment(_ variables: [String: String], prefix: String, keys: some Sequence<String>)
        -> ProviderReaders.Entries
    /// What decides an entry that keeps no rules, where the format's SDK decides every flag all the
    /// same (and says why); `nil` when the entry's value is all there is.
    func ruleFreeOutcome(of entry: ProviderEntry) -> RuleOutcome?
    /// What a user changes, and why an edit here does not reach it, for a value this provider
    /// gives: `edit remote/flags.json (Remote's flagd file, read-only here)`.
    func remedy(forKey key: String, in provider: ProviderConfig, displayPath: String) -> (action: String, why: String?)
}

extension FormatDescriptor {
    var remote: RemoteAsking? { nil }
    var writable: WritableFormat? { nil }
    var options: [FormatOption] { [] }
    var hasRules: Bool { false }
    var answersByType: Bool { false }

    func ruleFreeOutcome(of entry: ProviderEntry) -> RuleOutcome? { nil }

    func readEnvironment(_ variables: [String: String], prefix: String, keys: some Sequence<String>)
        -> ProviderReaders.Entries
    { [:] }

    func remedy(forKey key: String, in provider: ProviderConfig, displayPath: String) -> (action: String, why: String?)
    {
        ("edit \(displayPath)", "\(provider.name)'s \(name) file, read-only here")
    }
}

/// What a provider file reads into, whatever its format: its entries, what `validate` reports
/// about its rules (each at its place), and the attributes its rules may read when the reader
/// found them as it went.
struct ProviderFile {
    /// The entries, in file order.
    var entries: ProviderReaders.Entries
    /// Rules that cannot work, or that the format's schema forbids.
    var problems: [RuleProblem] = []
    /// Every attribute the rules may read (more, never fewer), when the reader knows.
    var attributeKeys: Set<String>? = nil
    /// Whether the entries' keys are the declared keys' own strings (the JSON readers hand
    /// them out as they read), so the entries need no key table of their own.
    var sharesDeclaredKeys = false
}

extension ProviderFormat {
    /// Reads `bytes` as a file of this format with no workspace around it: keys read as `typeOf`
    /// says. For tools that take a format's file alone (the fuzz targets, the conformance runner).
    package func readAlone(_ bytes: [UInt8], typeOf: @escaping (String) -> FlagType? = { _ in nil })
        throws(DocumentError) -> (entries: ProviderEntries, problems: [RuleProblem])
    {
        let file = try descriptor.read(bytes, FormatReading(typeOf: typeOf))
        return (ProviderEntries(file.entries), file.problems)
    }

    /// What decides `entry` of a provider of this format for `context` (made only if needed),
    /// with the trace the layer shows: its rules evaluated (not for a context key, where
    /// `evaluatingRules` is false), or, for an entry without rules, what the format decides of
    /// it all the same; `nil` when the entry is a value (or an error) and nothing decides it.
    package func outcome(
        of entry: ProviderEntry, evaluatingRules: Bool, context: @autoclosure () -> EvaluationContext,
        tracing: Bool = true
    ) -> RuleOutcome? {
        guard let rules = entry.rules else { return descriptor.ruleFreeOutcome(of: entry) }
        guard evaluatingRules, entry.error == nil else { return nil }
        return rules.evaluate(in: context(), tracing: tracing)
    }
}
