import ArgumentParser
import FlagCore
import OrderedCollections

/// `flagscope set KEY VALUE`: parse by the key's type and write to the writable provider.
struct Set: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a value to the writable provider (parsed by the key's type).",
        discussion: "Bools take true/false, on/off, yes/no or 1/0; json takes a JSON text; dates YYYY-MM-DD.")

    @OptionGroup var workspace: WorkspaceOptions
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Change a locked flag anyway.") var force = false
    @Argument(help: "The full flag key.") var key: String
    @Argument(help: "The new value.") var value: String

    func run() throws {
        let editor = FlagEditor(workspace: try workspace.loadValid())
        do {
            let flag = try editor.flag(key)
            let parsed = try editor.parse(value, for: flag)
            let report = try editor.set([key: parsed], force: force)
            if json { Console.json(report.json) } else { Console.out(report.setText) }
        } catch {
            Console.error("error: \(error.description)")
            throw ExitCode.failure
        }
    }
}
