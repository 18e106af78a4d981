import Foundation
import TestSupport
import Testing

/// A hostile workspace: FIFOs, devices, folders and link loops where files
/// are expected, absolute paths, unreadable folders and files far too big. Each gets a clear
/// message within a second or so, exit 1, and nothing on disk changes. Every run has a deadline:
/// a command that would hang in `open(2)` fails the test instead of stalling the suite.
@Suite("Files that are not plain files, and files far too big", .serialized)
struct HostileFileTests {
    /// A writable file over a shared one.
    static let workspaceFile = WorkspaceBuilder(
        providers: [.json("Local", "local.json", writable: true), .json("Shared", "shared.json")]
    ).workspaceFile

    static let blueprint = """
        name: App
        flags:
          theme:
            type: enum
            values: [system, light, dark]
            default: system
            description: Colour theme

        """

    /// A workspace with a blueprint, a writable `local.json` and a read-only `shared.json`.
    static func workspace(_ workspaceFile: String = workspaceFile) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: "flagscope-hostile")
        try folder.write("flagscope.yml", workspaceFile)
        try folder.write("blueprints/app.yml", blueprint)
        try folder.write("local.json", "{}\n")
        try folder.write("shared.json", "{\"theme\": \"dark\"}\n")
        return folder
    }

    /// Runs the CLI with a short deadline and checks that it did not hang.
    static func run(
        _ arguments: [String], in folder: TemporaryFolder, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> TimedCLI.Run {
        let run = try TimedCLI.run(arguments, in: folder.url, timeout: 10)
        #expect(!run.timedOut, "\(run)", sourceLocation: sourceLocation)
        #expect(run.seconds < 5, "\(run)", sourceLocation: sourceLocation)
        return run
    }

    /// Every entry below `folder` with its kind, size, link target and bytes: equal before and
    /// after a command means it touched nothing.
    static func diskState(_ folder: URL) -> [String] {
        var entries: [String] = []
        func walk(_ url: URL, _ relative: String) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.sorted() ?? []
            for name in names {
                let child = url.appendingPathComponent(name)
                let path = relative + name
                var info = stat()
                guard lstat(child.path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    entries.append("\(path)/ \(info.st_mode & 0o7777)")
                    walk(child, path + "/")
                case S_IFLNK:
                    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: child.path)) ?? "?"
                    entries.append("\(path) -> \(target)")
                case S_IFREG:
                    // Sparse giants are compared by size; small files by their bytes.
                    let bytes =
                        info.st_size < 1 << 20 ? ((try? Data(contentsOf: child)).map { "\(Array($0))" } ?? "?") : ""
                    entries.append("\(path) file \(info.st_size) \(bytes)")
                default:
                    entries.append("\(path) special \(info.st_mode & S_IFMT)")
                }
            }
        }
        walk(folder, "")
        return entries
    }

    /// Replaces `path` in `folder` by a FIFO.
    static func makeFIFO(_ path: String, in folder: TemporaryFolder) throws {
        try? FileManager.default.removeItem(at: folder.file(path))
        try FileManager.default.createDirectory(
            at: folder.file(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(folder.file(path).path, 0o644) == 0)
    }

    /// Replaces `path` in `folder` by a symbolic link to `target`.
    static func makeLink(_ path: String, to target: String, in folder: TemporaryFolder) throws {
        try? FileManager.default.removeItem(at: folder.file(path))
        try FileManager.default.createSymbolicLink(atPath: folder.file(path).path, withDestinationPath: target)
    }

    // MARK: FIFOs

    @Test("A FIFO as flagscope.yml, as a blueprint (named or globbed), as a provider: said at once, exit 1")
    func fifos() throws {
        let cases: [(String, String?, String)] = [
            (
                "flagscope.yml", nil,
                "flagscope.yml: error: cannot read file: it is a FIFO (named pipe), not a regular file"
            ),
            ("blueprints/pipe.yml", nil, "blueprints/pipe.yml: error: cannot read file: it is a FIFO"),
            (
                "pipe.yml",
                Self.workspaceFile.replacingOccurrences(
                    of: "  - blueprints/*.yml", with: "  - blueprints/*.yml\n  - pipe.yml"),
                "pipe.yml: error: cannot read file: it is a FIFO"
            ),
            (
                "shared.json", nil,
                "shared.json: error: cannot read provider file: it is a FIFO (named pipe), not a regular file"
            ),
            (
                "local.json", nil,
                "local.json: error: cannot read provider file: it is a FIFO (named pipe), not a regular file"
            ),
        ]
        for (path, workspaceText, message) in cases {
            let folder = try Self.workspace(workspaceText ?? Self.workspaceFile)
            defer { folder.remove() }
            try Self.makeFIFO(path, in: folder)
            let before = Self.diskState(folder.url)
            let run = try Self.run(["validate"], in: folder)
            #expect(run.status == 1, "\(run)")
            #expect(run.err.contains(message) || run.out.contains(message), "\(path): \(run)")
            #expect(Self.diskState(folder.url) == before, "\(path)")
        }
    }

    @Test("`set` refuses a writable file that is a FIFO, creating nothing, not even a lock file")
    func writableFIFO() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.makeFIFO("local.json", in: folder)
        let before = Self.diskState(folder.url)
        let run = try Self.run(["set", "theme", "dark"], in: folder)
        #expect(run.status == 1, "\(run)")
        #expect(
            run.err.contains(
                "error: refusing to write local.json: it is a FIFO (named pipe), not a regular file; nothing was written"
            ), "\(run)")
        #expect(Self.diskState(folder.url) == before)
    }

    @Test("A FIFO given as --config or --context-file is refused, not waited on")
    func fifoArguments() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.makeFIFO("other.yml", in: folder)
        try Self.makeFIFO("context.json", in: folder)
        let config = try Self.run(["list", "--config", folder.file("other.yml").path], in: folder)
        #expect(config.status == 1, "\(config)")
        #expect(config.both.contains("cannot read file: it is a FIFO (named pipe), not a regular file"), "\(config)")
        let context = try Self.run(["get", "theme", "--context-file", "context.json"], in: folder)
        #expect(context.status == 1, "\(context)")
        #expect(
            context.err.contains(
                "context.json: error: cannot read the context file: it is a FIFO (named pipe), not a regular file"),
            "\(context)")
    }

    @Test("The browser shows a FIFO provider's layer in error and does not hang")
    func snapshotWithFIFO() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.makeFIFO("shared.json", in: folder)
        let run = try Self.run(["snapshot", "--size", "120x30"], in: folder)
        #expect(run.status == 0, "\(run)")
        #expect(run.out.contains("Shared ⚠ error"), "\(run.out)")
        #expect(
            run.out.contains("1 error in the workspace: shared.json: error: cannot read provider file: it is a FIFO"))
    }

    // MARK: Devices, folders, link loops

    @Test("/dev/zero, /dev/urandom and /dev/null as a provider say what they are, not permission denied")
    func devices() throws {
        for device in ["/dev/zero", "/dev/urandom", "/dev/null"] {
            let folder = try Self.workspace()
            defer { folder.remove() }
            try Self.makeLink("shared.json", to: device, in: folder)
            let run = try Self.run(["validate"], in: folder)
            #expect(run.status == 1, "\(run)")
            #expect(
                run.out.contains(
                    "shared.json: error: cannot read provider file: it is a character device, not a regular file"),
                "\(device): \(run)")
            #expect(!run.both.contains("permission denied"))
        }
        // Named directly as the path.
        let folder = try Self.workspace(
            Self.workspaceFile.replacingOccurrences(of: "path: shared.json", with: "path: /dev/zero"))
        defer { folder.remove() }
        let run = try Self.run(["validate"], in: folder)
        #expect(run.status == 1, "\(run)")
        #expect(run.out.contains("/dev/zero: error: cannot read provider file: it is a character device"), "\(run)")
    }

    @Test("A folder or a symbolic link loop where a file is expected says so (never NSCocoaErrorDomain)")
    func foldersAndLoops() throws {
        let cases: [(String, String)] = [
            ("folder", "shared.json: error: cannot read provider file: it is a folder, not a file"),
            ("loop", "shared.json: error: cannot read provider file: it is a symbolic link loop"),
        ]
        for (kind, message) in cases {
            let folder = try Self.workspace()
            defer { folder.remove() }
            try FileManager.default.removeItem(at: folder.file("shared.json"))
            if kind == "folder" {
                try FileManager.default.createDirectory(
                    at: folder.file("shared.json"), withIntermediateDirectories: true)
            } else {
                try Self.makeLink("shared.json", to: "shared.json", in: folder)
            }
            let run = try Self.run(["validate"], in: folder)
            #expect(run.status == 1, "\(run)")
            #expect(run.out.contains(message), "\(kind): \(run)")
            #expect(!run.both.contains("NSCocoaErrorDomain"))
        }
    }

    @Test("A flagscope.yml that links to itself is a link loop, not 'no flagscope.yml found'")
    func workspaceFileLoop() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.makeLink("flagscope.yml", to: "flagscope.yml", in: folder)
        let run = try Self.run(["validate"], in: folder)
        #expect(run.status == 1, "\(run)")
        #expect(run.out.contains("flagscope.yml: error: cannot read file: it is a symbolic link loop"), "\(run)")
        #expect(!run.both.contains("no flagscope.yml found"))
    }

    @Test("A writable file that links to itself is reported as a loop, and `set` keeps the link")
    func writableLoop() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.makeLink("local.json", to: "local.json", in: folder)
        let before = Self.diskState(folder.url)
        let validate = try Self.run(["validate"], in: folder)
        #expect(validate.status == 1, "\(validate)")
        #expect(validate.out.contains("local.json: error: cannot read provider file: it is a symbolic link loop"))
        #expect(!validate.out.contains("does not exist"), "not shown as missing: \(validate)")
        let set = try Self.run(["set", "theme", "dark"], in: folder)
        #expect(set.status == 1, "\(set)")
        #expect(
            set.err.contains("it is a symbolic link loop (a link that leads back to itself); nothing was written"),
            "\(set)")
        #expect(Self.diskState(folder.url) == before)
    }

    // MARK: Paths and folders

    @Test("An absolute provider path and an absolute blueprint glob are used as is")
    func absolutePaths() throws {
        let outside = try TemporaryFolder(prefix: "flagscope-outside")
        defer { outside.remove() }
        try outside.write("values.json", "{\"theme\": \"light\"}\n")
        try outside.write(
            "more/extra.yml", "name: Extra\nflags:\n  size:\n    type: int\n    default: 7\n    description: Size\n")
        let folder = try Self.workspace(
            """
            blueprints:
              - blueprints/*.yml
              - \(outside.url.path)/more/*.yml
            providers:
              - name: Outside
                format: json
                path: \(outside.url.path)/values.json

            """)
        defer { folder.remove() }
        let get = try Self.run(["get", "theme"], in: folder)
        #expect(get.status == 0, "\(get)")
        #expect(get.out.contains("value    light   from Outside"), "\(get.out)")
        let size = try Self.run(["get", "size"], in: folder)
        #expect(size.status == 0, "\(size)")
        #expect(size.out.contains("value    7"), "\(size.out)")
    }

    @Test("A blueprints folder that is a file is an error at the pattern, not 'matches no file'")
    func blueprintFolderIsAFile() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try FileManager.default.removeItem(at: folder.file("blueprints"))
        try folder.write("blueprints", "not a folder\n")
        let run = try Self.run(["validate"], in: folder)
        #expect(run.status == 1, "\(run)")
        #expect(
            run.out.contains(
                "flagscope.yml:2:5: error: 'blueprints/*.yml' cannot be matched: cannot read the folder blueprints: it is a file, not a folder"
            ), "\(run)")
        #expect(!run.out.contains("matches no"))
    }

    @Test("A blueprints folder that cannot be read is 'permission denied', an error (run as an unprivileged user)")
    func unreadableBlueprintFolder() throws {
        let folder = try Self.workspace()
        defer {
            chmod(folder.file("blueprints").path, 0o755)
            folder.remove()
        }
        chmod(folder.url.path, 0o755)
        chmod(folder.file("blueprints").path, 0o000)
        var arguments = ["validate"]
        // root reads any folder: the command runs as nobody, which the chmod does stop.
        if getuid() == 0 {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "setpriv is needed as root")
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", CLIRunner.executable.path, "validate"]
        }
        let run: CLIRunner.Output
        if getuid() == 0 {
            run = try Self.runProgram("/usr/bin/setpriv", arguments, in: folder)
        } else {
            let timed = try Self.run(arguments, in: folder)
            run = CLIRunner.Output(stdout: timed.out, stderr: timed.err, status: timed.status)
        }
        #expect(run.status == 1, "\(run)")
        #expect(
            run.stdout.contains(
                "flagscope.yml:2:5: error: 'blueprints/*.yml' cannot be matched: cannot read the folder blueprints: permission denied"
            ), "\(run)")
    }

    /// Runs another program (setpriv) with a deadline, output captured.
    static func runProgram(_ program: String, _ arguments: [String], in folder: TemporaryFolder) throws
        -> CLIRunner.Output
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["NO_COLOR"] = "1"
        environment["HOME"] = "/tmp"
        environment["XDG_CACHE_HOME"] = "/tmp"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let run = try TimedCLI.run(process, timeout: 10)
        #expect(!run.timedOut, "\(program) \(arguments) timed out")
        return CLIRunner.Output(stdout: run.out, stderr: run.err, status: run.status)
    }

    // MARK: Size limits

    /// A sparse file of `size` bytes at `path`: no disk space, but `stat` says it is that big.
    static func sparseFile(_ path: String, size: Int64, in folder: TemporaryFolder) throws {
        let descriptor = open(folder.file(path).path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(ftruncate(descriptor, off_t(size)) == 0)
    }

    @Test("A 2 GB provider file is refused in well under a second, with its size, the limit and how to raise it")
    func hugeProvider() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.sparseFile("shared.json", size: 2 << 30, in: folder)
        let before = Self.diskState(folder.url)
        let run = try Self.run(["validate"], in: folder)
        #expect(run.status == 1, "\(run)")
        #expect(
            run.out.contains(
                "shared.json: error: cannot read provider file: it is 2 GB, larger than the 256 MB limit for one file; raise it with 'limits: { fileSize: 2GB }' in flagscope.yml"
            ), "\(run)")
        #expect(run.seconds < 2, "\(run)")
        #expect(Self.diskState(folder.url) == before)
    }

    @Test("`limits: { fileSize: }` lowers or raises the limit for blueprints and provider files")
    func configuredLimit() throws {
        let folder = try Self.workspace(Self.workspaceFile + "limits:\n  fileSize: 1KB\n")
        defer { folder.remove() }
        try folder.write(
            "shared.json", "{\"theme\": \"dark\", \"pad\": \"\(String(repeating: "x", count: 2000))\"}\n")
        let run = try Self.run(["validate"], in: folder)
        #expect(run.status == 1, "\(run)")
        #expect(
            run.out.contains(
                "shared.json: error: cannot read provider file: it is 2.0 KB, larger than the 1 KB limit for one file; raise it with 'limits: { fileSize: 2KB }' in flagscope.yml"
            ), "\(run)")
        // Raised, the same file is read (its extra key is only a warning).
        try folder.write("flagscope.yml", Self.workspaceFile + "limits:\n  fileSize: 1MB\n")
        let raised = try Self.run(["get", "theme"], in: folder)
        #expect(raised.status == 0, "\(raised)")
        #expect(raised.out.contains("dark   from Shared"), "\(raised.out)")
    }

    @Test("A limit that is not a size is a located error")
    func badLimit() throws {
        for (value, column) in [("lots", 13), ("-5MB", 13), ("0", 13)] {
            let folder = try Self.workspace(Self.workspaceFile + "limits:\n  fileSize: \(value)\n")
            defer { folder.remove() }
            let run = try Self.run(["validate"], in: folder)
            #expect(run.status == 1, "\(run)")
            #expect(
                run.out.contains(
                    "flagscope.yml:12:\(column): error: 'fileSize' must be a size such as 512MB or 2GB (KB, MB and GB are powers of 1024; a plain number is bytes); the default is 256MB"
                ), "\(value): \(run)")
        }
        let folder = try Self.workspace(Self.workspaceFile + "limits:\n  fileSzie: 1GB\n")
        defer { folder.remove() }
        let run = try Self.run(["validate"], in: folder)
        #expect(run.out.contains("flagscope.yml:12:3: error: unknown field 'fileSzie' in 'limits'"), "\(run)")
    }

    @Test("Server answers past the limit are refused: by their Content-Length, or once that much has come")
    func hugeServerAnswers() throws {
        let server = try FlagServer()
        defer { server.stop() }
        for (mode, message) in [
            (
                "huge-length",
                "the server's answer is 1 GB, larger than the 1 MB limit; raise it with 'limits: { fileSize: 1GB }' in flagscope.yml"
            ),
            (
                "huge-stream",
                "the server's answer is larger than the 1 MB limit (reading stopped there); raise it with 'limits: { fileSize: 2MB }' in flagscope.yml"
            ),
        ] {
            let folder = try Self.workspace(
                """
                blueprints:
                  - blueprints/*.yml
                providers:
                  - name: Server
                    format: unleash
                    url: \(server.url(mode))
                    timeout: 30
                limits:
                  fileSize: 1MB

                """)
            defer { folder.remove() }
            let run = try TimedCLI.run(
                ["validate"], in: folder.url, timeout: 20, environment: ["XDG_CACHE_HOME": folder.file("cache").path])
            #expect(!run.timedOut, "\(run)")
            #expect(run.seconds < 10, "\(mode): \(run)")
            #expect(run.status == 1, "\(run)")
            #expect(run.out.contains(message), "\(mode): \(run)")
        }
    }
}
