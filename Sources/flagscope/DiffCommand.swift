import ArgumentParser
import FlagCore
import Foundation

/// `flagscope diff A [B]`: what two devices get, flag by flag and feature by feature
/// (docs/devices.md#comparing-two-devices).
struct Diff: ParsableCommand, TakesContext {
    static let configuration = CommandConfiguration(
        abstract:
            "Compare what two devices get: every flag and feature that differs, and the rule step that parts them.",
        discussion: """
            A side is a device profile (its name, file name or a unique start of either), current (the simulated \
            device as the stack resolves it, with --device and --context when given; the default for B), \
            context:FILE (a JSON object of attributes), or @REV: the workspace as it is at git revision REV, \
            for the device --device and --context give.
            """)

    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var context: ContextOptions
    @Argument(help: ArgumentHelp("The first side.", valueName: "a")) var first: String
    @Argument(help: ArgumentHelp("The second side (default: current).", valueName: "b")) var second = "current"
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Exit with 1 when the sides differ, as git diff --exit-code does.") var exitCode = false

    func run() throws {
        let file = try workspace.locate()
        // The working tree is read once; each side that simulates another device on it is the
        // same workspace with other device layers (a second load only where a server reads the context).
        let tree = try workspace.loadValid()
        let a = try side(first, file: file, tree: tree, named: "a")
        let b = try side(second, file: file, tree: tree, named: "b")
        let report = DiffReport(a: a, b: b)
        if json {
            Console.json(report.json)
        } else {
            Console.out(report.text)
        }
        if exitCode, !report.isEmpty { throw ExitCode.failure }
    }

    /// The workspace for one side (`a` or `b`), checked as the command that simulates it would check it.
    func side(_ name: String, file: URL, tree: Workspace, named sideName: String) throws -> DiffReport.Side {
        if name.hasPrefix("@") { return try revisionSide(String(name.dropFirst()), file: file, tree: tree) }
        if name == "current" {
            let loaded = try simulate(tree, device: context.device, context: try context.layer())
            try context.check(loaded)
            let device = loaded.activeDevice.map { " · \($0.name)" } ?? ""
            return DiffReport.Side(label: "current\(device)", workspace: loaded)
        }
        if name.hasPrefix("context:") {
            let path = String(name.dropFirst("context:".count))
            var layer = ContextLayer()
            let problems = layer.add(
                fileAt: URL(fileURLWithPath: path, relativeTo: WorkspaceOptions.currentDirectory), shownAs: path)
            if !problems.isEmpty {
                Console.error(DiagnosticRenderer(sources: layer.sources).render(all: problems))
                throw ExitCode.failure
            }
            let loaded = try simulate(tree, device: nil, context: layer)
            try ContextOptions().check(loaded)
            return DiffReport.Side(label: "context:\(path)", file: path, workspace: loaded)
        }
        // Neither current, context:FILE nor @REV: a device, said as this side's when it is none.
        if case .failure(let error) = tree.devices.choose(name, givenAs: "side \(sideName)") {
            Console.error(
                "error: \(error.description) — a side is a device, current (the simulated device), context:FILE (a JSON object of attributes) or @REV (a git revision)"
            )
            throw ExitCode.validationFailure
        }
        let loaded = try simulate(tree, device: name, context: nil)
        let profile = loaded.activeDevice!
        return DiffReport.Side(label: profile.name, file: profile.file, workspace: loaded)
    }

    /// `tree` simulating the device profile named `device` (none or several: exit 64, as
    /// `--device` does) with `context` on top; loaded again when a server reads the context.
    func simulate(_ tree: Workspace, device: String?, context layer: ContextLayer?) throws -> Workspace {
        var profile: DeviceProfile?
        if let device {
            switch tree.devices.choose(device) {
            case .success(let chosen): profile = chosen
            case .failure(let error):
                var failed = tree
                failed.deviceChoiceError = error
                try ContextOptions.checkDevice(of: failed)
            }
        }
        if let simulated = tree.simulating(device: profile, context: layer) {
            try WorkspaceOptions.stopOnErrors(in: simulated)
            return simulated
        }
        return try workspace.loadValid(context: layer, device: device)
    }

    /// The workspace as it is at git revision `revision`, for the device --device and --context
    /// give: device profiles and local files git ignores come from the working tree.
    func revisionSide(_ revision: String, file: URL, tree current: Workspace) throws -> DiffReport.Side {
        let folder = current.folder
        let local = current.config.providers.compactMap(\.path).map { WorkspacePath.url(ofPath: $0, in: folder) }
        let fileSystem: GitRevisionFileSystem
        do {
            fileSystem = try GitRevisionFileSystem(
                revision: revision, folder: folder,
                fromWorkingTree: current.deviceFiles.map { WorkspacePath.url(ofPath: $0, in: folder) }
                    + GitRevisionFileSystem.ignored(local, in: folder))
        } catch {
            Console.error("error: \(error.description)")
            throw ExitCode.failure
        }
        guard fileSystem.fileExists(at: file) else {
            Console.error(
                "error: @\(revision): \(WorkspacePath.displayPath(of: file, in: WorkspaceOptions.currentDirectory)) did not exist at that revision; there is nothing to compare with"
            )
            throw ExitCode.failure
        }
        let loaded = Workspace.load(
            from: file, fileSystem: fileSystem, remote: .known(current.remoteAnswers), context: try context.layer(),
            device: context.device)
        try WorkspaceOptions.stopOnErrors(in: loaded, at: "@\(revision)")
        try context.check(loaded)
        let device = loaded.activeDevice.map { " · \($0.name)" } ?? ""
        return DiffReport.Side(label: "@\(revision)\(device)", workspace: loaded)
    }
}
