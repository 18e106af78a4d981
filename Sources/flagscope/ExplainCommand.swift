import ArgumentParser
import FlagCore

/// `flagscope explain FEATURE`: why a feature is (un)available on the simulated device.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Explain a feature's availability: each constraint, then the next steps.")

    @OptionGroup var workspace: WorkspaceOptions
    @Flag(help: "Print JSON.") var json = false
    @Argument(help: "The feature key, such as podcast_favourites/smart_playlists.") var feature: String

    func run() throws {
        let loaded = try workspace.loadValid()
        let evaluator = FeatureEvaluator(workspace: loaded)
        guard let explanation = evaluator.explain(feature) else {
            let known = loaded.features.keys.elements
            let hint = Suggestion.hint(for: feature, in: known)
            let listed = known.prefix(8).map(TerminalText.escaped).joined(separator: ", ") + (known.count > 8 ? ", …" : "")
            Console.error("error: unknown feature '\(TerminalText.escaped(feature))'\(hint.isEmpty && !known.isEmpty ? "; features are \(listed)" : hint)")
            throw ExitCode.failure
        }
        let report = ExplainReport(explanation: explanation, workspace: loaded)
        if json { Console.json(report.json) } else { Console.out(report.text) }
    }
}
