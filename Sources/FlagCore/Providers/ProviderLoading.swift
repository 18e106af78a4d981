import Foundation
import OrderedCollections

/// A key that a provider sets and no blueprint declares.
package struct UnknownKey: Sendable, Hashable {
    /// The key as the provider writes it.
    package var key: String
    /// The provider that has it.
    package var provider: String
    /// The provider's file (relative to the workspace) or `environment`.
    package var file: String
    /// Where in the file, when known.
    package var location: TextLocation?
    /// The raw value.
    package var value: RawValue?
    /// The closest declared key ("did you mean").
    package var suggestion: String?
}

/// Reads every provider of a workspace and reports what `validate` should say about them.
struct ProviderLoading {
    let fileSystem: FileSystem
    let folder: URL
    let environment: [String: String]
    var diagnostics: [Diagnostic] = []
    /// Every provider file read, by the path diagnostics show (their text is not kept).
    var filesRead: [String: URL] = [:]
    /// The lines to quote of provider files with errors, taken from the bytes already read (see
    /// ``WorkspaceLoading/quoted``).
    var quoted: [String: SourceText] = [:]
    /// The largest provider file read (`limits: { fileSize: }`).
    var fileSizeLimit = FileSizeLimit.defaultBytes
    /// The declared keys, for the entries of every provider to share; made when first needed.
    var knownKeys: KnownKeys?
    /// Whether keys no blueprint declares are warned about: not while a blueprint cannot be
    /// read, since its keys would all be called undeclared.
    var warnsOfUndeclaredKeys = true

    /// Reads each provider; a failure is confined to its own layer.
    mutating func load(_ providers: [ProviderConfig], flags: OrderedDictionary<String, FlagDefinition>)
        -> [ProviderData]
    {
        providers.map { load($0, flags: flags) }
    }

    /// Reads one provider: a layer that reads no file is settled at once; a file is found, read
    /// and parsed, each step reporting what went wrong at its own place.
    mutating func load(_ config: ProviderConfig, flags: OrderedDictionary<String, FlagDefinition>) -> ProviderData {
        if let settled = withoutFile(config, flags: flags) { return settled }
        guard let path = config.path else {
            return ProviderData(
                config: config, status: .failed(message: "no path", location: nil), displayPath: config.name)
        }
        let url = WorkspacePath.url(ofPath: path, in: folder)
        let displayPath = WorkspacePath.displayPath(of: url, in: folder)
        switch read(config, at: url, displayPath: displayPath) {
        case .success(let bytes): return parse(bytes, of: config, displayPath: displayPath, flags: flags)
        case .failure(let unread): return unread.data
        }
    }

    /// A remote layer (pending: an OFREP request needs the context the other layers resolve),
    /// an OFREP layer without a url, or environment variables; nil for a file to read.
    private mutating func withoutFile(_ config: ProviderConfig, flags: OrderedDictionary<String, FlagDefinition>)
        -> ProviderData?
    {
        if config.isRemote {
            guard let url = config.usableURL else {
                return ProviderData(
                    config: config,
                    status: .failed(message: "its url cannot be used (see flagscope validate)", location: nil),
                    displayPath: config.name)
            }
            return ProviderData(config: config, status: .pending, displayPath: url)
        }
        if config.format.isRemoteOnly {
            // Reported by the workspace checks: a server-only provider without a url has nothing to read.
            return ProviderData(
                config: config,
                status: .failed(message: "an \(config.format.name) provider needs a 'url'", location: nil),
                displayPath: config.name)
        }
        guard config.format.source == .environment else { return nil }
        let prefix = config.prefix ?? ""
        let entries = config.format.descriptor.readEnvironment(environment, prefix: prefix, keys: flags.keys)
        return ProviderData(
            config: config, status: .loaded, entries: ProviderEntries(entries, knownKeys: declaredKeys(flags)),
            displayPath: "environment (\(prefix)*)")
    }

    /// A provider file that could not be read, as the layer shows it.
    private struct UnreadFile: Error {
        var data: ProviderData
    }

    /// The provider file's bytes; a missing file is a warning (not for the writable file, which
    /// the first edit creates) and an unreadable one an error.
    private mutating func read(_ config: ProviderConfig, at url: URL, displayPath: String) -> Result<
        [UInt8], UnreadFile
    > {
        guard fileSystem.fileExists(at: url) else {
            if !config.writable {
                diagnostics.append(
                    .warning(
                        "provider '\(config.name)' reads \(displayPath), which does not exist; its layer shows 'missing'",
                        file: config.origin.file, at: config.origin.location))
            }
            return .failure(UnreadFile(data: ProviderData(config: config, status: .missing, displayPath: displayPath)))
        }
        do {
            let bytes = try fileSystem.contents(of: url, limit: fileSizeLimit)
            filesRead[displayPath] = url
            return .success(bytes)
        } catch {
            let message = "cannot read provider file: \(FileErrorText.describe(error, raisable: true))"
            diagnostics.append(.error(message, file: displayPath, at: nil))
            return .failure(
                UnreadFile(
                    data: ProviderData(
                        config: config, status: .failed(message: message, location: nil), displayPath: displayPath)))
        }
    }

