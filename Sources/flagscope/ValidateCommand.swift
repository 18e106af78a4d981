import ArgumentParser
import FlagCore
import Foundation

/// `flagscope validate`: every diagnostic of the workspace, its blueprints and provider files.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the workspace, blueprints and provider files; exit 1 on any error.")

    @OptionGroup var workspace: WorkspaceOptions
    @Flag(help: "Print the diagnostics as JSON.") var json = false

    func run() throws {
        let loaded = try workspace.load()
        let report = ValidateReport(workspace: loaded, currentDirectory: WorkspaceOptions.currentDirectory)
        if json {
            Console.json(report.json)
        } else {
            Console.out(report.text)
        }
        if loaded.hasErrors { throw ExitCode.failure }
    }
}
