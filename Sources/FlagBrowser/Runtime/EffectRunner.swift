import FlagCore
import Foundation

/// Performs the reducer's effects and answers each with an action: it loads the workspace and
/// shows it through the devices chosen, writes through the writer, asks remote providers, and
/// words what the status line says of each. It holds what effects change outside the state.
struct EffectRunner: Sendable {
    /// Where the workspace is read from.
    let source: WorkspaceSource
    /// The moment staleness is judged against (fixed in tests so golden screens do not age).
    let now: Date?
    /// The devices the workspace is shown through.
    var devices: DeviceSelection
    /// How and when remote providers are asked.
    var remote: RemoteSchedule
    /// What the user asked of the terminal, until the run loop takes it.
    var requests = TerminalRequests()

    /// Writes edits, exports and device profiles.
    var writer: WorkspaceWriter { WorkspaceWriter(fileSystem: source.fileSystem) }

    /// Performs `effect` on the browser showing `model`, and returns the action that answers it.
    mutating func perform(_ effect: Effect, on model: BrowserModel) -> Action? {
        switch effect {
        case .quit:
            return nil
        case .suspend:
            requests.suspend = true
            return nil
        case .reload:
            return .loaded(loadModel(keeping: model), message: StatusMessage("reloaded from disk"))
        case .saveDevice(let name):
            // Written first, so the load lists it.
            let message = writer.saveDevice(named: name, from: model.workspace)
            return .loaded(loadModel(keeping: model), message: message)
        case .adoptLive(let name):
            return adoptLive(named: name, model)
        case .showLive(let name):
            return showLive(name, model)
        case .compare(let name):
            return compare(with: name, model)
        case .simulate(let name):
            return simulate(name, model)
        case .export(let format, let keys):
            return Self.export(format, keys: keys, of: model.workspace)
        case .copy(let text):
            requests.copy = text
            let lines = text.split(separator: "\n").count
            let what = lines == 1 ? TerminalText.capped(text, limit: 60) : Plural.count(lines, "line")
            return .said(StatusMessage("copied \(what) (OSC 52)"))
        case .open(let file, let line):
            return open(file, at: line, in: model.workspace)
        case .writeExport(let path, let text):
            return .said(writer.writeExport(text, to: path, in: model.workspace))
        case .fetch:
            return fetch(RemotePlan.plans(for: model.workspace), reason: .user, now: Date(), model)
        case .write(let request):
            return write(request, model)
        }
    }

    /// The first workspace: in synchronous mode the servers are asked now, as the CLI does; in
    /// background mode the first frame shows cached values (or "fetching…") at once.
    mutating func firstWorkspace() -> Workspace {
        var workspace = source.load(remote: remote.firstSource, device: devices.simulated)
        workspace.served = devices.live
        if !remote.isBackground { remote.noteAsked(RemotePlan.plans(for: workspace)) }
        return workspace
    }

    /// A fresh model from disk; remote layers keep the answers `model` has (fetching is separate).
    func loadModel(keeping model: BrowserModel) -> BrowserModel {
        loadModel(answers: model.workspace.remoteAnswers)
    }

    /// A fresh model from disk, remote layers answered with `answers`.
    func loadModel(answers: [RemoteIdentity: RemoteAnswer]) -> BrowserModel {
        model(of: source.load(remote: .known(answers), device: devices.simulated))
    }

    /// The model of `workspace` as the browser shows it, through the devices chosen.
    func model(of workspace: Workspace) -> BrowserModel {
        devices.model(of: workspace, now: now ?? Date())
    }

    /// Applies an edit — an undo or a redo is one too — and answers with the model after it,
    /// reread only where the write allows, and where the value went.
    private func write(_ request: WriteRequest, _ model: BrowserModel) -> Action {
        do {
            let report = try writer.edit(request, in: model.workspace)
            let line = report.statusLine
            let after =
                report.rereadOnly
                ? devices.comparing(model.updated(afterRereading: report.provider, in: report.workspace))
                : self.model(of: report.workspace)
            return .wrote(
                request,
                .success(
                    WriteOutcome(model: after, message: StatusMessage(line.text, line.isWarning ? .warning : .info))))
        } catch {
            return .wrote(request, .failure(BrowserWriteError(error.description)))
        }
    }

    /// The export of `keys` (every key: `nil`) in `format`, shown in its pane.
    private static func export(_ format: String, keys: Set<String>?, of workspace: Workspace) -> Action? {
        guard let format = ExportReport.Format(rawValue: format) else { return nil }
        var options = ExportReport.Options(format: format)
        options.keys = keys
        do {
            let report = try ExportReport(workspace: workspace, options: options)
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
    }

    /// Asks the run loop to open `file` at `line` in the user's editor, when it is a file here.
    private mutating func open(_ file: String, at line: Int, in workspace: Workspace) -> Action {
        let url = WorkspacePath.url(ofPath: file, in: workspace.folder)
        guard source.fileSystem.fileExists(at: url) else {
            return .said(StatusMessage("nothing to open: \(file) is not a file on this disk", .error))
        }
        let launch = EditorLaunch(environment: source.environment, file: url, shown: file, line: line)
        requests.open = launch
        return .said(StatusMessage("opened \(launch.description)"))
    }
}
