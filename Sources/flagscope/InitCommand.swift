import ArgumentParser
import FlagCore
import Foundation

/// `flagscope init`: a starter workspace in the current folder; never overwrites.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Write a starter flagscope.yml, one blueprint with a feature, an empty local file and a .gitignore for its locks."
    )

    @Option(
        name: .customLong("swift"),
        help: ArgumentHelp(
            "Read the app's own Swift flag declarations under this folder instead of writing a YAML blueprint.",
            valueName: "FOLDER"))
    var swiftSources: String?

    /// What to run instead: the folders here that hold Swift sources (the closest name first),
    /// or, with none, how to make the folder.
    static func hint(for missing: String, in folder: URL) -> String {
        let found = StarterWorkspace.swiftSourceFolders(in: folder)
        guard !found.isEmpty else {
            return
                "no folder here holds .swift files: run init in the app's folder, or create it with `mkdir -p \(ShellWord.quoted(missing))` first"
        }
        let closest = Suggestion.closest(to: missing, in: found)
        let ordered = closest.map { [$0] + found.filter { $0 != closest } } ?? found
        let commands = ordered.prefix(3).map { "`flagscope init --swift \(ShellWord.quoted($0))`" }
        let more = found.count > 3 ? " (\(found.count) folders here hold .swift files)" : ""
        return "these hold Swift sources: " + commands.joined(separator: ", ") + more
    }

    func run() throws {
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        do {
            if let swiftSources {
                var isFolder: ObjCBool = false
                guard
                    FileManager.default.fileExists(
                        atPath: folder.appendingPathComponent(swiftSources).path, isDirectory: &isFolder),
                    isFolder.boolValue
                else {
                    Console.error(
                        "error: no folder '\(TerminalText.escaped(swiftSources))' here; nothing was written\n  hint: \(Self.hint(for: swiftSources, in: folder))"
                    )
                    throw ExitCode.failure
                }
                let written = try StarterWorkspace.create(
                    StarterWorkspace.swiftFiles(sources: swiftSources), in: folder)
                for path in written { Console.out("wrote \(path)") }
                Console.out(
                    "next: `flagscope validate` (what the Swift sources declare), then `flagscope list` or `flagscope`")
                return
            }
            let written = try StarterWorkspace.create(in: folder)
            for path in written { Console.out("wrote \(path)") }
            Console.out("next: `flagscope validate`, `flagscope list`, then `flagscope explain photo_import`")
        } catch let exit as ExitCode {
            // Already said: only the exit status is left to give.
            throw exit
        } catch let refusal as StarterWorkspace.InitError {
            Console.error("error: \(refusal.description)")
            throw ExitCode.failure
        } catch {
            Console.error("error: cannot write the starter workspace: \(FileErrorText.describe(error))")
            throw ExitCode.failure
        }
    }
}
