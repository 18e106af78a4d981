import ArgumentParser
import FlagCore
import Foundation

/// `flagscope stale`: the flags that can go and the overrides that do nothing (docs/code.md#stale-flags).
struct Stale: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "List the flags that can go (never read in code, expired, the same everywhere) and the overrides that never apply."
    )

    @OptionGroup var workspace: WorkspaceOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let loaded = try workspace.loadValid()
        let report = StaleReport(workspace: loaded, now: Date())
        if json {
            Console.json(report.json(currentDirectory: WorkspaceOptions.currentDirectory))
        } else {
            Console.out(report.text(currentDirectory: WorkspaceOptions.currentDirectory))
        }
    }
}
