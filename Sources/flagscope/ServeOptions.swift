import ArgumentParser
import FlagBrowser
import FlagCore
import FlagServer
import Foundation

/// `--token-env VAR`: the bearer token a server requires. Every command that takes it names the
/// group `token`, so a value given after a subcommand reaches the subcommand.
struct TokenOptions: ParsableArguments {
    @Option(
        help:
            "The environment variable that holds the bearer token requests must send (Authorization: Bearer …); needed to listen beyond this machine."
    )
    var tokenEnv: String?
}

/// `--serve [ADDR]`, for commands that open the browser: browse and serve OFREP in one process
/// (docs/serve.md).
struct ServeOptions: ParsableArguments {
    /// The address `--serve` alone listens on.
    static let defaultAddress = "127.0.0.1:8016"

    @Option(
        name: .customLong("serve"),
        help: ArgumentHelp(
            "Serve OFREP while browsing, on ADDR (\(ServeOptions.defaultAddress) when --serve is given alone); devices that ask appear under Live devices.",
            valueName: "addr"))
    var address: String?

    /// The server's settings, when `--serve` was given; bad usage exits 64 with the reason.
    func settings(token: TokenOptions) throws -> OFREPServer.Settings? {
        guard let address else {
            if token.tokenEnv != nil {
                Console.error("error: --token-env is for --serve: add --serve to serve while browsing")
                throw ExitCode.validationFailure
            }
            return nil
        }
        return try Serve.settings(listen: address, option: "--serve", tokenEnv: token.tokenEnv)
    }

    /// The arguments with the default address after a `--serve` given alone (the parser wants a
    /// value): at the end, or before another option or a subcommand.
    static func withDefaultAddress(_ arguments: [String], subcommands: [String]) -> [String] {
        var result: [String] = []
        for (index, word) in arguments.enumerated() {
            result.append(word)
            guard word == "--serve" else { continue }
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            if next == nil || next!.hasPrefix("-") || subcommands.contains(next!) { result.append(defaultAddress) }
        }
        return result
    }
}

/// Starts a server for the browser and hands it what the browser needs.
enum BrowserServer {
    /// Starts serving with `settings` from the workspace the browser will show, and waits until
    /// it listens; a busy port or a bad address exits 1 before the screen opens.
    static func start(_ settings: OFREPServer.Settings) throws -> BrowserServing {
        let feed = BrowserFeed()
        let address = try Serve.start(OFREPServer(source: feed, settings: settings), waiting: false)
        return BrowserServing(address: address, publish: { feed.publish($0) }, take: { feed.take() })
    }
}
