import ArgumentParser
import DemoWorkspace
import FlagBrowser
import FlagCore
import Foundation

/// `flagscope demo`: the bundled podcast-app workspace, copied once so edits persist.
struct Demo: ParsableCommand, TakesContext {
    static let configuration = CommandConfiguration(
        abstract:
            "Open the browser on the bundled demo workspace (copied to $XDG_STATE_HOME/flagscope/demo on first use, so edits persist)."
    )

    @Flag(help: "Restore the demo to its original state, discarding edits.") var reset = false
    @Flag(help: "Only copy the demo and print where it is; do not open the browser.") var noBrowser = false
    @Flag(
        help:
            "Print only the folder of the demo's copy (made first if there is none), for commands to run on it: --config \"$(flagscope demo --path)/flagscope.yml\"."
    )
    var path = false
    @Flag(
        help:
            "Open the Swift demo instead: an app whose RealFlags-style collections and Flint-style features are Swift sources (copied to $XDG_STATE_HOME/flagscope/swift-demo)."
    )
    var swift = false
    @OptionGroup var display: DisplayOptions
    @OptionGroup var context: ContextOptions
    @OptionGroup var serve: ServeOptions
    @OptionGroup var token: TokenOptions

    func run() throws {
        let settings = try serve.settings(token: token)
        let demo = swift ? DemoWorkspace.swift : DemoWorkspace.podcast
        let installation = DemoInstallation(
            demo: demo,
            destination: DemoInstallation.destination(environment: ProcessInfo.processInfo.environment, name: demo.name)
        )
        let copied: Bool
        do {
            copied = try installation.install(reset: reset)
        } catch {
            Console.error(
                "error: cannot copy the demo to \(installation.destination.path): \(FileErrorText.describe(error))")
            throw ExitCode.failure
        }
        // Said before the browser opens, and again on its status line, which covers the terminal.
        let what = swift ? "the Swift demo" : "the demo workspace"
        let news = copied ? "\(reset ? "restored" : "copied") \(what) to \(installation.destination.path)" : nil
        if path {
            // Standard output is the folder alone, so `$(flagscope demo --path)` is it.
            if let news { Console.error(news) }
            Console.out(installation.destination.path)
            return
        }
        if let news { Console.out(news) }
        if noBrowser {
            Console.out(
                ValidateReport(
                    workspace: Workspace.load(from: installation.workspaceFile),
                    currentDirectory: WorkspaceOptions.currentDirectory
                ).text)
            Console.out("explore it with: flagscope list --config \(installation.workspaceFile.path)")
            return
        }
        let layer = try context.layer()
        let warning = try context.checkBeforeBrowsing(installation.workspaceFile, layer: layer)
        try BrowserLauncher.open(
            installation.workspaceFile, display: display, greeting: warning ?? news.map { StatusMessage($0) },
            context: layer, device: context.device, serve: settings)
    }
}
