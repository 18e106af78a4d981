import Foundation
import TestSupport
import Testing

/// Writing through real processes: stale and live locks, an uncreatable writable path, nothing
/// written outside the declared files, permission bits and symlinks kept (docs/providers.md).
@Suite("Write safety with real processes", .serialized)
struct WriteSafetyTests {
    static let original = "{\n  \"lab/theme\": \"dark\"\n}\n"

    /// The CLI fixture workspace with a Local file holding one key.
    static func workspace() throws -> TemporaryFolder {
        let folder = try CLIFixture.folder([".flagscope/local.json": original])
        return folder
    }

    static var localFile: String { ".flagscope/local.json" }

    static func mode(_ url: URL) -> Int {
        var info = stat()
        return lstat(url.path, &info) == 0 ? Int(info.st_mode) & 0o7777 : -1
    }

    static func bytes(_ url: URL) -> [UInt8]? { (try? Data(contentsOf: url)).map(Array.init) }

    // MARK: (a) locks

    /// A child process that takes `flock(LOCK_EX)` on `path` and sleeps; returns once it holds the lock.
    static func lockHolder(_ path: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/perl")
        process.arguments = [
            "-e",
            #"use Fcntl qw(:flock); open(my $f, ">>", $ARGV[0]) or die "open: $!"; flock($f, LOCK_EX) or die "flock: $!"; $| = 1; print "locked\n"; sleep 120;"#,
            path.path,
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var seen = Data()
        let deadline = Date().addingTimeInterval(10)
        while !String(decoding: seen, as: UTF8.self).contains("locked"), Date() < deadline {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        #expect(String(decoding: seen, as: UTF8.self).contains("locked"), "the helper took the lock")
        return process
    }

    /// Takes the lock in this process (flock is per open file: a child `flagscope` is blocked by it).
    static func holdLock(_ path: URL) -> Int32 {
        let descriptor = open(path.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        #expect(descriptor >= 0)
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0, "the test took the lock")
        return descriptor
    }

    static let perlAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/perl")

    @Test("A lock held by a process that was then SIGKILLed does not block set", .enabled(if: perlAvailable))
    func lockOfKilledProcess() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let lockFile = folder.url.appendingPathComponent(Self.localFile + ".lock")
        let holder = try Self.lockHolder(lockFile)
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        #expect(holder.terminationReason == .uncaughtSignal)
        #expect(FileManager.default.fileExists(atPath: lockFile.path), "the killed holder left its lock file behind")
        let run = try TimedCLI.run(["set", "lab/sson", "true"], in: folder.url, timeout: 20)
        #expect(run.status == 0, "\(run)")
        #expect(run.seconds < 3, "set did not wait for a dead process's lock (\(run.seconds) s)")
        let object = try CLIFixture.object(try folder.read(Self.localFile))
        #expect(object["lab/sson"] as? Bool == true && object["lab/theme"] as? String == "dark", "\(object)")
    }

    @Test("A leftover lock file nobody holds (with junk in it) does not block set")
    func leftoverLockFile() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try folder.write(Self.localFile + ".lock", "pid 99999999 was here\n")
        let run = try TimedCLI.run(["set", "lab/sson", "true"], in: folder.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.seconds < 3, "\(run.seconds) s")
        #expect(try CLIFixture.object(try folder.read(Self.localFile))["lab/sson"] as? Bool == true)
    }

