import ArgumentParser
import FlagCore
import Foundation

/// `flagscope list`: one row per flag with its value and where the value came from.
struct List: ParsableCommand, TakesContext {
    static let configuration = CommandConfiguration(
        abstract: "List every flag with its value, type and source.",
        discussion:
            "The table fits the terminal's width (COLUMNS when set; no limit when the output is not a terminal): values and sources are cut with …, keys never are."
    )

    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var context: ContextOptions
    @Flag(help: "Print JSON.") var json = false
    @Option(help: ArgumentHelp("Only flags whose key, name or description contains this text.", valueName: "text"))
    var filter: String?
    @Flag(help: "Only the flags the writable provider sets, whether its value wins or a higher layer shadows it.")
    var overridden = false
    @Flag(help: "Only flags past their expiry date.") var stale = false

    func run() throws {
        let loaded = try context.load(workspace)
        // The table shows values, sources and variants, never rule steps. Rows are written as
        // each key is resolved, so the resolutions and the text are never whole in memory.
        let resolver = Resolver(workspace: loaded, tracingRuleSteps: false)
        let filter = ListReport.Filter(
            text: filter, overriddenOnly: overridden, staleOnly: stale,
            writableProvider: loaded.config.writableProvider?.name)
        let now = Date()
        if json {
            Console.streamed(isJSON: true) { output in
                ListReport.writeJSON(
                    resolver: resolver, filter: filter, unknownKeys: loaded.unknownKeys,
                    features: { Array(FeatureEvaluator(workspace: loaded).explainAll().values) }, now: now,
                    to: &output)
            }
            return
        }
        let width = TerminalWidth.current()
        Console.streamed(isJSON: false) { output in
            let listed = ListReport.writeText(resolver: resolver, filter: filter, width: width, now: now, to: &output)
            if listed == 0 { output.write("no flags match") }
        }
    }
}
