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
    @Option(
        help: "The environment variable that holds the bearer token requests must send (Authorization: Bearer …).")
    var tokenEnv: String?

    func run() throws {
        let (host, port) = try Self.address(listen)
        var token: String?
        if let tokenEnv {
            guard let value = ProcessInfo.processInfo.environment[tokenEnv], !value.isEmpty else {
                Console.error("error: --token-env \(tokenEnv): the variable is not set or empty; export it first")
                throw ExitCode.validationFailure
            }
            token = value
        } else if !Self.isLoopback(host) {
            Console.error(
                "error: --listen \(listen) reaches other machines: serve it with a token, --token-env VAR (the variable holding it), or listen on 127.0.0.1"
            )
            throw ExitCode.validationFailure
        }
        let loaded = try context.load(workspace)
        let file = loaded.config.file
        let layer = loaded.contextLayer
        let deviceName = loaded.activeDevice?.name
        let live = LiveWorkspace {
            Workspace.load(from: file, context: layer, device: deviceName)
        }
        let settings = OFREPServer.Settings(host: host, port: port, token: token)
        let server = OFREPServer(live: live, device: loaded.activeDevice, context: layer, settings: settings)
        let failure = ServeFailure()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await server.run { port in
                    Console.error(
                        "serving OFREP on http://\(host):\(port) (POST /ofrep/v1/evaluate/flags and …/flags/KEY); Ctrl-C stops"
                    )
                }
            } catch {
                failure.set("\(error)")
            }
            done.signal()
        }
        done.wait()
        if let message = failure.message {
            let reason =
                message.contains("Address already in use")
                ? "another program listens there; choose another port, such as --listen \(host):\(port == 8016 ? 8017 : 8016)"
                : message
            Console.error("error: cannot serve on \(listen): \(reason)")
            throw ExitCode.failure
        }
    }

    /// `HOST:PORT`, `:PORT` or `PORT`.
    static func address(_ text: String) throws -> (String, Int) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let host = parts.count > 1 ? parts.dropLast().joined(separator: ":") : "127.0.0.1"
        guard let port = Int(parts.last ?? ""), (0...65_535).contains(port) else {
            Console.error(
                "error: --listen '\(TerminalText.escaped(text))' is not an address: write HOST:PORT, such as 127.0.0.1:8016"
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

/// What stopped the server, set from its task.
private final class ServeFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    var message: String? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
    func set(_ message: String) {
        lock.lock()
        stored = message
        lock.unlock()
    }
}
