import Foundation
import OrderedCollections

extension Workspace {
    /// Loads the workspace file at `url` and everything it names. Never throws: problems are diagnostics.
    /// `environment` feeds `env` providers, remote tokens and the cache location (the process
    /// environment by default); `remote` says whether remote providers are fetched now (waiting
    /// at most their timeouts) or shown from answers already at hand. `context`, when given and
    /// not empty, is an in-memory layer named `--context` on top of the stack. `device` names
    /// the device profile to make active (docs/devices.md), as `--device` does; when it names
    /// none or several, the workspace says so in ``Workspace/deviceChoiceError``.
    package static func load(
        from url: URL, fileSystem: FileSystem = LocalFileSystem(),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        remote: RemoteSource = .fetch(HTTPRemoteFetcher()), context: ContextLayer? = nil, device: String? = nil
    ) -> Workspace {
        var loader = WorkspaceLoading(
            fileSystem: fileSystem, workspaceFile: url, environment: environment, remote: remote,
            context: context?.isEmpty == false ? context : nil)
        loader.device = device
        return loader.load()
    }
}

/// Where the values of remote providers come from during a load.
package enum RemoteSource: Sendable {
    /// Ask every server now and wait (at most each provider's `timeout`): the command line.
    case fetch(any RemoteFetcher)
    /// Ask no server: show these answers, else the cached one, else the layer as fetching
    /// (the browser's first frame, and reloads between fetches).
    case known([RemoteIdentity: RemoteAnswer])
}

/// The steps of loading, kept apart from the value they produce.
struct WorkspaceLoading {
    let fileSystem: FileSystem
    let workspaceFile: URL
    let environment: [String: String]
    let remote: RemoteSource
    /// The `--context` layer, when there is one.
    let context: ContextLayer?
    /// The device profile to make active, as `--device` names it.
    var device: String?
    var diagnostics: [Diagnostic] = []
    /// Every file read, by the path diagnostics show. Their text is read again only for the few
    /// a diagnostic quotes: keeping it all would hold a second copy of the workspace.
    var filesRead: [String: URL] = [:]
    /// The lines to quote of files that could not be parsed, taken from the bytes at hand: such
    /// a file may be hundreds of megabytes, and reading it again to quote one line doubled the cost.
    var quoted: [String: SourceText] = [:]

    init(
        fileSystem: FileSystem, workspaceFile: URL, environment: [String: String], remote: RemoteSource,
        context: ContextLayer? = nil
    ) {
        self.fileSystem = fileSystem
        self.workspaceFile = workspaceFile.standardizedFileURL
        self.environment = environment
        self.remote = remote
        self.context = context
    }

    var folder: URL { workspaceFile.deletingLastPathComponent() }

    /// The workspace file, its blueprints and its providers, read in that order (each step
    /// needs what the one before found), then the servers asked and what they say checked.
    mutating func load() -> Workspace {
        let config = readConfig()
        let devices = readDevices(config)
        let blueprintFiles = blueprintPaths(config)
        let codeFiles = codePaths(config, blueprints: blueprintFiles)
        let read = readBlueprints(blueprintFiles, code: codeFiles, config: config)
        let checks = checkBlueprints(read.blueprints, config: config)
        let declared = Self.declaredFlags(checks.flags, unknownSwitchDefaults: read.unknownSwitchDefaults)
        let choice = device.map { devices.profiles.choose($0) }
        let activeDevice = try? choice?.get()
        let choiceError: DeviceChoiceError? = if case .failure(let error) = choice { error } else { nil }
        let stack = loadStack(config, blueprints: read, checks: checks, declared: declared, device: activeDevice)
        var workspace = Workspace(
            config: config, blueprints: read.blueprints, flags: stack.flags, declaredFlags: declared,
            features: checks.features, products: checks.products, expressions: checks.expressions,
            providers: stack.providers, unknownKeys: stack.unknownKeys, environment: environment, diagnostics: [],
            sources: [:], remoteAnswers: stack.remoteAnswers, unreadBlueprints: read.unread,
            blueprintFiles: blueprintFiles, codeFiles: codeFiles,
            codeReferences: Self.codeReferences(in: read.code, declared: declared, features: checks.features),
            ruleAttributeIndex: LazyRuleAttributes(providers: stack.providers), contextLayer: context,
            devices: devices.profiles, deviceFiles: devices.files, activeDevice: activeDevice,
            deviceChoiceError: choiceError)
        (workspace.diagnostics, workspace.sources) = diagnosticsAndSources(checking: workspace)
        return workspace
    }

