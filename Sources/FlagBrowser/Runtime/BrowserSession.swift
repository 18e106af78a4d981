import FlagCore
import Foundation

/// Runs the reducer and has its effects performed against a workspace on a file system: the
/// part of the run loop that both the terminal and the headless snapshot share. It owns the
/// state and the effect runner, and is the run loop's way in: keys and actions, polls between
/// frames, and what the user asked of the terminal.
package struct BrowserSession: Sendable {
    /// The state.
    package private(set) var state: BrowserState
    /// Performs the effects, and holds what they change outside the state.
    private var runner: EffectRunner
    /// The server sharing the process, when the browser serves (docs/serve.md).
    package let serving: BrowserServing?
    /// Set when the user quit.
    package private(set) var finished = false
    /// Counts model replacements (writes, reloads), so the run loop knows when to re-watch files.
    package private(set) var generation = 0
    /// The generation last handed to the server.
    private var publishedGeneration = -1

    /// How remote providers are fetched.
    package enum RemoteMode: Sendable {
        /// Inline, before the first frame and on `r`: a headless run is deterministic, like the CLI.
        case synchronous(any RemoteFetcher)
        /// On a thread: the first frame shows cached values (or "fetching…") at once, and the
        /// run loop collects answers with ``pollRemote(now:)``, which also refetches on schedule.
        case background(any RemoteFetcher)
    }

    /// Loads the workspace and builds the first state. `device` is the device profile made
    /// active at every load (docs/devices.md); `now`, the moment staleness is judged against.
    package init(
        workspaceFile: URL, fileSystem: FileSystem = LocalFileSystem(),
        environment: [String: String] = ProcessInfo.processInfo.environment, width: Int, height: Int, now: Date? = nil,
        remote: RemoteMode = .synchronous(HTTPRemoteFetcher()), context: ContextLayer? = nil, device: String? = nil,
        serving: BrowserServing? = nil
    ) {
        self.serving = serving
        runner = EffectRunner(
            source: WorkspaceSource(
                file: workspaceFile, fileSystem: fileSystem, environment: environment, context: context),
            now: now, devices: DeviceSelection(simulated: device, serving: serving),
            remote: RemoteSchedule(mode: remote))
        let workspace = runner.firstWorkspace()
        state = BrowserState(
            model: BrowserModel(workspace: workspace, now: now ?? Date()), width: width, height: height)
        state.status = runner.openingMessage(workspace)
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
        runner.perform(effect, on: state.model)
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

    /// The file the user asked to open since the last call (and forgets it); the run loop hands
    /// the terminal to the editor, and takes it back.
    package mutating func takeOpenRequest() -> EditorLaunch? {
        defer { runner.requests.open = nil }
        return runner.requests.open
    }

    /// The text the user asked to copy since the last call (and forgets it); the run loop hands
    /// it to the terminal's clipboard (OSC 52).
    package mutating func takeCopyRequest() -> String? {
        defer { runner.requests.copy = nil }
        return runner.requests.copy
    }

    /// Whether the user asked to suspend since the last call (and forgets it); a headless run
    /// ignores it.
    package mutating func takeSuspendRequest() -> Bool {
        defer { runner.requests.suspend = false }
        return runner.requests.suspend
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
        runner.loadModel(keeping: state.model)
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
        guard let serving, runner.devices.live != nil else { return }
        let asks = serving.take()
        guard !asks.isEmpty else { return }
        let changed = runner.devices.take(asks)
        send(.asked(asks, model: changed ? runner.model(of: state.model.workspace) : nil))
    }

    // MARK: Remote providers

    /// Background mode: takes in a finished fetch, then starts one when a provider is due — never
    /// asked yet, its `refresh` interval passed, or its OFREP context changed. The run loop calls
    /// this between frames; it never waits for the network.
    package mutating func pollRemote(now: Date = Date()) {
        guard runner.remote.isBackground else { return }
        if let fetched = runner.collectFetched(state.model) { send(fetched) }
        if let started = runner.fetchDue(state.model, now: now) { send(started) }
    }
}