    @Test("While another process holds the lock, set waits and succeeds once it is released")
    func waitsForLiveLock() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let lockFile = folder.url.appendingPathComponent(Self.localFile + ".lock")
        let descriptor = Self.holdLock(lockFile)
        var released = false
        defer { if !released { close(descriptor) } }
        let process = CLIRunner.process(["set", "lab/sson", "true"], in: folder.url)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = Date()
        try process.run()
        usleep(1_500_000)
        #expect(process.isRunning, "set waits while the lock is held")
        #expect(
            try folder.read(Self.localFile) == Self.original, "nothing is written while another process holds the lock")
        flock(descriptor, LOCK_UN)
        close(descriptor)
        released = true
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(Date().timeIntervalSince(start) < 5, "set continued promptly after the release")
        #expect(try CLIFixture.object(try folder.read(Self.localFile))["lab/sson"] as? Bool == true)
    }

    @Test("A lock held past the timeout (5 s): exit 1, a message naming the lock, the file unchanged")
    func liveLockTimesOut() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let lockFile = folder.url.appendingPathComponent(Self.localFile + ".lock")
        let descriptor = Self.holdLock(lockFile)
        defer { close(descriptor) }
        let before = Self.bytes(folder.url.appendingPathComponent(Self.localFile))
        let run = try TimedCLI.run(["set", "lab/sson", "true"], in: folder.url, timeout: 30)
        #expect(run.status == 1, "\(run)")
        #expect(run.seconds >= 4.5 && run.seconds < 15, "waited about the 5 s timeout: \(run.seconds) s")
        #expect(run.err.contains("local.json.lock") && run.err.contains("another process"), "\(run)")
        #expect(Self.bytes(folder.url.appendingPathComponent(Self.localFile)) == before, "the file is unchanged")
        let names = try FileManager.default.contentsOfDirectory(
            atPath: folder.url.appendingPathComponent(".flagscope").path
        ).sorted()
        #expect(names == ["local.json", "local.json.lock"], "no temporary file: \(names)")
    }

    // MARK: (b) an uncreatable writable path

    static func workspaceWritingTo(_ path: String) throws -> TemporaryFolder {
        let folder = try CLIFixture.folder()
        try folder.write(
            "flagscope.yml",
            CLIFixture.workspace(blueprints: ["blueprints/app.yml"])
                .replacingOccurrences(of: ".flagscope/local.json", with: path))
        return folder
    }

    @Test(
        "The writable file's parent is a regular file: exit 1, a clear message naming the path, nothing touched",
        arguments: ["state/local.json", "state/sub/local.json"])
    func parentIsAFile(path: String) throws {
        let folder = try Self.workspaceWritingTo(path)
        defer { folder.remove() }
        try folder.write("state", "I am a file, not a folder\n")
        let before = try TreeSnapshot(folder.url)
        for arguments in [["set", "lab/sson", "true"], ["reset", "lab/sson"], ["reset", "--all"]] {
            let run = try TimedCLI.run(arguments, in: folder.url)
            #expect(run.status == 1, "\(run)")
            #expect(run.err.contains("error:"), "\(run)")
            #expect(run.err.contains("state"), "the message names the path\n\(run)")
            #expect(
                !run.err.lowercased().contains("nscocoaerrordomain") && !run.err.contains("error 512"),
                "the reason is said in words, not as a Foundation error code\n\(run)")
        }
        let after = try TreeSnapshot(folder.url)
        #expect(after.differences(from: before) == [], "nothing else was touched")
        #expect(try folder.read("state") == "I am a file, not a folder\n")
    }

    @Test(
        "The writable file's parent folder is read-only (0500): exit 1, a message naming the path, nothing written",
        .enabled(if: geteuid() != 0, "root ignores permission bits"))
    func readOnlyParent() throws {
        let folder = try Self.workspaceWritingTo("state/local.json")
        defer {
            chmod(folder.url.appendingPathComponent("state").path, 0o700)
            folder.remove()
        }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("state"), withIntermediateDirectories: true)
        chmod(folder.url.appendingPathComponent("state").path, 0o500)
        let run = try TimedCLI.run(["set", "lab/sson", "true"], in: folder.url)
        #expect(run.status == 1, "\(run)")
        #expect(run.err.contains("state"), "\(run)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("state").path) == [])
    }

    // MARK: (c) nothing written outside the declared files

    /// Every path under a folder with its bytes (files), link target (symlinks) and mode.
    struct TreeSnapshot: Equatable {
        var entries: [String: String]

        init(_ root: URL) throws {
            entries = [:]
            let base = root.path
            guard let enumerator = FileManager.default.enumerator(atPath: base) else { return }
            while let relative = enumerator.nextObject() as? String {
                let path = base + "/" + relative
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                let mode = String(Int(info.st_mode) & 0o7777, radix: 8)
                switch info.st_mode & S_IFMT {
                case S_IFLNK:
                    entries[relative] =
                        "link → \((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")"
                case S_IFDIR:
                    entries[relative] = "dir \(mode)"
                default:
                    let data = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
                    entries[relative] = "file \(mode) \(data.base64EncodedString())"
                }
            }
        }

        /// Paths added, removed or changed.
        func differences(from other: TreeSnapshot) -> [String] {
            Set(entries.keys).union(other.entries.keys).filter { entries[$0] != other.entries[$0] }.sorted()
        }
    }

    @Test("set and reset change only the writable file and its .lock; no temporary files remain")
    func nothingWrittenOutside() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let before = try TreeSnapshot(folder.url)
        let commands: [[String]] = [
            ["set", "lab/sson", "true"], ["set", "lab/playback_rate", "2.5"], ["set", "lab/theme", "light"],
            ["reset", "lab/sson"], ["set", "lab/future_banner", "snow"], ["reset", "--all"],
            ["set", "lab/sson", "false"],
            ["snapshot", "--keys", "j<Space>"], ["list"], ["validate"], ["get", "lab/sson"],
        ]
        for arguments in commands {
            let run = try TimedCLI.run(arguments, in: folder.url)
            #expect(run.status == 0, "\(run)")
        }
        let after = try TreeSnapshot(folder.url)
        let changed = after.differences(from: before)
        #expect(Set(changed).isSubset(of: [Self.localFile, Self.localFile + ".lock"]), "changed: \(changed)")
        #expect(changed.contains(Self.localFile))
        let leftovers = after.entries.keys.filter { $0.hasSuffix(".tmp") || $0.contains("/.local.json.") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
        #expect(try CLIFixture.object(try folder.read(Self.localFile)).count == 1)
    }

    @Test("A writable file that does not exist yet: only it, its folder and its .lock appear")
    func createdFileOnly() throws {
        let folder = try Self.workspaceWritingTo("state/deep/local.json")
        defer { folder.remove() }
        let before = try TreeSnapshot(folder.url)
        let run = try TimedCLI.run(["set", "lab/sson", "true"], in: folder.url)
        #expect(run.status == 0, "\(run)")
        let changed = try TreeSnapshot(folder.url).differences(from: before)
        #expect(
            Set(changed) == ["state", "state/deep", "state/deep/local.json", "state/deep/local.json.lock"], "\(changed)"
        )
    }

    // MARK: (d) permission bits and symlinks

    @Test("Permission bits survive set and reset", arguments: [0o600, 0o640, 0o664])
    func permissionBitsKept(mode: Int) throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent(Self.localFile)
        chmod(file.path, mode_t(mode))
        let set = try TimedCLI.run(["set", "lab/sson", "true"], in: folder.url)
        #expect(set.status == 0, "\(set)")
        #expect(
            Self.mode(file) == mode,
            "after set: \(String(Self.mode(file), radix: 8)), expected \(String(mode, radix: 8))")
        let reset = try TimedCLI.run(["reset", "lab/sson"], in: folder.url)
        #expect(reset.status == 0, "\(reset)")
        #expect(Self.mode(file) == mode, "after reset: \(String(Self.mode(file), radix: 8))")
        #expect(try folder.read(Self.localFile) == Self.original)
    }

    @Test("A symlinked writable file stays a symlink; the target is written with its bits kept")
    func symlinkKept() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try folder.write("shared/real-local.json", Self.original)
        let target = folder.url.appendingPathComponent("shared/real-local.json")
        chmod(target.path, 0o640)
        let link = folder.url.appendingPathComponent(Self.localFile)
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../shared/real-local.json")

        let run = try TimedCLI.run(["set", "lab/sson", "true"], in: folder.url)
        #expect(run.status == 0, "\(run)")
        #expect(
            (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == "../shared/real-local.json",
            "still a symlink to the same target")
        let object = try CLIFixture.object(String(decoding: try Data(contentsOf: target), as: UTF8.self))
        #expect(object["lab/sson"] as? Bool == true && object["lab/theme"] as? String == "dark", "\(object)")
        #expect(Self.mode(target) == 0o640)
        let get = try TimedCLI.run(["get", "lab/sson"], in: folder.url)
        #expect(get.out.contains("from Local"), "\(get)")
        let shared = try FileManager.default.contentsOfDirectory(
            atPath: folder.url.appendingPathComponent("shared").path)
        #expect(shared.allSatisfy { !$0.hasSuffix(".tmp") }, "no temporary files beside the target: \(shared)")
    }
}