    /// The keys the blueprints declare and generate. A Flint `isEnabled` that is code: its
    /// switch key keeps no default, and says what is written.
    static func declaredFlags(
        _ flags: OrderedDictionary<String, FlagDefinition>, unknownSwitchDefaults: [String: String]
    ) -> OrderedDictionary<String, FlagDefinition> {
        var declared = flags
        for (key, source) in unknownSwitchDefaults {
            declared[key]?.defaultValue = nil
            declared[key]?.unknownDefault = source
        }
        return declared
    }

    /// The provider stack, read and checked, with the keys it adds to the declared ones.
    struct StackRead {
        /// The layers, highest priority first, the simulated ones included.
        var providers: [ProviderData]
        /// The declared keys, and the `context/*` keys the layers set and their rules read.
        var flags: OrderedDictionary<String, FlagDefinition>
        /// Keys that providers set and no blueprint declares.
        var unknownKeys: [UnknownKey]
        /// The answers the remote layers show.
        var remoteAnswers: [RemoteIdentity: RemoteAnswer]
    }

    /// Reads the providers the workspace file lists, puts the device's and `--context`'s layers
    /// on top, asks the servers of remote layers, and checks every layer's keys against the
    /// blueprints.
    mutating func loadStack(
        _ config: WorkspaceConfig, blueprints read: BlueprintsRead, checks: WorkspaceChecks,
        declared: OrderedDictionary<String, FlagDefinition>, device: DeviceProfile?
    ) -> StackRead {
        var providerLoading = ProviderLoading(fileSystem: fileSystem, folder: folder, environment: environment)
        providerLoading.fileSizeLimit = config.fileSizeLimit
        providerLoading.warnsOfUndeclaredKeys = read.unread.isEmpty
        var flags = declared
        var providers = providerLoading.load(config.providers, flags: flags)
        // Before the servers are asked: an OFREP request carries the device's context.
        Workspace.insertSimulatedLayers(device: device, context: context, into: &providers, flags: flags)
        Self.addContextKeys(setBy: providers, to: &flags)
        Self.addRuleAttributes(of: providers, to: &flags)
        var remoteAnswers: [RemoteIdentity: RemoteAnswer] = [:]
        if config.providers.contains(where: \.isRemote) {
            // What the servers are asked with: the workspace as far as it is read.
            let asking = Workspace(
                config: config, blueprints: read.blueprints, flags: flags, features: checks.features,
                products: checks.products, expressions: checks.expressions, providers: providers,
                unknownKeys: [], environment: environment, diagnostics: [], sources: [:])
            remoteAnswers = askServers(for: asking, into: &providers, flags: &flags, &providerLoading)
        }
        let unknownKeys = providerLoading.check(providers, flags: flags)
        diagnostics.append(contentsOf: providerLoading.diagnostics)
        diagnostics.append(contentsOf: Self.uncheckedKeyNotes(unknownKeys, unreadBlueprints: read.unread))
        if let writable = providers.first(where: \.config.writable), let note = Self.missingWritableNote(writable) {
            diagnostics.append(note)
        }
        filesRead.merge(providerLoading.filesRead) { current, _ in current }
        quoted.merge(providerLoading.quoted) { current, _ in current }
        return StackRead(providers: providers, flags: flags, unknownKeys: unknownKeys, remoteAnswers: remoteAnswers)
    }

