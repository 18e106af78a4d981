import ArgumentParser
import FlagCore
import Foundation

/// `flagscope devices`: the device profiles QA shares (docs/devices.md), each with how many
/// features it leaves unavailable.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the device profiles (devices/*.yml) and how many features each leaves unavailable.")

    @OptionGroup var workspace: WorkspaceOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let file = try workspace.locate()
        let loaded = try workspace.loadValid()
        // Problems in the profiles are validate's; here they are said once, as warnings are.
        let files = Set(loaded.deviceFiles)
        let problems = loaded.diagnostics.filter { files.contains($0.file) }
        if !problems.isEmpty {
            Console.error(loaded.diagnosticRenderer(from: WorkspaceOptions.currentDirectory).render(all: problems))
        }
        // The same workspace for each device; a load of its own where a server reads the context.
        let report = DevicesReport(devices: loaded.devices) { profile in
            loaded.simulating(device: profile, context: nil) ?? Workspace.load(from: file, device: profile.name)
        }
        if json {
            Console.json(report.json)
        } else {
            Console.out(report.text)
        }
    }
}
