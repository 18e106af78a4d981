import FlagCore
import Foundation
import OrderedCollections

/// Runs the reducer and performs its effects against a workspace on a file system: the part of
/// the run loop that both the terminal and the headless snapshot share.
package struct BrowserSession: Sendable {
    /// The state.
    package private(set) var state: BrowserState
    /// The workspace file.
    package let workspaceFile: URL
    /// Files are read and written through this.
    package let fileSystem: FileSystem
    /// The environment env providers read.
    package let environment: [String: String]
    /// The `--context` layer put on top of the stack at every load, when one was given.
    package let context: ContextLayer?
    /// The device profile made active at every load (docs/devices.md), by the name given.
    package var device: String?
    /// The device profile pinned for comparison (`c`), by name, compared again with every model.
    package private(set) var comparedDevice: String?
    /// Set when the user quit.
    package private(set) var finished = false
    /// Text the user asked to copy (`y` on an export); the terminal run loop takes it with
    /// ``takeCopyRequest()`` and hands it to the terminal's clipboard (OSC 52).
    package private(set) var copyRequest: String?
    /// A file the user asked to open (`o`); the terminal run loop takes it with
    /// ``takeOpenRequest()``, hands the terminal to the editor, and takes it back.
    package private(set) var openRequest: EditorLaunch?
    /// Set when the user asked to suspend (Ctrl-Z); the terminal run loop takes it with
    /// ``takeSuspendRequest()``, a headless run ignores it.
    package private(set) var suspendRequested = false
    /// Counts model replacements (writes, reloads), so the run loop knows when to re-watch files.
    package private(set) var generation = 0
    /// The server sharing the process, when the browser serves (docs/serve.md).
    package let serving: BrowserServing?
    /// The devices that asked it, and when each last asked (the least recent goes past the bound).
    private var liveDevices: ServedDevices?
    private var liveLastSeen: [String: Date] = [:]
    /// The live device whose view is shown (Enter on its row), by name.
    private var shownLive: String?
    /// The generation last handed to the server.
    private var publishedGeneration = -1

    /// The moment staleness is judged against (fixed in tests so golden screens do not age).
    package let now: Date?

    /// How remote providers are fetched.
    package enum RemoteMode: Sendable {
        /// Inline, before the first frame and on `r`: a headless run is deterministic, like the CLI.
        case synchronous(any RemoteFetcher)
        /// On a thread: the first frame shows cached values (or "fetching…") at once, and the
        /// run loop collects answers with ``pollRemote(now:)``, which also refetches on schedule.
        case background(any RemoteFetcher)
    }

    /// How remote providers are fetched.
    package let remoteMode: RemoteMode
    /// The fetch under way in background mode.
    private let background = BackgroundFetch()
    /// When each remote provider was last asked (background mode: for `refresh`).
    private var lastAsked: [RemoteIdentity: Date] = [:]
    /// What each remote provider was last asked with (an OFREP context), to notice a change.
    private var askedWith: [RemoteIdentity: [UInt8]] = [:]

    /// Loads the workspace and builds the first state.
    package init(
        workspaceFile: URL, fileSystem: FileSystem = LocalFileSystem(),
        environment: [String: String] = ProcessInfo.processInfo.environment, width: Int, height: Int, now: Date? = nil,
        remote: RemoteMode = .synchronous(HTTPRemoteFetcher()), context: ContextLayer? = nil, device: String? = nil,
        serving: BrowserServing? = nil
    ) {
        self.serving = serving
        liveDevices = serving.map { ServedDevices(address: $0.address) }
        self.workspaceFile = workspaceFile
        self.fileSystem = fileSystem
        self.environment = environment
        self.context = context
        self.device = device
        self.now = now
        remoteMode = remote
        let source: RemoteSource
        switch remote {
        case .synchronous(let fetcher): source = .fetch(fetcher)
        case .background: source = .known([:])
        }
        var workspace = Workspace.load(
            from: workspaceFile, fileSystem: fileSystem, environment: environment, remote: source, context: context,
            device: device)
        workspace.served = liveDevices
        state = BrowserState(
            model: BrowserModel(workspace: workspace, now: now ?? Date()), width: width, height: height)
        if case .synchronous = remote {
            for plan in RemotePlan.plans(for: workspace) { askedWith[plan.identity] = plan.requestBody ?? [] }
        }
        // A server that did not answer is not a problem of the workspace: its layer and the status line say so.
        let problems = workspace.diagnostics.filter { $0.severity == .error && $0.provider == nil }
        if let first = problems.first {
            state.status = StatusMessage(
                "\(problems.count) error\(problems.count == 1 ? "" : "s") in the workspace: \(first.headline) (flagscope validate)",
                .error)
        } else if case .synchronous = remote {
            state.status = Self.fetchMessage(workspace.remoteAnswers, in: workspace, reason: .startup)
        }
        publish()
    }

    /// Sends an action; effects are performed at once and their answers sent back.
    package mutating func send(_ action: Action) {
        var pending = [action]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            switch next {
            case .loaded, .wrote, .fetched: generation += 1
            default: break
            }
            for effect in Reducer.reduce(&state, next) {
                if effect == .quit { finished = true }
                if let answer = perform(effect) { pending.append(answer) }
            }
        }
        publish()
    }

    /// Every file the workspace reads (``Workspace/watchedFiles``): a change reloads it.
    package var watchedFiles: [URL] { state.model.workspace.watchedFiles }

    /// Performs one effect and returns the action that answers it.
    package mutating func perform(_ effect: Effect) -> Action? {
        switch effect {
        case .quit:
            return nil
        case .suspend:
            suspendRequested = true
            return nil
        case .reload:
            return .loaded(loadModel(), message: StatusMessage("reloaded from disk"))
        case .saveDevice(let name):
            // Written first, so the load lists it.
            let message = saveDevice(named: name)
            return .loaded(loadModel(), message: message)
        case .showLive(let name):
            shownLive = name
            let model = self.model(of: state.model.workspace)
            guard let live = model.workspace.liveDevice else {
                return .loaded(
                    model, message: StatusMessage("no live device shown: the stack as the browser simulates it"))
            }
            return .loaded(
                model,
                message: StatusMessage(
                    "showing what \(live.name) gets (its \(live.layerName) layer on top); Enter again: back"
                ))
        case .export(let format, let keys):
            guard let format = ExportReport.Format(rawValue: format) else { return nil }
            var options = ExportReport.Options(format: format)
            options.keys = keys
            do {
                let report = try ExportReport(workspace: state.model.workspace, options: options)
                let pane = ExportPane(
                    format: format.rawValue, text: report.text, keyCount: report.keys.count,
                    refused: report.refused.map { "\($0.key): \($0.reason)" })
                let left =
                    report.refused.isEmpty ? "" : "; \(Plural.count(report.refused.count, "key")) left out (listed)"
                return .exported(
                    pane,
                    message: StatusMessage(
                        "\(format.rawValue): \(Plural.count(report.keys.count, "override")) of the view\(left) — y copies, w writes a file"
                    ))
            } catch {
                return .exported(nil, message: StatusMessage("cannot export: \(error.description)", .error))
            }
        case .copy(let text):
            copyRequest = text
            let lines = text.split(separator: "\n").count
            let what = lines == 1 ? TerminalText.capped(text, limit: 60) : Plural.count(lines, "line")
            return .said(StatusMessage("copied \(what) (OSC 52)"))
        case .open(let file, let line):
            let url = WorkspacePath.url(ofPath: file, in: state.model.workspace.folder)
            guard fileSystem.fileExists(at: url) else {
                return .said(StatusMessage("nothing to open: \(file) is not a file on this disk", .error))
            }
            let launch = EditorLaunch(environment: environment, file: url, shown: file, line: line)
            openRequest = launch
            return .said(StatusMessage("opened \(launch.description)"))
        case .writeExport(let path, let text):
            let url = WorkspacePath.url(ofPath: path, in: state.model.workspace.folder)
            guard !fileSystem.fileExists(at: url) else {
                return .said(StatusMessage("not written: \(path) exists; w again with another name", .error))
            }
            do {
                try fileSystem.createDirectory(url.deletingLastPathComponent())
                let temporary = try fileSystem.writeTemporary(Array(text.utf8), beside: url, permissions: 0o644)
                try fileSystem.replace(url, with: temporary)
            } catch {
                return .said(StatusMessage("not written: \(path): \(FileErrorText.describe(error))", .error))
            }
            return .said(StatusMessage("wrote \(path) in the workspace folder"))
        case .adoptLive(let name):
            let message = adoptLive(named: name)
            return .loaded(loadModel(), message: message)
        case .compare(let name):
            comparedDevice = name
            let model = compared(state.model)
            guard let name else { return .loaded(model, message: StatusMessage("comparing with no device")) }
            guard let comparison = model.comparison else {
                let reason =
                    state.model.workspace.devices.contains { $0.name == name }
                    ? "a provider asks its server with the device's context, so each device needs its own fetch: `flagscope diff` asks for both"
                    : "no device profile is named \(name)"
                comparedDevice = nil
                return .loaded(model, message: StatusMessage("cannot compare with \(name): \(reason)", .error))
            }
            return .loaded(model, message: StatusMessage("\(comparison.summary): ≠ marks the rows, F shows only them"))
        case .simulate(let name):
            device = name
            let model = simulatedModel()
            let workspace = model.workspace
            if let error = workspace.deviceChoiceError {
                return .loaded(model, message: StatusMessage(error.description, .error))
            }
            guard let profile = workspace.activeDevice else {
                return .loaded(model, message: StatusMessage("no device simulated: the stack as its files say"))
            }
            let above = workspace.writableProvider.map { "below \($0.config.name), where what-if edits go" } ?? "on top"
            return .loaded(
                model, message: StatusMessage("simulating \(profile.name) (\(profile.file)): its layer is \(above)"))
        case .fetch:
            return fetch(RemotePlan.plans(for: state.model.workspace), reason: .user)
        case .write(let request):
            let editor = FlagEditor(workspace: state.model.workspace, fileSystem: fileSystem)
            do {
                let report = try editor.apply(request.changes, removeAll: request.removeAll)
                let line = report.statusLine
                let model =
                    report.rereadOnly
                    ? compared(state.model.updated(afterRereading: report.provider, in: report.workspace))
                    : self.model(of: report.workspace)
                return .wrote(
                    request,
                    .success(
                        WriteOutcome(model: model, message: StatusMessage(line.text, line.isWarning ? .warning : .info))
                    ))
            } catch {
                return .wrote(request, .failure(BrowserWriteError(error.description)))
            }
        }
    }

    /// Sends a key and reports whether the browser should keep running.
    package mutating func press(_ key: KeyEvent) -> Bool {
        let effects = Reducer.reduce(&state, .key(key))
        if effects.contains(.quit) {
            finished = true
            return false
        }
        for effect in effects {
            if let answer = perform(effect) { send(answer) }
        }
        return !finished
    }

    /// The file the user asked to open since the last call (and forgets it).
    package mutating func takeOpenRequest() -> EditorLaunch? {
        defer { openRequest = nil }
        return openRequest
    }

    /// The text the user asked to copy since the last call (and forgets it).
    package mutating func takeCopyRequest() -> String? {
        defer { copyRequest = nil }
        return copyRequest
    }

    /// Whether the user asked to suspend since the last call (and forgets it).
    package mutating func takeSuspendRequest() -> Bool {
        defer { suspendRequested = false }
        return suspendRequested
    }

    /// Shows `message` on the status line, unless the workspace's own error is shown there:
    /// what a command did or warns of just before the browser's screen covered the terminal.
    package mutating func greet(_ message: StatusMessage) {
        guard state.status?.kind != .error else { return }
        apply(.loaded(state.model, message: message))
    }

    /// Sends a non-key action.
    package mutating func apply(_ action: Action) {
        send(action)
    }

    /// A fresh model from disk; remote layers keep the answers they have (fetching is separate).
    package func loadModel() -> BrowserModel {
        loadModel(answers: state.model.workspace.remoteAnswers)
    }

    private func loadModel(answers: [RemoteIdentity: RemoteAnswer]) -> BrowserModel {
        let workspace = Workspace.load(
            from: workspaceFile, fileSystem: fileSystem, environment: environment, remote: .known(answers),
            context: context, device: device)
        return model(of: workspace)
    }

    /// The model of `workspace` as the browser shows it: with the live devices, the shown one's
    /// layer on top, compared with the pinned device.
    private func model(of workspace: Workspace) -> BrowserModel {
        var workspace = workspace
        workspace.served = liveDevices
        let live = shownLive.flatMap { liveDevices?.devices[$0] }
        if workspace.liveDevice != live {
            workspace =
                workspace.simulating(device: workspace.activeDevice, context: workspace.contextLayer, live: live)
                ?? workspace
        }
        return compared(BrowserModel(workspace: workspace, now: now ?? Date()))
    }

    /// The model for ``device``: the layers swapped in the workspace already loaded, nothing read
    /// again (a switch costs what a context edit does); a load where a server must be asked.
    private func simulatedModel() -> BrowserModel {
        let workspace = state.model.workspace
        let profile = device.flatMap { try? workspace.devices.choose($0).get() }
        guard device == nil || profile != nil,
            let simulated = workspace.simulating(device: profile, context: workspace.contextLayer)
        else { return loadModel() }
        return model(of: simulated)
    }

    /// `model` compared with ``comparedDevice`` (docs/devices.md), unless none is pinned, the
    /// profile is gone, or a server would have to be asked with the other device's context.
    private func compared(_ model: BrowserModel) -> BrowserModel {
        guard let name = comparedDevice else { return model.comparison == nil ? model : model.comparing(nil, in: nil) }
        let workspace = model.workspace
        guard let profile = workspace.devices.first(where: { $0.name == name }),
            let other = workspace.simulating(device: profile, context: workspace.contextLayer)
        else { return model.comparing(nil, in: nil) }
        return model.comparing(profile, in: other)
    }

    /// Writes the simulated device — every `context/*` value the stack resolves — as a new
    /// profile; what to say. An existing file is never written over.
    private func saveDevice(named name: String) -> StatusMessage {
        let workspace = state.model.workspace
        var values: OrderedDictionary<String, FlagValue> = [:]
        let resolver = Resolver(workspace: workspace, tracingRuleSteps: false)
        for key in workspace.flags.keys where key.hasPrefix(ContextKeys.prefix) {
            if let value = resolver.resolve(key)?.value { values[key] = value }
        }
        return writeProfile(named: name, values: values, again: "S")
    }

    /// Writes a live device — the attributes its last request sent, as its layer reads them —
    /// as a new profile named for it; what to say.
    private func adoptLive(named name: String) -> StatusMessage {
        guard let device = liveDevices?.devices[name] else {
            return StatusMessage("not saved: no live device is named \(name)", .error)
        }
        let base = state.model.workspace
        let workspace =
            base.simulating(device: base.activeDevice, context: base.contextLayer, live: device) ?? base
        var values: OrderedDictionary<String, FlagValue> = [:]
        let resolver = Resolver(workspace: workspace, tracingRuleSteps: false)
        for key in device.context.attributes.keys {
            if let value = resolver.resolve(key)?.value { values[key] = value }
        }
        return writeProfile(named: name, values: values, again: "a")
    }

    /// Writes a new device profile of `values`; what to say. An existing file is never written over.
    private func writeProfile(named name: String, values: OrderedDictionary<String, FlagValue>, again key: String)
        -> StatusMessage
    {
        let workspace = state.model.workspace
        let file = DeviceProfile.newFile(named: name, in: workspace.config)
        let url = WorkspacePath.url(ofPath: file, in: workspace.folder)
        guard !fileSystem.fileExists(at: url) else {
            return StatusMessage("not saved: \(file) exists; \(key) again with another name", .error)
        }
        let text = DeviceProfile.text(name: name, values: values)
        do {
            try fileSystem.createDirectory(url.deletingLastPathComponent())
            let temporary = try fileSystem.writeTemporary(Array(text.utf8), beside: url, permissions: 0o644)
            try fileSystem.replace(url, with: temporary)
        } catch {
            return StatusMessage("not saved: \(file): \(FileErrorText.describe(error))", .error)
        }
        return StatusMessage(
            "saved \(name) as \(file): \(Plural.count(values.count, "attribute")); p simulates it")
    }

    /// The current frame.
    package func render() -> ScreenBuffer {
        Renderer.render(state, width: state.size.width, height: state.size.height)
    }

    // MARK: Serving

    /// Hands the server the workspace it answers from, when the model changed since it last did:
    /// the stack as the browser simulates it, without the shown live device's layer.
    private mutating func publish() {
        guard let serving, generation != publishedGeneration else { return }
        publishedGeneration = generation
        let workspace = state.model.workspace
        guard workspace.liveDevice != nil else { return serving.publish(workspace) }
        serving.publish(
            workspace.simulating(device: workspace.activeDevice, context: workspace.contextLayer) ?? workspace)
    }

    /// Takes in the devices that asked since the last call: their activity, and a new model when
    /// one is new or sent another context. The run loop calls this between frames.
    package mutating func pollLive() {
        guard let serving, var devices = liveDevices else { return }
        let asks = serving.take()
        guard !asks.isEmpty else { return }
        var changed = false
        for ask in asks {
            let name = ask.device.name
            liveLastSeen[name] = ask.at
            if devices.devices[name] != ask.device {
                devices.devices[name] = ask.device
                changed = true
            }
        }
        // A client that invents a name per request must not grow the tree without bound.
        while devices.devices.count > BrowserServing.deviceLimit,
            let oldest = devices.devices.keys.min(by: {
                (liveLastSeen[$0] ?? .distantPast) < (liveLastSeen[$1] ?? .distantPast)
            })
        {
            devices.devices[oldest] = nil
            liveLastSeen[oldest] = nil
            if shownLive == oldest { shownLive = nil }
        }
        liveDevices = devices
        send(.asked(asks, model: changed ? model(of: state.model.workspace) : nil))
    }

    // MARK: Remote providers

    /// Background mode: takes in a finished fetch, then starts one when a provider is due — never
    /// asked yet, its `refresh` interval passed, or its OFREP context changed. The run loop calls
    /// this between frames; it never waits for the network.
    package mutating func pollRemote(now: Date = Date()) {
        guard case .background = remoteMode else { return }
        if let finished = background.collect() {
            send(fetched(finished.answers, reason: finished.reason))
        }
        guard !background.isRunning else { return }
        var due: [RemotePlan] = []
        var reason = FetchReason.refresh
        for plan in RemotePlan.plans(for: state.model.workspace) {
            let identity = plan.identity
            guard let asked = lastAsked[identity] else {
                due.append(plan)
                reason = .startup
                continue
            }
            if let previous = askedWith[identity], previous != (plan.requestBody ?? []) {
                due.append(plan)
                if reason != .startup { reason = .context }
                continue
            }
            let refresh = plan.provider.remote?.refresh ?? 0
            if refresh > 0, now.timeIntervalSince(asked) >= refresh { due.append(plan) }
        }
        if !due.isEmpty, let started = fetch(due, reason: reason, now: now) { send(started) }
    }

    /// Fetches `plans`: at once in synchronous mode (answered with `.fetched`), else on a thread
    /// (answered with `.fetchStarted`, or nothing when a fetch is already under way).
    private mutating func fetch(_ plans: [RemotePlan], reason: FetchReason, now: Date = Date()) -> Action? {
        guard !plans.isEmpty else { return nil }
        let cache = RemoteCache(environment: environment)
        switch remoteMode {
        case .synchronous(let fetcher):
            for plan in plans { askedWith[plan.identity] = plan.requestBody ?? [] }
            let answering = RemoteAnswering(fetcher: fetcher, cache: cache, environment: environment)
            return fetched(answering.answers(plans), reason: reason)
        case .background(let fetcher):
            let answering = RemoteAnswering(fetcher: fetcher, cache: cache, environment: environment)
            guard background.start(plans, answering: answering, reason: reason) else { return nil }
            for plan in plans {
                lastAsked[plan.identity] = now
                askedWith[plan.identity] = plan.requestBody ?? []
            }
            return .fetchStarted(plans.map(\.provider.name))
        }
    }

    /// The model rebuilt with fresh answers, and what the status line says about them.
    private func fetched(_ answers: [RemoteIdentity: RemoteAnswer], reason: FetchReason) -> Action {
        let merged = state.model.workspace.remoteAnswers.merging(answers) { _, new in new }
        let model = loadModel(answers: merged)
        return .fetched(model, message: Self.fetchMessage(answers, in: model.workspace, reason: reason))
    }

    /// What the status line says about answers: every failure (an error), else which providers
    /// were fetched — only when the user is waiting for it (start, `r`); a periodic or
    /// context-driven refetch that went well keeps the status line as it was.
    static func fetchMessage(_ answers: [RemoteIdentity: RemoteAnswer], in workspace: Workspace, reason: FetchReason)
        -> StatusMessage?
    {
        let answered = workspace.config.providers.filter { answers[RemoteIdentity($0)] != nil }
        guard !answered.isEmpty else { return nil }
        let problems = answered.compactMap { config -> String? in
            guard let answer = answers[RemoteIdentity(config)], let problem = answer.problem else { return nil }
            return "\(config.name): \(problem.message)\(answer.isCached ? "; showing cached values" : "")"
        }
        if !problems.isEmpty { return StatusMessage(problems.joined(separator: " · "), .error) }
        switch reason {
        case .startup, .user: return StatusMessage("fetched \(answered.map(\.name).joined(separator: ", "))")
        case .refresh, .context: return nil
        }
    }
}