    /// Where the code reads each declared flag and feature; `nil` when there is no code to search.
    static func codeReferences(
        in code: SwiftCode?, declared: OrderedDictionary<String, FlagDefinition>,
        features: OrderedDictionary<String, FeatureDefinition>
    ) -> CodeReferences? {
        guard let code else { return nil }
        let keys = declared.keys.filter { !$0.hasPrefix(ContextKeys.prefix) }
        return code.references(keys: Set(keys), features: Array(features.keys))
    }

    /// Every problem found reading the workspace and checking it whole, and the text of each
    /// file they point into. The device profiles are checked against what the workspace reads,
    /// as `--context` is: a value a key cannot take is an error at its line, an attribute
    /// nothing reads a warning.
    mutating func diagnosticsAndSources(checking workspace: Workspace) -> ([Diagnostic], [String: SourceText]) {
        for profile in workspace.devices {
            diagnostics += profile.context.problems(in: workspace).compactMap(\.diagnostic)
        }
        diagnostics += workspace.unreadContextKeyDiagnostics
        var sources: [String: SourceText] = [:]
        for path in Set(diagnostics.map(\.file)) {
            sources[path] = Self.quotable(
                path, diagnostics: diagnostics, quoted: quoted, filesRead: filesRead, fileSystem: fileSystem)
        }
        return (diagnostics, sources)
    }

    /// The device profiles `devices:` names (by default those in `devices/`), each read whole:
    /// a profile with an error, or a name another profile has, is left out and said.
    mutating func readDevices(_ config: WorkspaceConfig) -> (profiles: [DeviceProfile], files: [String]) {
        var files: OrderedSet<String> = []
        let patterns =
            config.devicePatterns
            ?? WorkspaceConfig.defaultDevicePatterns.map {
                ($0, SourceReference(file: WorkspacePath.displayPath(of: workspaceFile, in: folder), location: .start))
            }
        for (pattern, origin) in patterns {
            let isGlob = pattern.contains { "*?[".contains($0) }
            let matches = isGlob ? fileSystem.glob(pattern, in: folder) : [pattern]
            if config.devicePatterns != nil, matches.isEmpty {
                diagnostics.append(
                    .warning("'\(pattern)' matches no device profile", file: origin.file, at: origin.location))
            }
            for match in matches {
                let url = WorkspacePath.url(ofPath: match, in: folder)
                guard isGlob || fileSystem.fileExists(at: url) else {
                    diagnostics.append(
                        .error("device profile '\(pattern)' does not exist", file: origin.file, at: origin.location))
                    continue
                }
                files.append(WorkspacePath.displayPath(of: url, in: folder))
            }
        }
        var profiles: [DeviceProfile] = []
        for file in files {
            let url = WorkspacePath.url(ofPath: file, in: folder)
            guard let root = read(url, displayPath: file, limit: config.fileSizeLimit),
                let profile = DeviceProfile.read(root, file: file, diagnostics: &diagnostics)
            else { continue }
            if let earlier = profiles.first(where: { $0.name == profile.name }) {
                diagnostics.append(
                    .error(
                        "another device profile, \(earlier.file), is named '\(TerminalText.escaped(profile.name))'; each device needs a name of its own",
                        file: file, at: profile.nameLocation))
                continue
            }
            profiles.append(profile)
        }
        return (profiles, Array(files))
    }

    /// The workspace file's settings; an unreadable file gives an empty workspace and its error.
    mutating func readConfig() -> WorkspaceConfig {
        let displayPath = WorkspacePath.displayPath(of: workspaceFile, in: folder)
        guard let root = read(workspaceFile, displayPath: displayPath) else {
            return WorkspaceConfig(file: workspaceFile, blueprintPatterns: [], providers: [])
        }
        return WorkspaceConfig.load(root, file: workspaceFile, displayPath: displayPath, diagnostics: &diagnostics)
    }

