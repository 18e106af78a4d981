import ArgumentParser
import FlagCore
import FlagServer
import Foundation

/// `flagscope serve`: the workspace over OFREP for the running app (docs/serve.md).
struct Serve: ParsableCommand, TakesContext {
    static let configuration = CommandConfiguration(
        abstract: "Serve the flags over OFREP, so the running app gets what Flagscope shows.",
        discussion:
            "Each request's context is the device for that request, on top of --device and --context. Edits to the files reach the next answer. Ctrl-C stops."
    )

    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var context: ContextOptions
    @Option(help: "The address and port to listen on (a non-loopback address needs --token-env).")
    var listen = "127.0.0.1:8016"
    @OptionGroup var token: TokenOptions

    func run() throws {
        let settings = try Self.settings(listen: listen, option: "--listen", tokenEnv: token.tokenEnv)
        let loaded = try context.load(workspace)
        let file = loaded.config.file
        let layer = loaded.contextLayer
        let deviceName = loaded.activeDevice?.name
        let live = LiveWorkspace {
            Workspace.load(from: file, context: layer, device: deviceName)
        }
        _ = try Self.start(OFREPServer(source: live, settings: settings), waiting: true)
    }

    /// The settings for listening on `listen` (given as `option`), with the token in the
    /// variable `tokenEnv`: bad usage (a bad address, a non-loopback one without a token, an
    /// unset variable) exits 64 with the reason.
    static func settings(listen: String, option: String, tokenEnv: String?) throws -> OFREPServer.Settings {
        let (host, port) = try address(listen, option: option)
        var token: String?
        if let tokenEnv {
            guard let value = ProcessInfo.processInfo.environment[tokenEnv], !value.isEmpty else {
                Console.error("error: --token-env \(tokenEnv): the variable is not set or empty; export it first")
                throw ExitCode.validationFailure
            }
            token = value
        } else if !isLoopback(host) {
            Console.error(
                "error: \(option) \(listen) reaches other machines: serve it with a token, --token-env VAR (the variable holding it), or listen on 127.0.0.1"
            )
            throw ExitCode.validationFailure
        }
        return OFREPServer.Settings(host: host, port: port, token: token)
    }

    /// Runs `server` on a task and waits until it listens (it says where on standard error),
    /// then, when `waiting`, until it stops. Returns `HOST:PORT`; a server that cannot listen
    /// exits 1 with the reason.
    static func start(_ server: OFREPServer, waiting: Bool) throws -> String {
        let host = server.settings.host
        let running = BackgroundServer(server)
        var failure: BackgroundServer.Failure?
        switch running.waitUntilListening() {
        case .success(let port):
            Console.error(
                "serving OFREP on http://\(host):\(port) (POST /ofrep/v1/evaluate/flags and …/flags/KEY); Ctrl-C stops")
            guard waiting else { return "\(host):\(port)" }
            failure = running.waitUntilStopped()
        case .failure(let stopped):
            failure = stopped
        }
        guard let failure else { return "\(host):\(server.settings.port)" }
        let port = server.settings.port
        let reason =
            failure.description.contains("Address already in use")
            ? "another program listens there; choose another port, such as \(host):\(port == 8016 ? 8017 : 8016)"
            : failure.description
        Console.error("error: cannot serve on \(host):\(port): \(reason)")
        throw ExitCode.failure
    }

    /// `HOST:PORT`, `:PORT` or `PORT`, given as `option`.
    static func address(_ text: String, option: String = "--listen") throws -> (String, Int) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let host = parts.count > 1 ? parts.dropLast().joined(separator: ":") : "127.0.0.1"
        if let port = Int(parts.last ?? ""), !(0...65_535).contains(port) {
            Console.error("error: \(option) '\(TerminalText.escaped(text))': the port must be 0 to 65535, such as 8016")
            throw ExitCode.validationFailure
        }
        guard let port = Int(parts.last ?? "") else {
            Console.error(
                "error: \(option) '\(TerminalText.escaped(text))' is not an address: write HOST:PORT, such as 127.0.0.1:8016"
            )
            throw ExitCode.validationFailure
        }
        return (host.isEmpty ? "127.0.0.1" : host, port)
    }

    /// Whether only this machine can reach `host`.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
