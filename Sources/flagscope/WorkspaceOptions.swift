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

    /// Finds and loads the workspace, with the `--context` layer on top when there is one and
    /// the device profile named `device` active.
    func load(context: ContextLayer? = nil, device: String? = nil) throws -> Workspace {
        Workspace.load(from: try locate(), context: context, device: device)
    }

    /// Loads the workspace and stops with its diagnostics when it has errors.
    func loadValid(context: ContextLayer? = nil, device: String? = nil) throws -> Workspace {
        let workspace = try load(context: context, device: device)
        try Self.stopOnErrors(in: workspace)
        return workspace
    }

    /// Stops (exit 1) with the errors that keep a command from working on `workspace`: those in
    /// the workspace file and blueprints. A broken provider file or a server that does not
    /// answer is confined to its own layer (its state is `error`), and a device profile that
    /// cannot be read to itself, unless it is the one simulated. `at` names a revision read.
    static func stopOnErrors(in workspace: Workspace, at revision: String? = nil) throws {
        let confined = Set(workspace.providers.map(\.displayPath)).union(workspace.deviceFiles)
            .subtracting([workspace.activeDevice?.file].compactMap { $0 })
        let errors = workspace.diagnostics.filter {
            $0.severity == .error && !confined.contains($0.file) && $0.provider == nil
        }
        guard !errors.isEmpty else { return }
        Console.error(workspace.diagnosticRenderer(from: currentDirectory).render(all: errors))
        // The count is validate's; the errors shown are the ones that stop a command.
        let all = workspace.diagnostics.filter { $0.severity == .error }.count
        let shown =
            all == errors.count
            ? ""
            : errors.count == 1
                ? " (the one above stops this command; the others concern one provider layer each)"
                : " (the \(errors.count) above stop this command; the others concern one provider layer each)"
        let which = revision.map { "at \($0) " } ?? ""
        Console.error(
            "\nthe workspace \(which)has \(Plural.count(all, "error"))\(shown); run `flagscope validate` for details")
        throw ExitCode.failure
    }
}

/// Writing to the terminal's streams (Glibc's `stderr` is not usable from Swift 6).
enum Console {
    /// Prints a line to standard output.
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((safe(text) + "\n").utf8))
    }

    /// Writes `text` to standard output as it is: an export, whose formats quote or refuse
    /// control characters themselves (``ExportReport``).
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
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
