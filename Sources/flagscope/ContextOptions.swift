import ArgumentParser
import FlagBrowser
import FlagCore
import Foundation

/// A command that takes `--context`, `--context-file` and `--device`.
protocol TakesContext {}

/// `--context KEY=VALUE` and `--context-file FILE`: the simulated device's attributes for one run,
/// an in-memory layer named `--context` on top of the stack (docs/rules.md). Nothing is written.
struct ContextOptions: ParsableArguments {
    @Option(
        name: .customLong("context"),
        help: ArgumentHelp(
            "An attribute of the simulated device for this run only, on top of the stack: KEY with or without context/, VALUE as JSON when it parses (42, true, {\"name\":\"ana\"}), else text. Repeatable.",
            valueName: "key=value"))
    var attributes: [String] = []

    @Option(
        name: .customLong("context-file"),
        help: ArgumentHelp(
            "A JSON object of attributes of the simulated device, for this run only. Repeatable; --context wins over it.",
            valueName: "file"))
    var files: [String] = []

    @Option(
        name: .customLong("device"),
        help: ArgumentHelp(
            "A device profile to simulate (devices/*.yml): its name, file name or a unique start of either. Its layer sits below the writable file; --context goes on top.",
            valueName: "name"))
    var device: String?

    /// Loads the workspace with the simulated device these options give, and stops when it
    /// cannot be used: `--device` naming no profile or several is bad usage (exit 64), the
    /// rest as ``check(_:printsWarnings:)`` says.
    func load(_ options: WorkspaceOptions) throws -> Workspace {
        let loaded = try options.loadValid(context: try layer(), device: device)
        try check(loaded)
        return loaded
    }

    /// The layer; `nil` when neither option was given. A malformed `KEY=VALUE` is bad usage
    /// (exit 64); a context file that cannot be used is printed with its `path:line:column` and
    /// stops the command (exit 1). Called before the workspace is read.
    func layer() throws -> ContextLayer? {
        guard !attributes.isEmpty || !files.isEmpty else { return nil }
        var given = ContextLayer()
        for argument in attributes {
            do {
                try given.add(argument: argument)
            } catch {
                Console.error("error: \(error.description)")
                throw ExitCode.validationFailure
            }
        }
        var layer = ContextLayer()
        var problems: [Diagnostic] = []
        for file in files {
            let url = URL(fileURLWithPath: file, relativeTo: WorkspaceOptions.currentDirectory)
            problems += layer.add(fileAt: url, shownAs: file)
        }
        if !problems.isEmpty {
            Console.error(DiagnosticRenderer(sources: layer.sources).render(all: problems))
            throw ExitCode.failure
        }
        // An attribute on the command line wins over a file's.
        layer.add(given)
        return layer
    }

    /// Stops when the layer does not suit `workspace` (loaded with it): a flag or feature named
    /// as an attribute is bad usage (exit 64); a value a key does not take, or any problem in a
    /// context file, is a failed operation (exit 1). An attribute nothing reads is a warning on
    /// standard error, and the command goes on. `printsWarnings: false` leaves them to the
    /// caller (the browser shows them on its status line) and returns them.
    @discardableResult
    func check(_ workspace: Workspace, printsWarnings: Bool = true) throws -> [ContextProblem] {
        try Self.checkDevice(of: workspace)
        guard let layer = workspace.contextLayer else { return [] }
        let problems = layer.problems(in: workspace)
        let errors = problems.filter { $0.severity == .error }
        let warnings = problems.filter { $0.severity != .error }
        let renderer = DiagnosticRenderer(sources: layer.sources)
        for problem in errors + (printsWarnings ? warnings : []) {
            Console.error(problem.diagnostic.map(renderer.render) ?? problem.headline)
        }
        guard !errors.isEmpty else { return warnings }
        let isUsage = errors.contains { problem in
            if case .argument = problem.origin { return problem.isUsage }
            return false
        }
        throw isUsage ? ExitCode.validationFailure : ExitCode.failure
    }

    /// Stops when `--device` names no profile or several (exit 64), after the problems of any
    /// profile that could not be read, since the device meant may be among them.
    static func checkDevice(of workspace: Workspace) throws {
        guard let error = workspace.deviceChoiceError else { return }
        let files = Set(workspace.deviceFiles)
        let unread = workspace.diagnostics.filter { $0.severity == .error && files.contains($0.file) }
        if !unread.isEmpty {
            Console.error(workspace.diagnosticRenderer(from: WorkspaceOptions.currentDirectory).render(all: unread))
        }
        Console.error("error: \(error.description)")
        throw ExitCode.validationFailure
    }

    /// Refuses `--context` and `--context-file` on a command that does not take them (bad usage):
    /// the root's options reach every subcommand, and `set` or `validate` would silently ignore them.
    static func refuseUnless(_ command: ParsableCommand, arguments: [String] = Array(CommandLine.arguments.dropFirst()))
        throws
    {
        guard !(command is TakesContext) else { return }
        let names = ["--context", "--context-file", "--device"]
        guard
            let given = arguments.prefix(while: { $0 != "--" }).first(where: { argument in
                names.contains { argument == $0 || argument.hasPrefix($0 + "=") }
            })
        else { return }
        let name = given.split(separator: "=", maxSplits: 1).first.map(String.init) ?? given
        let commandName = type(of: command)._commandName
        Console.error(
            "error: \(name) only applies to \(takers) and the browser; \(commandName) works on the files as they are"
        )
        throw ExitCode.validationFailure
    }

    /// The subcommands that take the options, in the order `--help` lists them: read from the
    /// commands themselves, so the message cannot leave one out.
    static var takers: String {
        Flagscope.configuration.subcommands.filter { $0 is TakesContext.Type }.map { $0._commandName }
            .joined(separator: ", ")
    }

    /// Loads `file` with the layer (no server is asked) and checks the layer suits it: what the
    /// browser does before it opens. Returns what the browser's first status line should warn
    /// of (an attribute nothing reads), since its screen covers standard error.
    func checkBeforeBrowsing(_ file: URL, layer: ContextLayer?) throws -> StatusMessage? {
        guard layer != nil || device != nil else { return nil }
        let warnings = try check(
            Workspace.load(from: file, remote: .known([:]), context: layer, device: device), printsWarnings: false)
        return Self.statusMessage(warning: warnings)
    }

    /// The first warning, for the browser's status line, and how many more there are.
    static func statusMessage(warning warnings: [ContextProblem]) -> StatusMessage? {
        guard let first = warnings.first else { return nil }
        let more =
            warnings.count > 1 ? " (and \(Plural.count(warnings.count - 1, "more attribute")) nothing reads)" : ""
        return StatusMessage("⚠ " + first.statusText + more, .warning)
    }
}
