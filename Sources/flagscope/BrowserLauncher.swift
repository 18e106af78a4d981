import ArgumentParser
import FlagBrowser
import FlagCore
import FlagServer
import Foundation
import TerminalUI

/// `--no-color`, for commands that open the browser.
struct DisplayOptions: ParsableArguments {
    @Flag(name: .customLong("no-color"), help: "Turn colours off (as does a non-empty NO_COLOR).") var noColor = false

    /// Whether to use colour: not with --no-color, not with NO_COLOR set to anything non-empty.
    var colors: Bool {
        if noColor { return false }
        if let value = ProcessInfo.processInfo.environment["NO_COLOR"], !value.isEmpty { return false }
        return true
    }
}

/// Opens the interactive browser after checking the terminal can host it.
enum BrowserLauncher {
    /// Opens the browser; `greeting` is also its first status line, since the browser's screen
    /// covers what was printed just before it. `context` is the `--context` layer, when given.
    /// With `serve`, a server shares the process (docs/serve.md): it starts listening before the
    /// screen opens, so an address it cannot use is said on the terminal.
    static func open(
        _ workspaceFile: URL, display: DisplayOptions, greeting: StatusMessage? = nil, context: ContextLayer? = nil,
        device: String? = nil, serve: OFREPServer.Settings? = nil
    ) throws {
        do {
            try TerminalCheck.verify()
        } catch {
            Console.error("error: \(error.description)")
            throw ExitCode.failure
        }
        let serving = try serve.map(BrowserServer.start)
        var greeting = greeting
        if let serving, greeting == nil {
            greeting = StatusMessage(
                "serving OFREP on http://\(serving.address)/ofrep/v1/evaluate/flags: devices that ask appear under Live devices"
            )
        }
        switch BrowserApp.run(
            workspaceFile: workspaceFile, colors: display.colors, greeting: greeting, context: context, device: device,
            serving: serving)
        {
        case .quit:
            return
        case .signal(let number):
            throw ExitCode(128 + number)
        }
    }
}