    /// What the blueprint files declare, and which of them could not be read.
    struct BlueprintsRead {
        var blueprints: [Blueprint] = []
        /// The paths that could not be read (their keys are not called undeclared).
        var unread: [String] = []
        /// Flint `isEnabled` defaults that are code, by switch key, as written.
        var unknownSwitchDefaults: [String: String] = [:]
        /// The `code:` files, parsed, when there are any.
        var code: SwiftCode?
    }

    /// Reads every blueprint: YAML and JSON files one by one, Swift sources together once all are
    /// at hand (docs/blueprints.md#swift-sources-as-blueprints), since a collection's nested types
    /// may be declared in another file.
    mutating func readBlueprints(_ paths: [String], code: [String] = [], config: WorkspaceConfig) -> BlueprintsRead {
        var read = BlueprintsRead()
        var swiftFiles: [(path: String, text: String)] = []
        let blueprintPaths = Set(paths)
        // A code file that is no blueprint is read with them, to be parsed once with them.
        for path in paths + code.filter({ !blueprintPaths.contains($0) }) {
            let url = WorkspacePath.url(ofPath: path, in: folder)
            if url.pathExtension.lowercased() == "swift" {
                do {
                    let bytes = try fileSystem.contents(of: url, limit: config.fileSizeLimit)
                    swiftFiles.append((path, String(decoding: bytes, as: UTF8.self)))
                    filesRead[path] = url
                } catch {
                    diagnostics.append(
                        .error(
                            "cannot read file: \(FileErrorText.describe(error, raisable: true))", file: path, at: nil))
                    if blueprintPaths.contains(path) { read.unread.append(path) }
                }
                continue
            }
            guard let root = self.read(url, displayPath: path, limit: config.fileSizeLimit) else {
                read.unread.append(path)
                continue
            }
            var loader = BlueprintLoader(file: path)
            if let blueprint = loader.load(root) { read.blueprints.append(blueprint) } else { read.unread.append(path) }
            diagnostics.append(contentsOf: loader.diagnostics)
        }
        if !swiftFiles.isEmpty {
            let readable = Set(swiftFiles.map(\.path))
            let swift = SwiftBlueprintReading.read(
                swiftFiles, blueprints: blueprintPaths, code: code.filter(readable.contains),
                providerNames: config.providers.map(\.name))
            read.code = swift.code
            read.blueprints += swift.blueprints
            diagnostics += swift.diagnostics
            read.unread += swift.unreadFiles
            read.unknownSwitchDefaults = swift.unknownSwitchDefaults
        }
        return read
    }

    /// Keys across files, features, products, expressions: what the blueprints declare together.
    mutating func checkBlueprints(_ blueprints: [Blueprint], config: WorkspaceConfig) -> WorkspaceChecks {
        let fileSystem = fileSystem
        let blueprintFiles = filesRead
        var checks = WorkspaceChecks(config: config, blueprints: blueprints) { path in
            blueprintFiles[path].flatMap { Self.sourceText(of: $0, shownAs: path, fileSystem: fileSystem) }
        }
        checks.run()
        diagnostics.append(contentsOf: checks.diagnostics)
        return checks
    }

    /// Any `context/*` key a provider sets is part of the simulated device (docs/context.md): text.
    static func addContextKeys(
        setBy providers: [ProviderData], to flags: inout OrderedDictionary<String, FlagDefinition>
    ) {
        for provider in providers {
            for key in provider.keyOrder where key.hasPrefix(ContextKeys.prefix) && flags[key] == nil {
                let origin = SourceReference(
                    file: provider.displayPath, location: provider.entries[key]?.location ?? .start)
                flags[key] = WorkspaceChecks.contextDefinition(key, origin: origin)
            }
        }
    }

