import Foundation
import TestSupport
import Testing

/// Scripts/lint-portability, which CI runs before the build: a Linux-only name outside
/// Sources/FlagCore/Platform/HostPlatform.swift fails it, with the file and line.
@Suite("Portability lint")
struct PortabilityLintTests {
    static let platformFile = "Sources/FlagCore/Platform/HostPlatform.swift"

    /// Runs the script on a checkout (or a copy of one): its exit status and everything it printed.
    static func lint(_ root: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "bash", Repository.root.appendingPathComponent("Scripts/lint-portability").path, root.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A copy of what the script reads (Sources/ and Package.swift), to add lines to.
    static func copyOfSources() throws -> TemporaryFolder {
        let copy = try TemporaryFolder(prefix: "flagscope-lint")
        for item in ["Sources", "Package.swift"] {
            try FileManager.default.copyItem(
                at: Repository.root.appendingPathComponent(item), to: copy.file(item))
        }
        return copy
    }

    /// Appends `line` to `path` in `folder`; returns its line number.
    static func append(_ line: String, to path: String, in folder: TemporaryFolder) throws -> Int {
        let text = try folder.read(path)
        try folder.write(path, text + line + "\n")
        // The text ends with a newline, so the split's last, empty part is where the line went.
        return text.split(separator: "\n", omittingEmptySubsequences: false).count
    }

    @Test("The repository names nothing Linux-only outside the platform file")
    func repositoryPasses() throws {
        let run = try Self.lint(Repository.root)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.isEmpty, "\(run.output)")
    }

    @Test("A /proc/ read added outside the platform file fails, named by file and line; inside it passes")
    func procOutsideThePlatformFile() throws {
        let copy = try Self.copyOfSources()
        defer { copy.remove() }
        let read = #"let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)"#
        let inside = try Self.append(read, to: Self.platformFile, in: copy)
        #expect(inside > 1)
        #expect(try Self.lint(copy.url).status == 0)

        let line = try Self.append(read, to: "Sources/flagscope/TerminalWidth.swift", in: copy)
        let run = try Self.lint(copy.url)
        #expect(run.status == 1)
        let reports = run.output.split(separator: "\n")
        #expect(reports.count == 1, "\(run.output)")
        #expect(
            reports.first?.hasPrefix("Sources/flagscope/TerminalWidth.swift:\(line): /proc/: macOS has no /proc")
                == true,
            "\(run.output)")
    }

    @Test("Glibc., st_mtim and a Linux-only #if without #else are each named; comments are not")
    func otherNames() throws {
        let copy = try Self.copyOfSources()
        defer { copy.remove() }
        let file = "Sources/FlagCore/Files/FileSystem.swift"
        let qualified = try Self.append("let pipeResult = Glibc.pipe(nil)", to: file, in: copy)
        let field = try Self.append("let seconds = info.st_mtim.tv_sec", to: file, in: copy)
        _ = try Self.append("// st_mtim is Linux's name, and /proc/ its own", to: file, in: copy)
        let branch = try Self.append("#if os(Linux)", to: file, in: copy)
        _ = try Self.append("    let linux = true", to: file, in: copy)
        _ = try Self.append("#endif", to: file, in: copy)
        _ = try Self.append("#if canImport(Glibc)\n    let a = 1\n#else\n    let a = 2\n#endif", to: file, in: copy)
        let run = try Self.lint(copy.url)
        #expect(run.status == 1)
        let reports = run.output.split(separator: "\n").map(String.init)
        #expect(
            reports == [
                "\(file):\(qualified): Glibc.: Glibc is Linux's C module: a call that differs goes in \(Self.platformFile)",
                "\(file):\(field): st_mtim: macOS's struct stat has st_mtimespec: HostPlatform.modificationNanoseconds",
                "\(file):\(branch): #if os(Linux): a Linux-only branch with no #else for macOS",
            ], "\(run.output)")
    }
}
