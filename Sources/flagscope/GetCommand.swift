import ArgumentParser
import FlagCore
import Foundation

/// `flagscope get KEY`: the value and where it came from, layer by layer.
struct Get: ParsableCommand, TakesContext {
    static let configuration = CommandConfiguration(
        abstract: "Show a key's value and every provider layer's say on it.")

    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var context: ContextOptions
    @Flag(help: "Print JSON.") var json = false
    @Argument(help: "The full flag key, such as lab/secrets/boom_feature.") var key: String

    func run() throws {
        let loaded = try context.load(workspace)
        guard let resolution = Resolver(workspace: loaded).resolve(key) else {
            // A feature has no value of its own: its availability is what `explain` shows.
            if let feature = loaded.features[key] {
                let switches = loaded.flags.keys.filter {
                    $0.hasPrefix(feature.key + "/") && loaded.flags[$0]?.isGenerated == true
                }
                let settable =
                    switches.isEmpty
                    ? "" : "; its switches are keys: \(switches.map(TerminalText.escaped).joined(separator: ", "))"
                Console.error(
                    "error: '\(TerminalText.escaped(key))' is a feature, not a flag; see whether it is available and why with: flagscope explain \(TerminalText.escaped(key))\(settable)"
                )
                throw ExitCode.failure
            }
            Console.error(
                "error: unknown key '\(TerminalText.escaped(key))'\(Suggestion.hint(for: key, in: loaded.flags.keys.elements))"
            )
            throw ExitCode.failure
        }
        let report = GetReport(resolution: resolution, now: Date(), workspace: loaded)
        if json {
            Console.streamed(isJSON: true) { report.writeJSON(to: &$0) }
        } else {
            Console.out(report.text)
        }
    }
}
