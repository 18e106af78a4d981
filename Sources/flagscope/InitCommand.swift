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
                        "error: no folder '\(TerminalText.escaped(swiftSources))' here\n  hint: name the folder of the app's Swift sources, such as `flagscope init --swift Sources`; nothing was written"
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
        } catch let refusal as StarterWorkspace.Refusal {
            Console.error("error: \(refusal.description)")
            throw ExitCode.failure
        } catch {
            Console.error("error: cannot write the starter workspace: \(FileProblem.describe(error))")
            throw ExitCode.failure
        }
    }
}