    /// Every attribute a rule reads is a key of the simulated device, set or not (docs/rules.md).
    /// Only the keys and their first readers now: the whole index waits until it is read. In key
    /// order, as the Context branch lists them.
    static func addRuleAttributes(
        of providers: [ProviderData], to flags: inout OrderedDictionary<String, FlagDefinition>
    ) {
        let firstReads = RuleAttributeIndex.firstReads(of: providers).sorted { $0.key < $1.key }
        for attribute in firstReads where flags[attribute.key] == nil {
            let reader = attribute.reader
            guard let provider = providers.first(where: { $0.config.name == reader.provider }) else { continue }
            let origin = SourceReference(file: provider.displayPath, location: reader.location ?? .start)
            flags[attribute.key] = WorkspaceChecks.contextDefinition(
                attribute.key, origin: origin,
                description: "Simulated device context, read by the rules of \(reader.flag)")
        }
    }

    /// Asks the servers of remote layers (or takes the answers at hand) and reads their answers
    /// into those layers. The other layers are read first: they resolve the context an OFREP
    /// server is asked with.
    func askServers(
        for workspace: Workspace, into providers: inout [ProviderData],
        flags: inout OrderedDictionary<String, FlagDefinition>, _ providerLoading: inout ProviderLoading
    ) -> [RemoteIdentity: RemoteAnswer] {
        let plans = RemotePlan.plans(for: workspace)
        let answering = RemoteAnswering(
            fetcher: fetcher, cache: RemoteCache(environment: environment), environment: environment)
        let answers: [RemoteIdentity: RemoteAnswer]
        switch remote {
        case .fetch: answers = answering.answers(plans)
        case .known(let known):
            answers = Dictionary(
                plans.map { ($0.identity, known[$0.identity] ?? answering.pending($0)) },
                uniquingKeysWith: { first, _ in first })
        }
        for index in providers.indices where providers[index].config.isRemote {
            let config = providers[index].config
            guard let answer = answers[RemoteIdentity(config)] else { continue }
            providers[index] = providerLoading.loadRemote(config, answer: answer, flags: flags)
        }
        Self.addContextKeys(setBy: providers.filter(\.config.isRemote), to: &flags)
        return answers
    }

    /// Instead of a warning for every key a blueprint that cannot be read would declare: one note
    /// per provider file saying its keys wait for the blueprints.
    static func uncheckedKeyNotes(_ unknownKeys: [UnknownKey], unreadBlueprints: [String]) -> [Diagnostic] {
        guard let first = unreadBlueprints.first else { return [] }
        let blueprints =
            unreadBlueprints.count == 1
            ? first : "\(first) and \(Plural.count(unreadBlueprints.count - 1, "other blueprint"))"
        var counts: OrderedDictionary<String, Int> = [:]
        for key in unknownKeys { counts[key.file, default: 0] += 1 }
        return counts.map { file, count in
            .note(
                "\(Plural.count(count, "key")) not checked against the blueprints: \(blueprints) cannot be read",
                file: file, at: nil)
        }
    }

    /// A note that the writable provider's file does not exist (yet), at its `path:` value: the
    /// first edit creates it, so a typo in the path would silently start a new file.
    static func missingWritableNote(_ provider: ProviderData) -> Diagnostic? {
        guard provider.status == .missing, provider.config.writable else { return nil }
        return .note(
            "\(provider.displayPath) does not exist; it will be created on the first write to '\(provider.config.name)' (check the path if you expected an existing file)",
            file: provider.config.origin.file, at: provider.config.pathLocation ?? provider.config.origin.location)
    }

    /// The client used when remote providers are fetched now.
    private var fetcher: any RemoteFetcher {
        if case .fetch(let fetcher) = remote { return fetcher }
        return HTTPRemoteFetcher()
    }

