import ArgumentParser
import FlagCore

/// `flagscope reset KEY…` / `reset --all`: remove keys from the writable provider.
struct Reset: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove keys from the writable provider, so lower layers decide again.")

    @OptionGroup var workspace: WorkspaceOptions
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Remove every key of the writable provider (declared or not) and list them.") var all = false
    @Argument(help: "Keys to remove.") var keys: [String] = []

    func validate() throws {
        if all, !keys.isEmpty { throw ValidationError("give keys or --all, not both") }
        if !all, keys.isEmpty { throw ValidationError("name at least one key to reset, or pass --all") }
    }

    func run() throws {
        let editor = FlagEditor(workspace: try workspace.loadValid())
        do {
            let report = all ? try editor.resetAll() : try editor.reset(keys)
            if json { Console.json(report.json) } else { Console.out(report.resetText) }
        } catch {
            Console.error("error: \(error.description)")
            throw ExitCode.failure
        }
    }
}
