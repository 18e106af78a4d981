import ArgumentParser
import DemoWorkspace
import FlagCore
import Foundation

/// `flagscope demo`: the bundled podcast-app workspace, copied once so edits persist.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Set up the bundled demo workspace (copied to $XDG_STATE_HOME/flagscope/demo on first use).")

    @Flag(help: "Restore the demo to its original state, discarding edits.") var reset = false

    func run() throws {
        guard let bundled = DemoWorkspace.folder else {
            Console.error("error: the demo workspace is missing from this build (Resources/Demo)")
            throw ExitCode.failure
        }
        let installation = DemoInstallation(bundled: bundled,
                                            destination: DemoInstallation.destination(environment: ProcessInfo.processInfo.environment))
        let copied: Bool
        do {
            copied = try installation.install(reset: reset)
        } catch {
            Console.error("error: cannot copy the demo to \(installation.destination.path): \(FileProblem.describe(error))")
            throw ExitCode.failure
        }
        let workspace = Workspace.load(from: installation.workspaceFile)
        Console.out((copied ? (reset ? "restored" : "copied") + " the demo workspace to " : "demo workspace: ") + installation.destination.path)
        Console.out(ValidateReport(workspace: workspace).text)
        Console.out("""

        The browser arrives with a later release; until then explore the demo with:
          flagscope list --config \(installation.workspaceFile.path)
          flagscope validate --config \(installation.workspaceFile.path)
        """)
    }
}
