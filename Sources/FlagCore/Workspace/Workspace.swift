import Foundation
import OrderedCollections

/// Everything a workspace declares, loaded and checked: blueprints, flags by key, features,
/// products and the provider stack, with every diagnostic found along the way.
package struct Workspace: Sendable {
    /// The workspace file and provider stack.
    package var config: WorkspaceConfig
    /// The blueprint files, in the order their patterns list them.
    package var blueprints: [Blueprint]
    /// Every key by full key: declared flags, then generated feature switches and context keys.
    package var flags: OrderedDictionary<String, FlagDefinition>
    /// Every feature, depth-first in declaration order, by key.
    package var features: OrderedDictionary<String, FeatureDefinition>
    /// Products by entry name.
    package var products: OrderedDictionary<String, Product>
    /// Parsed `computed:` expressions by flag key (only those that parse and type-check).
    package var expressions: [String: Expression]
    /// The provider stack's contents, highest priority first.
    package var providers: [ProviderData]
    /// Keys that providers set and no blueprint declares.
    package var unknownKeys: [UnknownKey]
    /// The environment `env` providers read (kept so a reload sees the same one).
    package var environment: [String: String]
    /// Every problem found, in no particular order (see ``Diagnostic/sortedForReading()``).
    package var diagnostics: [Diagnostic]
    /// The text of every file a diagnostic points into, for quoting its line.
    package var sources: [String: SourceText]
    /// The answers the remote layers show, so a reload can reuse them instead of asking again.
    package var remoteAnswers: [RemoteIdentity: RemoteAnswer] = [:]
    /// Blueprint files that could not be read (syntax errors): until they can, provider keys
    /// are not called undeclared.
    package var unreadBlueprints: [String] = []
    /// Every blueprint file the patterns named, read or not: a Swift blueprint's flags may come
    /// from several files, and each one changing reloads the browser.
    package var blueprintFiles: [String] = []
    /// Every `context/*` attribute that some rule of the stack reads (docs/rules.md), ordered by key,
    /// with the rules that read it and what they compare it with. Each is a key in ``flags``,
    /// set or not, so it can be shown and edited like any context key.
    package var ruleAttributes: [RuleAttribute] { ruleAttributeIndex.attributes }
    /// The index behind ``ruleAttributes``, built when first read.
    fileprivate var ruleAttributeIndex = LazyRuleAttributes(providers: [])
    /// The `--context` layer on top of the stack, when one was given (docs/rules.md): kept so that
    /// every reload puts it back.
    package var contextLayer: ContextLayer?

    /// The workspace folder.
    package var folder: URL { config.folder }

    /// Whether any diagnostic is an error.
    package var hasErrors: Bool { diagnostics.containsErrors }

    /// Loads the workspace file at `url` and everything it names. Never throws: problems are diagnostics.
    /// `environment` feeds `env` providers, remote tokens and the cache location (the process
    /// environment by default); `remote` says whether remote providers are fetched now (waiting
    /// at most their timeouts) or shown from answers already at hand. `context`, when given and
    /// not empty, is an in-memory layer named `--context` on top of the stack.
    package static func load(
        from url: URL, fileSystem: FileSystem = LocalFileSystem(),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        remote: RemoteSource = .fetch(HTTPRemoteFetcher()), context: ContextLayer? = nil
    ) -> Workspace {
        var loader = WorkspaceLoading(
            fileSystem: fileSystem, workspaceFile: url, environment: environment, remote: remote,
            context: context?.isEmpty == false ? context : nil)
        return loader.load()
    }

    /// Whether any provider reads a server.
    package var hasRemoteProviders: Bool { config.providers.contains(where: \.isRemote) }

    /// The definition of a key: a declared or generated one, or for any other `context/*` key
    /// (docs/blueprints.md#features: text, or the permission and purchase states) one made on the spot.
    package func definition(for key: String) -> FlagDefinition? {
        if let flag = flags[key] { return flag }
        let origin = SourceReference(file: Workspace.displayPath(of: config.file, in: folder), location: .start)
        return WorkspaceChecks.contextDefinition(key, origin: origin)
    }

    /// The provider that edits are written to, with its data.
    package var writableProvider: ProviderData? { providers.first { $0.config.writable } }

    /// A renderer that can quote this workspace's files.
    package var diagnosticRenderer: DiagnosticRenderer { DiagnosticRenderer(sources: sources) }

    /// A renderer that shows paths relative to `directory` (the current folder), for people.
    package func diagnosticRenderer(from directory: URL) -> DiagnosticRenderer {
        DiagnosticRenderer(sources: sources, paths: shownPaths(from: directory))
    }

    /// Diagnostic paths as seen from `directory`.
    package func shownPaths(from directory: URL) -> ShownPaths {
        // Layers that read no file are named by what they read (the environment, a server).
        let pseudoFiles = providers.filter { $0.config.format == .env || $0.config.isRemote || $0.config.path == nil }
            .map(\.displayPath)
        return ShownPaths(workspaceFolder: folder, currentDirectory: directory, pseudoFiles: Set(pseudoFiles))
    }

    /// A path as the workspace file writes it (`path:`, a blueprint), made a URL: an absolute
    /// path is used as is, a relative one is relative to the workspace folder (docs/workspace.md).
    package static func url(ofPath path: String, in folder: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL : folder.appendingPathComponent(path)
    }

    /// A path as diagnostics show it: relative to the workspace folder when inside it.
    package static func displayPath(of url: URL, in folder: URL) -> String {
        let base = folder.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
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

    mutating func load() -> Workspace {
        let displayPath = Workspace.displayPath(of: workspaceFile, in: folder)
        var config = WorkspaceConfig(file: workspaceFile, blueprintPatterns: [], providers: [])
        if let root = read(workspaceFile, displayPath: displayPath) {
            config = WorkspaceConfig.load(
                root, file: workspaceFile, displayPath: displayPath, diagnostics: &diagnostics)
        }
        var blueprints: [Blueprint] = []
        var unreadBlueprints: [String] = []
        let paths = blueprintPaths(config)
        var swiftFiles: [(path: String, text: String)] = []
        for path in paths {
            let url = Workspace.url(ofPath: path, in: folder)
            // Swift sources are read together once all are at hand (docs/blueprints.md#swift-sources-as-blueprints): a collection's
            // nested types may be declared in another file.
            if url.pathExtension.lowercased() == "swift" {
                do {
                    let bytes = try fileSystem.contents(of: url, limit: config.fileSizeLimit)
                    swiftFiles.append((path, String(decoding: bytes, as: UTF8.self)))
                    filesRead[path] = url
                } catch {
                    diagnostics.append(
                        .error("cannot read file: \(FileProblem.describe(error, raisable: true))", file: path, at: nil))
                    unreadBlueprints.append(path)
                }
                continue
            }
            guard let root = read(url, displayPath: path, limit: config.fileSizeLimit) else {
                unreadBlueprints.append(path)
                continue
            }
            var loader = BlueprintLoader(file: path)
            if let blueprint = loader.load(root) { blueprints.append(blueprint) } else { unreadBlueprints.append(path) }
            diagnostics.append(contentsOf: loader.diagnostics)
        }
        var unknownSwitchDefaults: [String: String] = [:]
        if !swiftFiles.isEmpty {
            let swift = SwiftBlueprintReading.read(swiftFiles, providerNames: config.providers.map(\.name))
            blueprints += swift.blueprints
            diagnostics += swift.diagnostics
            unreadBlueprints += swift.unreadFiles
            unknownSwitchDefaults = swift.unknownSwitchDefaults
        }
        let fileSystem = fileSystem
        let blueprintFiles = filesRead
        var checks = WorkspaceChecks(config: config, blueprints: blueprints) { path in
            blueprintFiles[path].flatMap { Self.sourceText(of: $0, shownAs: path, fileSystem: fileSystem) }
        }
        checks.run()
        diagnostics.append(contentsOf: checks.diagnostics)

        var providerLoading = ProviderLoading(fileSystem: fileSystem, folder: folder, environment: environment)
        providerLoading.fileSizeLimit = config.fileSizeLimit
        providerLoading.warnsOfUndeclaredKeys = unreadBlueprints.isEmpty
        var flags = checks.flags
        // A Flint `isEnabled` that is code: its switch key keeps no default, and says what is written.
        for (key, source) in unknownSwitchDefaults {
            flags[key]?.defaultValue = nil
            flags[key]?.unknownDefault = source
        }
        var providers = providerLoading.load(config.providers, flags: flags)
        // The `--context` layer is on top of everything, and read from memory only.
        if let context { providers.insert(context.providerData(flags: flags), at: 0) }
        // Any `context/*` key a provider sets is part of the simulated device (docs/blueprints.md#features): text.
        func addContextKeys(of providers: [ProviderData]) {
            for provider in providers {
                for key in provider.keyOrder where key.hasPrefix(ContextKeys.prefix) && flags[key] == nil {
                    let origin = SourceReference(
                        file: provider.displayPath, location: provider.entries[key]?.location ?? .start)
                    flags[key] = WorkspaceChecks.contextDefinition(key, origin: origin)
                }
            }
        }
        addContextKeys(of: providers)
        // Every attribute a rule reads is a key of the simulated device, set or not (docs/rules.md).
        // Only the keys and their first readers now: the whole index waits until it is read.
        // In key order, as the Context branch lists them.
        let firstReads = RuleAttributeIndex.firstReads(of: providers).sorted { $0.key < $1.key }
        for attribute in firstReads where flags[attribute.key] == nil {
            let reader = attribute.reader
            guard let provider = providers.first(where: { $0.config.name == reader.provider }) else { continue }
            let origin = SourceReference(file: provider.displayPath, location: reader.location ?? .start)
            flags[attribute.key] = WorkspaceChecks.contextDefinition(
                attribute.key, origin: origin,
                description: "Simulated device context, read by the rules of \(reader.flag)")
        }
        let ruleAttributeIndex = LazyRuleAttributes(providers: providers)
        var workspace = Workspace(
            config: config, blueprints: blueprints, flags: flags, features: checks.features,
            products: checks.products, expressions: checks.expressions, providers: providers,
            unknownKeys: [], environment: environment, diagnostics: [], sources: [:])
        if workspace.hasRemoteProviders {
            // The other layers are read first: they resolve the context an OFREP server is asked with.
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
            addContextKeys(of: providers.filter(\.config.isRemote))
            workspace.remoteAnswers = answers
        }
        let unknownKeys = providerLoading.check(providers, flags: flags)
        diagnostics.append(contentsOf: providerLoading.diagnostics)
        diagnostics.append(contentsOf: Self.uncheckedKeyNotes(unknownKeys, unreadBlueprints: unreadBlueprints))
        if let writable = providers.first(where: \.config.writable), let note = Self.missingWritableNote(writable) {
            diagnostics.append(note)
        }
        filesRead.merge(providerLoading.filesRead) { current, _ in current }
        quoted.merge(providerLoading.quoted) { current, _ in current }
        workspace.flags = flags
        workspace.providers = providers
        workspace.unknownKeys = unknownKeys
        workspace.unreadBlueprints = unreadBlueprints
        workspace.blueprintFiles = paths
        workspace.ruleAttributeIndex = ruleAttributeIndex
        workspace.contextLayer = context
        workspace.diagnostics = diagnostics
        for path in Set(diagnostics.map(\.file)) {
            workspace.sources[path] = Self.quotable(
                path, diagnostics: diagnostics, quoted: quoted, filesRead: filesRead, fileSystem: fileSystem)
        }
        return workspace
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
            let reason = FileProblem.describe(error, raisable: limit != nil)
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
        var paths: OrderedSet<String> = []
        let extensions = ["yml", "yaml", "json", "swift"]
        for (pattern, origin) in config.blueprintPatterns {
            let isGlob = pattern.contains { "*?[".contains($0) }
            if isGlob {
                let matches = fileSystem.glob(pattern, in: folder).filter {
                    extensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased())
                }
                if matches.isEmpty, let problem = fileSystem.folderProblem(forGlob: pattern, in: folder) {
                    // Said instead of "matches no file": the folder may hold the blueprints.
                    diagnostics.append(
                        .error(
                            "'\(pattern)' cannot be matched: cannot read the folder \(problem.folder): \(problem.error)",
                            file: origin.file, at: origin.location))
                    continue
                }
                if matches.isEmpty {
                    diagnostics.append(
                        .warning(
                            "'\(pattern)' matches no .yml, .yaml, .json or .swift file",
                            file: origin.file, at: origin.location))
                }
                for match in matches {
                    paths.append(Workspace.displayPath(of: Workspace.url(ofPath: match, in: folder), in: folder))
                }
            } else {
                let url = Workspace.url(ofPath: pattern, in: folder)
                guard fileSystem.fileExists(at: url) else {
                    diagnostics.append(
                        .error(
                            "blueprint file '\(pattern)' does not exist",
                            file: origin.file, at: origin.location))
                    continue
                }
                paths.append(Workspace.displayPath(of: url, in: folder))
            }
        }
        return Array(paths)
    }
}