    /// Reads and parses one file (refused when larger than `limit` bytes); problems become diagnostics.
    /// `limit` is the workspace's own (`limits: { fileSize: }`), except for the workspace file.
    mutating func read(_ url: URL, displayPath: String, limit: Int64? = nil) -> SourceNode? {
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.contents(of: url, limit: limit ?? FileSizeLimit.defaultBytes)
        } catch {
            let reason = FileErrorText.describe(error, raisable: limit != nil)
            diagnostics.append(.error("cannot read file: \(reason)", file: displayPath, at: nil))
            return nil
        }
        filesRead[displayPath] = url
        do {
            return try DocumentReader.parse(bytes, as: DocumentReader.Syntax(path: url.path))
        } catch {
            diagnostics.append(.error(error.message, file: displayPath, at: error.location))
            quoted[displayPath] = SourceText(path: displayPath, bytes: bytes, keepingLines: [error.location.line])
            return nil
        }
    }

    /// The text diagnostics about `path` quote: the lines kept when it was read, when they are
    /// all the lines needed, else the file read again.
    static func quotable(
        _ path: String, diagnostics: [Diagnostic], quoted: [String: SourceText], filesRead: [String: URL],
        fileSystem: FileSystem
    ) -> SourceText? {
        if let source = quoted[path],
            diagnostics.allSatisfy({ $0.file != path || $0.location.map { source.line($0.line) != nil } ?? true })
        {
            return source
        }
        return filesRead[path].flatMap { sourceText(of: $0, shownAs: path, fileSystem: fileSystem) }
    }

    /// A file's text for quoting, read again (a file that has since gone quotes nothing).
    static func sourceText(of url: URL, shownAs path: String, fileSystem: FileSystem) -> SourceText? {
        (try? fileSystem.contents(of: url)).map { SourceText(path: path, text: String(decoding: $0, as: UTF8.self)) }
    }

    /// Expands the blueprint patterns: globs are matched, plain paths must exist.
    mutating func blueprintPaths(_ config: WorkspaceConfig) -> [String] {
        expand(config.blueprintPatterns, extensions: ["yml", "yaml", "json", "swift"], what: "blueprint file")
    }

    /// The `.swift` files `code:` names (docs/code.md), else the Swift blueprints.
    mutating func codePaths(_ config: WorkspaceConfig, blueprints: [String]) -> [String] {
        guard let patterns = config.codePatterns else {
            return blueprints.filter { $0.lowercased().hasSuffix(".swift") }
        }
        return expand(patterns, extensions: ["swift"], what: "code file")
    }

    /// The files `patterns` name: each glob's matches with one of `extensions` (a glob matching
    /// none is a warning), each plain path that exists (one that does not is an error).
    private mutating func expand(
        _ patterns: [(pattern: String, origin: SourceReference)], extensions: [String], what: String
    ) -> [String] {
        var paths: OrderedSet<String> = []
        for (pattern, origin) in patterns {
            let isGlob = pattern.contains { "*?[".contains($0) }
            if isGlob {
                let matches = fileSystem.glob(pattern, in: folder).filter {
                    extensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased())
                }
                if matches.isEmpty, let problem = fileSystem.folderProblem(forGlob: pattern, in: folder) {
                    // Said instead of "matches no file": the folder may hold the files.
                    diagnostics.append(
                        .error(
                            "'\(pattern)' cannot be matched: cannot read the folder \(problem.folder): \(problem.error)",
                            file: origin.file, at: origin.location))
                    continue
                }
                if matches.isEmpty {
                    let names = extensions.map { "." + $0 }
                    let listed =
                        names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
                    diagnostics.append(
                        .warning("'\(pattern)' matches no \(listed) file", file: origin.file, at: origin.location))
                }
                for match in matches {
                    paths.append(
                        WorkspacePath.displayPath(of: WorkspacePath.url(ofPath: match, in: folder), in: folder))
                }
            } else {
                let url = WorkspacePath.url(ofPath: pattern, in: folder)
                guard fileSystem.fileExists(at: url) else {
                    diagnostics.append(
                        .error("\(what) '\(pattern)' does not exist", file: origin.file, at: origin.location))
                    continue
                }
                paths.append(WorkspacePath.displayPath(of: url, in: folder))
            }
        }
        return Array(paths)
    }
}
