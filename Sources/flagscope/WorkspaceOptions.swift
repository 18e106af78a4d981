import ArgumentParser
import FlagCore
import Foundation

/// `--config PATH`, shared by every command that reads a workspace.
struct WorkspaceOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The workspace file (default: the nearest flagscope.yml above the current folder).", valueName: "path"))
    var config: String?

    /// The folder the command runs in: paths for people are shown relative to it.
    static var currentDirectory: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }

    /// Finds the workspace file; not found is a clear message and exit 1.
    func locate() throws -> URL {
        do {
            return try WorkspaceLocator.locate(explicitPath: config, from: Self.currentDirectory)
        } catch {
            Console.error("error: \(error.description)")
            throw ExitCode.failure
        }
    }

    /// Finds and loads the workspace, with the `--context` layer on top when there is one.
    func load(context: ContextLayer? = nil) throws -> Workspace {
        Workspace.load(from: try locate(), context: context)
    }

    /// Loads the workspace and stops with its diagnostics when it has errors.
    func loadValid(context: ContextLayer? = nil) throws -> Workspace {
        let workspace = try load(context: context)
        // A broken provider file or a server that does not answer is confined to its own layer
        // (its state is `error`); only
        // problems in the workspace file and blueprints stop a command.
        let providerFiles = Set(workspace.providers.map(\.displayPath))
        let errors = workspace.diagnostics.filter {
            $0.severity == .error && !providerFiles.contains($0.file) && $0.provider == nil
        }
        if !errors.isEmpty {
            Console.error(workspace.diagnosticRenderer(from: Self.currentDirectory).render(all: errors))
            // The count is validate's; the errors shown are the ones that stop a command.
            let all = workspace.diagnostics.filter { $0.severity == .error }.count
            let shown =
                all == errors.count
                ? ""
                : errors.count == 1
                    ? " (the one above stops this command; the others concern one provider layer each)"
                    : " (the \(errors.count) above stop this command; the others concern one provider layer each)"
            Console.error(
                "\nthe workspace has \(Plural.count(all, "error"))\(shown); run `flagscope validate` for details")
            throw ExitCode.failure
        }
        return workspace
    }
}

/// Writing to the terminal's streams (Glibc's `stderr` is not usable from Swift 6).
enum Console {
    /// Prints a line to standard output.
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((safe(text) + "\n").utf8))
    }

    /// Prints a line to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((safe(text) + "\n").utf8))
    }

    /// Prints JSON, two-space indented, to standard output.
    static func json(_ value: JSONValue) {
        out(value.serialized(pretty: true, sortedKeys: false))
    }

    /// Writes what `body` writes to standard output as it goes, a chunk at a time, then a line
    /// break. Text chunks end at line ends and get the guard of ``safe(_:)``; JSON (`isJSON`)
    /// escapes every control and bidi character itself, so its bytes go out as they are.
    static func streamed(isJSON: Bool, _ body: (inout ChunkedOutput) -> Void) {
        var output = ChunkedOutput { chunk in
            if isJSON {
                FileHandle.standardOutput.write(Data(chunk))
            } else {
                FileHandle.standardOutput.write(Data(safe(String(decoding: chunk, as: UTF8.self)).utf8))
            }
        }
        body(&output)
        output.append(0x0A)
        output.flush()
    }

    /// `text` with the control characters of each line escaped (line breaks kept): reports
    /// escape what they quote from files, and this last guard keeps anything they missed from
    /// driving the terminal. Escaped text passes unchanged.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && TerminalText.needsEscape($0) }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.escaped(String($0)) }
            .joined(separator: "\n")
    }
}