    /// The file's entries in its format, each problem reported at its line and column; the lines
    /// those problems point at are kept while the bytes are at hand.
    private mutating func parse(
        _ bytes: [UInt8], of config: ProviderConfig, displayPath: String,
        flags: OrderedDictionary<String, FlagDefinition>
    ) -> ProviderData {
        let knownKeys = declaredKeys(flags)
        let reported = diagnostics.count
        defer {
            let lines = diagnostics[reported...].filter { $0.file == displayPath }.compactMap(\.location?.line)
            if !lines.isEmpty {
                quoted[displayPath] = SourceText(path: displayPath, bytes: bytes, keepingLines: Set(lines))
            }
        }
        do {
            let file = try config.format.descriptor.read(bytes, reading(config, knownKeys: knownKeys, flags: flags))
            for problem in file.problems {
                diagnostics.append(
                    Diagnostic(
                        file: displayPath, location: problem.location, severity: problem.severity,
                        message: "\(config.format.name) provider '\(config.name)': \(problem.message)"))
            }
            var data = ProviderData(
                config: config, status: .loaded,
                entries: ProviderEntries(file.entries, knownKeys: file.sharesDeclaredKeys ? KnownKeys() : knownKeys),
                displayPath: displayPath)
            data.ruleAttributeKeys = file.attributeKeys
            return data
        } catch {
            let message = "\(config.format.name) provider '\(config.name)': \(error.message)"
            diagnostics.append(.error(message, file: displayPath, at: error.location))
            return ProviderData(
                config: config, status: .failed(message: error.message, location: error.location),
                displayPath: displayPath)
        }
    }

    /// What reading `config`'s file needs besides its bytes: the declared keys and their types, the
    /// provider's own options with the environment, and the other files an option names (read
    /// within the workspace's size limit).
    private func reading(
        _ config: ProviderConfig, knownKeys: KnownKeys, flags: OrderedDictionary<String, FlagDefinition>
    ) -> FormatReading {
        let fileSystem = fileSystem
        let folder = folder
        let limit = fileSizeLimit
        return FormatReading(
            knownKeys: knownKeys, typeOf: { flags[$0]?.type }, isKey: { flags[$0] != nil },
            options: FormatOptions(config.options, environment: environment),
            file: { path in try fileSystem.contents(of: WorkspacePath.url(ofPath: path, in: folder), limit: limit) })
    }

    /// The declared keys as a ``KnownKeys`` table, made once per loading.
    mutating func declaredKeys(_ flags: OrderedDictionary<String, FlagDefinition>) -> KnownKeys {
        if let knownKeys { return knownKeys }
        let made = KnownKeys(flags.keys)
        knownKeys = made
        return made
    }

    /// Warnings for keys no blueprint declares, and for values that do not fit their flag.
    mutating func check(_ providers: [ProviderData], flags: OrderedDictionary<String, FlagDefinition>) -> [UnknownKey] {
        var unknown: [UnknownKey] = []
        // Listed only when some key needs a suggestion (a re-read after each write has none).
        var candidates: [String]?
        func declared() -> [String] {
            if let candidates { return candidates }
            let listed = flags.keys.elements.filter { !$0.hasPrefix(ContextKeys.prefix) }
            candidates = listed
            return listed
        }
        for provider in providers where provider.status == .loaded {
            for (key, entry) in provider.entries {
                guard let flag = flags[key] else {
                    let suggestion = Suggestion.closest(to: key, in: declared())
                    unknown.append(
                        UnknownKey(
                            key: key, provider: provider.config.name, file: provider.displayPath,
                            location: entry.location, value: entry.value, suggestion: suggestion))
                    let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
                    if warnsOfUndeclaredKeys {
                        diagnostics.append(
                            .warning(
                                "'\(key)' in provider '\(provider.config.name)' is declared by no blueprint\(hint)",
                                file: provider.displayPath, at: entry.location))
                    }
                    continue
                }
                if let rules = entry.rules, !flag.excludedProviders.contains(provider.config.name) {
                    for (variant, raw) in rules.engine.possibleValues {
                        guard case .failure(let problem) = flag.rules.value(from: raw) else { continue }
                        diagnostics.append(
                            .warning(
                                "'\(key)' in provider '\(provider.config.name)': the payload of variant '\(TerminalText.capped(variant, limit: 80))' does not fit the flag: \(problem.message); it is ignored",
                                file: provider.displayPath, at: entry.location))
                    }
                }
                guard let raw = entry.value, !flag.excludedProviders.contains(provider.config.name) else { continue }
                if case .failure(let problem) = flag.rules.value(from: raw) {
                    diagnostics.append(
                        .warning(
                            "'\(key)' in provider '\(provider.config.name)' does not fit the flag: \(problem.message); it is ignored",
                            file: provider.displayPath, at: entry.location))
                }
            }
        }
        return unknown
    }
}
