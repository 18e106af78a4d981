import ArgumentParser
import FlagCore
import Foundation

/// `flagscope rollout KEY --sample N`: how a percentage split shares out generated devices.
struct Rollout: ParsableCommand, TakesContext {
    static let configuration = CommandConfiguration(
        abstract: "Sample a key's percentage rollout over generated devices, beside its configured weights.",
        discussion:
            "The first layer (top of the stack first) whose rules reach a percentage split for the simulated device is sampled: every sampled device is this device with the attribute the split hashes (the targeting key, a user id, an installation id) set to a generated id."
    )

    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var context: ContextOptions
    @Option(help: "How many devices to generate.") var sample = 10_000
    @Option(
        help: ArgumentHelp(
            "The context attribute to vary, instead of the one the split reads first.", valueName: "key"))
    var by: String?
    @Option(help: "Another seed gives other generated ids.") var seed: UInt64 = 0
    @Flag(help: "Print JSON.") var json = false
    @Argument(help: "The full flag key.") var key: String

    func validate() throws {
        guard (1...10_000_000).contains(sample) else {
            throw ValidationError("--sample takes a count from 1 to 10000000, not \(sample)")
        }
    }

    func run() throws {
        let loaded = try context.load(workspace)
        do {
            let report = try RolloutReport.sample(key, in: loaded, size: sample, attribute: by, seed: seed)
            if json { Console.json(report.json) } else { Console.out(report.text) }
        } catch {
            let hint =
                loaded.definition(for: key) == nil ? Suggestion.hint(for: key, in: loaded.flags.keys.elements) : ""
            Console.error("error: \(error.description)\(hint)")
            throw ExitCode.failure
        }
    }
}
