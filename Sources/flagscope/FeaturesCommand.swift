import ArgumentParser
import FlagCore

/// `flagscope features`: every feature's availability on the simulated device, unavailable
/// first, with what holds each back and the key to change (docs/devices.md).
struct Features: ParsableCommand, TakesContext {
    static let configuration = CommandConfiguration(
        abstract: "List every feature's availability on the device, unavailable first, with the key to change.")

    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var context: ContextOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let report = FeaturesReport(workspace: try context.load(workspace))
        if json { Console.json(report.json) } else { Console.out(report.text) }
    }
}
