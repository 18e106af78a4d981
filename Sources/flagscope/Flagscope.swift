import ArgumentParser
import FlagCore
import Foundation

/// The `flagscope` command: browse and edit feature flags across a layered provider stack.
/// Without a subcommand it opens the browser on the workspace.
@main
struct Flagscope: ParsableCommand, TakesContext {
    /// The released version, the one place it is written: `flagscope --version` prints it, and
    /// `DocsTests` checks that CHANGELOG.md's newest released heading is the same.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "flagscope",
        abstract: "Browse feature flags, see which provider layer set each value, and explain unavailable features.",
        discussion: "Without a subcommand, opens the browser on the nearest flagscope.yml (or --config PATH).",
        version: Flagscope.version,
        subcommands: [
            Demo.self, Init.self, Validate.self, List.self, Get.self, SetValue.self, Reset.self, Explain.self,
            Snapshot.self, Rollout.self, Devices.self, Features.self, Diff.self, Serve.self, Export.self, Refs.self,
            Stale.self,
        ]
    )

    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var display: DisplayOptions
    @OptionGroup var context: ContextOptions
    @OptionGroup var serve: ServeOptions
    @OptionGroup var token: TokenOptions

    func run() throws {
        let settings = try serve.settings(token: token)
        let file = try workspace.locate()
        let layer = try context.layer()
        let warning = try context.checkBeforeBrowsing(file, layer: layer)
        try BrowserLauncher.open(
            file, display: display, greeting: warning, context: layer, device: context.device, serve: settings)
    }

    /// ArgumentParser's own entry point, except that its messages go through ``Console``: usage
    /// errors quote the arguments given ("Unexpected argument '…'"), which may hold control characters.
    static func main() {
        do {
            let arguments = ServeOptions.withDefaultAddress(
                Array(CommandLine.arguments.dropFirst()), subcommands: configuration.subcommands.map { $0._commandName }
            )
            var command = try parseAsRoot(arguments)
            try ContextOptions.refuseUnless(command)
            try command.run()
        } catch {
            // Help, --version and completion scripts end the parse too, as a clean exit.
            if exitCode(for: error) == .validationFailure, let unknown = unknownSubcommand() {
                Console.error(unknown)
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
            let message = suggestingClosestValue(lowerCasedErrorLabel(fullMessage(for: error)))
            let code = exitCode(for: error)
            if !message.isEmpty {
                if code == .success { Console.out(message) } else { Console.error(message) }
            }
            Foundation.exit(code.rawValue)
        }
    }

    /// The message for a first word that is no subcommand (`flagscope lsit`), which the parser
    /// only calls an unexpected argument: the closest subcommand, then all of them. `nil` when
    /// the first word is a subcommand or there is none.
    static func unknownSubcommand(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> String? {
        let names = configuration.subcommands.map { $0._commandName }
        // The root's options that take a value: the word after one is not a subcommand.
        let valued: Set<String> = ["--config", "--context", "--context-file", "--serve", "--token-env"]
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { return nil }
            if valued.contains(word) {
                index += 2
                continue
            }
            if word.hasPrefix("-") {
                index += 1
                continue
            }
            guard !names.contains(word) else { return nil }
            let hint = Suggestion.hint(for: word, in: names, listing: "commands")
            return "error: unknown command '\(TerminalText.escaped(word))'\(hint)"
        }
        return nil
    }

    /// ArgumentParser's message for a value none of an option's choices (`--format jsn`), with the
    /// closest choice suggested first and the choices on one line, as every "did you mean" of
    /// flagscope says it; any other message as it is.
    static func suggestingClosestValue(_ message: String) -> String {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first, first.hasPrefix("error: the value '"),
            let listed = first.range(of: ". Please provide one of ")
        else { return message }
        let given = first.dropFirst("error: the value '".count).prefix { $0 != "'" }
        var choices: [String] = []
        if first[listed.upperBound...].hasPrefix("the following:") {
            // Many choices: one a line, `  - json`.
            while lines.count > 1, lines[1].hasPrefix("  - ") {
                choices.append(String(lines.remove(at: 1).dropFirst(4)))
            }
        } else {
            // A few: quoted in the sentence, `'overridden' and 'all'.`
            choices = first[listed.upperBound...].split(separator: "'", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }
                .map { String($0.element) }
        }
        guard !choices.isEmpty else { return message }
        let hint = Suggestion.hint(for: String(given), in: choices, listing: "values")
        lines[0] = String(first[..<listed.lowerBound]) + hint
        return lines.joined(separator: "\n")
    }

    /// ArgumentParser's `Error: Missing …` as every other message of flagscope (and compilers)
    /// writes it: `error: missing …`.
    static func lowerCasedErrorLabel(_ message: String) -> String {
        guard message.hasPrefix("Error: ") else { return message }
        let rest = message.dropFirst("Error: ".count)
        // Only a capital that starts a word is lowered: "Unknown option" → "unknown option".
        guard let first = rest.first, first.isUppercase, rest.dropFirst().first?.isLowercase == true else {
            return "error: " + rest
        }
        return "error: " + first.lowercased() + rest.dropFirst()
    }
}
