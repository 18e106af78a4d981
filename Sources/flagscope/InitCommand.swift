import ArgumentParser
import FlagCore
import Foundation

/// `flagscope init`: a starter workspace in the current folder; never overwrites.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Write a starter flagscope.yml, one blueprint with a feature, an empty local file and a .gitignore for its locks."
    )

    func run() throws {
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        do {
            let written = try StarterWorkspace.create(in: folder)
            for path in written { Console.out("wrote \(path)") }
            Console.out("next: `flagscope validate`, `flagscope list`, then `flagscope explain photo_import`")
        } catch let refusal as StarterWorkspace.Refusal {
            Console.error("error: \(refusal.description)")
            throw ExitCode.failure
        } catch {
            Console.error("error: cannot write the starter workspace: \(FileProblem.describe(error))")
            throw ExitCode.failure
        }
    }
}
