import FlagCore
import Foundation

/// The files of a workspace as they are at a git revision, read with git (`ls-tree`,
/// `cat-file`), nothing checked out and nothing written: what `diff @REV` compares with.
/// A few files come from the working tree instead (`fromWorkingTree`): the device profiles, so
/// the same device is compared, and local files git ignores, which no revision holds.
struct GitRevisionFileSystem: FileSystem {
    /// The revision as given (`HEAD~1`, `main`).
    let revision: String
    /// The commit it names.
    let commit: String
    /// The repository's top folder.
    let root: URL
    /// The files at the revision.
    let listing: PathListing
    /// Absolute paths read from the working tree.
    let fromWorkingTree: Set<String>
    /// Where those are read.
    let disk = LocalFileSystem()

    /// Why a revision cannot be read.
    struct RevisionError: Error, CustomStringConvertible {
        var description: String
    }

    /// The revision `revision` of the repository holding `folder`.
    init(revision: String, folder: URL, fromWorkingTree: [URL]) throws(RevisionError) {
        guard let top = Self.git(["rev-parse", "--show-toplevel"], in: folder) else {
            throw RevisionError(
                description:
                    "@\(revision): the workspace is not in a git repository (\(folder.path)); a revision needs one")
        }
        let root = URL(fileURLWithPath: String(decoding: top, as: UTF8.self).trimmingCharacters(in: .newlines))
        // `--end-of-options` keeps a revision that starts with `-` from being read as an option.
        guard
            let commit = Self.git(
                ["rev-parse", "--verify", "--quiet", "--end-of-options", "\(revision)^{commit}"], in: root)
        else {
            throw RevisionError(
                description: "@\(revision): git knows no revision '\(TerminalText.escaped(revision))' in \(root.path)")
        }
        self.revision = revision
        self.commit = String(decoding: commit, as: UTF8.self).trimmingCharacters(in: .newlines)
        self.root = root
        let listed = Self.git(["ls-tree", "-r", "-z", "--name-only", self.commit], in: root) ?? []
        let paths = listed.split(separator: 0).map {
            root.appendingPathComponent(String(decoding: $0, as: UTF8.self)).path
        }
        let local = fromWorkingTree.map { $0.standardizedFileURL.path }
        listing = PathListing(paths + local)
        self.fromWorkingTree = Set(local)
    }

    /// Runs git in `folder`; its standard output, or nil when it fails.
    static func git(_ arguments: [String], in folder: URL) -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? Array(bytes) : nil
    }

    /// The files among `candidates` that git ignores: local state no revision holds.
    static func ignored(_ candidates: [URL], in folder: URL) -> [URL] {
        candidates.filter { git(["check-ignore", "-q", "--", $0.path], in: folder) != nil }
    }

    func contents(of url: URL) throws -> [UInt8] {
        try contents(of: url, limit: FileSizeLimit.defaultBytes)
    }

    func contents(of url: URL, limit: Int64) throws -> [UInt8] {
        let path = url.standardizedFileURL.path
        if fromWorkingTree.contains(path) { return try disk.contents(of: url, limit: limit) }
        guard listing.isFile(url), path.hasPrefix(root.path + "/") else {
            throw RevisionError(description: "no such file at @\(revision)")
        }
        let relative = String(path.dropFirst(root.path.count + 1))
        if let size = Self.git(["cat-file", "-s", "\(commit):\(relative)"], in: root),
            let bytes = Int64(String(decoding: size, as: UTF8.self).trimmingCharacters(in: .newlines)), bytes > limit
        {
            throw FileReadError(.tooLarge(size: bytes, limit: limit))
        }
        guard let bytes = Self.git(["cat-file", "blob", "\(commit):\(relative)"], in: root) else {
            throw RevisionError(description: "git cannot read it at @\(revision)")
        }
        return bytes
    }

    func fileExists(at url: URL) -> Bool { listing.exists(url) }

    func readProblem(at url: URL) -> FileReadError? { nil }

    func glob(_ pattern: String, in folder: URL) -> [String] { listing.glob(pattern, in: folder) }

    func folderProblem(forGlob pattern: String, in folder: URL) -> (folder: String, error: FileReadError)? { nil }

    func resolvingSymlinks(_ url: URL) -> URL { url }

    func status(of url: URL) -> FileStatus? { nil }

    func createDirectory(_ url: URL) throws { throw RevisionError(description: "@\(revision) is read-only") }

    func lock(_ url: URL, timeout: Double) throws -> FileLock { FileLock.none() }

    func writeTemporary(_ bytes: [UInt8], beside url: URL, permissions: UInt32) throws -> URL {
        throw RevisionError(description: "@\(revision) is read-only")
    }

    func replace(_ target: URL, with temporary: URL) throws {
        throw RevisionError(description: "@\(revision) is read-only")
    }

    func removeFile(_ url: URL) {}
}
