import ArgumentParser
import FlagCore
import OrderedCollections

/// `flagscope set KEY VALUE`: parse by the key's type and write to the writable provider.
struct SetValue: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Write a value to the writable provider (parsed by the key's type).",
        discussion: "Bools take true/false, on/off, yes/no or 1/0; json takes a JSON text; dates YYYY-MM-DD.")

    @OptionGroup var workspace: WorkspaceOptions
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Change a locked flag anyway.") var force = false
    @Argument(help: "The full flag key, such as lab/search/results_per_page.") var key: String
    // Captured raw, so a negative number such as -1 is a value, not an unknown option.
    @Argument(parsing: .allUnrecognized, help: "The new value (negative numbers welcome: set KEY -1).") var values:
        [String] = []

    var value: String { values.first ?? "" }

    func validate() throws {
        if values.isEmpty { throw ValidationError("Missing expected argument '<value>'") }
        if values.count > 1 {
            throw ValidationError(
                TerminalText.escaped(
                    "give one value; quote it if it has spaces: set \(key) '\(values.joined(separator: " "))'"))
        }
    }

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
