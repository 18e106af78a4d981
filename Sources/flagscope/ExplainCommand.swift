import ArgumentParser
import FlagCore

/// `flagscope explain FEATURE`: why a feature is (un)available on the simulated device.
struct Explain: ParsableCommand, TakesContext {
    static let configuration = CommandConfiguration(
        abstract: "Explain a feature's availability: each constraint, then the next steps.")

    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var context: ContextOptions
    @Flag(help: "Print JSON.") var json = false
    @Argument(
        help:
            "The feature: its key (podcast_favourites/smart_playlists), its last segment (smart_playlists) or its name (\"Smart playlists\")."
    )
    var feature: String

    func run() throws {
        let loaded = try context.load(workspace)
        let found: FeatureDefinition
        switch loaded.feature(named: feature) {
        case .found(let definition):
            found = definition
        case .ambiguous(let candidates):
            let rows = candidates.map { ["  " + TerminalText.escaped($0.key), TerminalText.escaped($0.displayName)] }
            Console.error(
                "error: '\(TerminalText.escaped(feature))' could be any of \(Plural.count(candidates.count, "feature")); give its full key:\n"
                    + TextTable.render(header: [], rows: rows))
            throw ExitCode.failure
        case .notFound:
            let known = loaded.features.values.map(\.key)
            let names = loaded.features.values.map(\.displayName)
            // A near miss of a name suggests that feature's key: the key always works.
            let guess = Suggestion.closest(to: feature, in: known + names).map { guess in
                loaded.features.values.first { $0.displayName == guess }?.key ?? guess
            }
            // Every feature: the list is what to choose from when nothing is close.
            let list = Suggestion.listed(known, limit: known.count)
            let hint =
                known.isEmpty
                ? "; the workspace declares no features"
                : guess.map { "; did you mean '\(TerminalText.escaped($0))'? Features are \(list)" }
                    ?? "; features are \(list)"
            Console.error("error: unknown feature '\(TerminalText.escaped(feature))'\(hint)")
            throw ExitCode.failure
        }
        guard let explanation = FeatureEvaluator(workspace: loaded).explain(found.key) else {
            throw ExitCode.failure  // every declared feature has an explanation
        }
        let report = ExplainReport(
            explanation: explanation, workspace: loaded, commandSuffix: workspace.config.map { ["--config", $0] } ?? [])
        if json { Console.json(report.json) } else { Console.out(report.text) }
    }
}
