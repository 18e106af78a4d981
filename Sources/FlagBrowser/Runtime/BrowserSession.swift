import FlagCore
import Foundation

/// Runs the reducer and performs its effects against a workspace on a file system: the part of
/// the run loop that both the terminal and the headless snapshot share.
public struct BrowserSession: Sendable {
    /// The state.
    public private(set) var state: BrowserState
    /// The workspace file.
    public let workspaceFile: URL
    /// Files are read and written through this.
    public let fileSystem: FileSystem
    /// The environment env providers read.
    public let environment: [String: String]
    /// Set when the user quit.
    public private(set) var finished = false
    /// Counts model replacements (writes, reloads), so the run loop knows when to re-watch files.
    public private(set) var generation = 0

    /// The moment staleness is judged against (fixed in tests so golden screens do not age).
    public let now: Date?

    /// Loads the workspace and builds the first state.
    public init(workspaceFile: URL, fileSystem: FileSystem = LocalFileSystem(),
                environment: [String: String] = ProcessInfo.processInfo.environment, width: Int, height: Int, now: Date? = nil) {
        self.workspaceFile = workspaceFile
        self.fileSystem = fileSystem
        self.environment = environment
        self.now = now
        let workspace = Workspace.load(from: workspaceFile, fileSystem: fileSystem, environment: environment)
        state = BrowserState(model: BrowserModel(workspace: workspace, now: now ?? Date()), width: width, height: height)
        let problems = workspace.diagnostics.filter { $0.severity == .error }
        if let first = problems.first {
            state.status = StatusMessage("\(problems.count) error\(problems.count == 1 ? "" : "s") in the workspace: \(first.headline) (flagscope validate)", .error)
        }
    }

    /// Sends an action; effects are performed at once and their answers sent back.
    public mutating func send(_ action: Action) {
        var pending = [action]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            switch next {
            case .loaded, .wrote: generation += 1
            default: break
            }
            for effect in Reducer.reduce(&state, next) {
                if effect == .quit { finished = true }
                if let answer = perform(effect) { pending.append(answer) }
            }
        }
    }

    /// Every file the workspace reads: the workspace file, blueprints and provider files.
    public var watchedFiles: [URL] {
        let workspace = state.model.workspace
        var urls = [workspace.config.file]
        urls += workspace.blueprints.map { workspace.folder.appendingPathComponent($0.file) }
        urls += workspace.config.providers.compactMap { $0.path.map { workspace.folder.appendingPathComponent($0) } }
        return urls
    }

    /// Performs one effect and returns the action that answers it.
    public func perform(_ effect: Effect) -> Action? {
        switch effect {
        case .quit:
            return nil
        case .reload:
            return .loaded(loadModel(), message: StatusMessage("reloaded from disk"))
        case .write(let request):
            let editor = FlagEditor(workspace: state.model.workspace, fileSystem: fileSystem)
            do {
                let report = try editor.apply(request.changes, removeAll: request.removeAll)
                let line = report.statusLine
                let model = BrowserModel(workspace: report.workspace, now: now ?? Date())
                return .wrote(request, .success(WriteOutcome(model: model, message: StatusMessage(line.text, line.isWarning ? .warning : .info))))
            } catch {
                return .wrote(request, .failure(WriteFailure(error.description)))
            }
        }
    }

    /// Sends a key and reports whether the browser should keep running.
    public mutating func press(_ key: KeyEvent) -> Bool {
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

    /// Sends a non-key action.
    public mutating func apply(_ action: Action) {
        send(action)
    }

    /// A fresh model from disk.
    public func loadModel() -> BrowserModel {
        BrowserModel(workspace: Workspace.load(from: workspaceFile, fileSystem: fileSystem, environment: environment), now: now ?? Date())
    }

    /// The current frame.
    public func render() -> ScreenBuffer {
        Renderer.render(state, width: state.size.width, height: state.size.height)
    }
}
