import Foundation
import TestSupport
import Testing

/// A copy of the bundled demo workspace (hidden `.flagscope` folder included) in a temp folder.
struct DemoCopy {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        try folder.copyDemo()
    }

    var workspaceFile: URL { folder.url.appendingPathComponent("flagscope.yml") }
    var localFile: URL { folder.url.appendingPathComponent(".flagscope/local.json") }

    /// Runs `flagscope arguments…` in the copy's folder.
    func run(_ arguments: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(arguments, in: folder.url)
    }

    /// The browser's arguments for this workspace.
    var browserArguments: [String] { ["--config", workspaceFile.path] }

    /// The writable local file, parsed (an empty object when missing).
    func local() throws -> [String: Any] {
        guard FileManager.default.fileExists(atPath: localFile.path) else { return [:] }
        return try readJSONObject(at: localFile)
    }

    /// Polls the local file until `condition` holds on it (writes land between frames); most
    /// callers only wait, some read what it holds then.
    @discardableResult
    func waitForLocal(_ what: String, timeout: Double = 10, _ condition: ([String: Any]) -> Bool) async throws
        -> [String: Any]
    {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let contents = (try? local()) ?? [:]
            if condition(contents) { return contents }
            if Date() > deadline {
                let text = (try? String(contentsOf: localFile, encoding: .utf8)) ?? "(missing)"
                throw TmuxSession.Failure(
                    description:
                        "after \(timeout) s .flagscope/local.json still does not have \(what); it reads:\n\(text)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    func remove() { folder.remove() }
}
