import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// The calls of `HostPlatform`, which differ between Linux and macOS, as their callers see them:
/// the workspace's globs, a file's identity, the terminal's width, the connection probe and the
/// bench's memory figures.
@Suite("Host platform calls")
struct HostPlatformTests {
    @Test("A glob gives the matching paths relative to the folder, in byte order, hidden files left out")
    func globMatches() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for name in ["b.yml", "a.yml", "B.yml", "c.json", ".hidden.yml", "sub/d.yml", "sub/e.yml"] {
            try folder.write(name, "x: 1\n")
        }
        let files = LocalFileSystem()
        // Sorted by bytes (upper case first), whatever order the C library's collation gives.
        #expect(files.glob("*.yml", in: folder.url) == ["B.yml", "a.yml", "b.yml"])
        #expect(files.glob("sub/*.yml", in: folder.url) == ["sub/d.yml", "sub/e.yml"])
        #expect(files.glob("[ab].yml", in: folder.url) == ["a.yml", "b.yml"])
        #expect(files.glob("?.json", in: folder.url) == ["c.json"])
        #expect(files.glob("*.toml", in: folder.url).isEmpty)
        #expect(files.glob("missing/*.yml", in: folder.url).isEmpty)
        // An absolute pattern outside the folder gives absolute paths.
        let elsewhere = folder.file("elsewhere")
        #expect(
            files.glob(folder.url.path + "/sub/*.yml", in: elsewhere) == [
                folder.url.path + "/sub/d.yml", folder.url.path + "/sub/e.yml",
            ])
        // The platform call itself: every match, as written in the pattern.
        #expect(
            Set(HostPlatform.glob(folder.url.path + "/*.yml"))
                == Set(["a.yml", "b.yml", "B.yml"].map { folder.url.path + "/" + $0 }))
        #expect(HostPlatform.glob(folder.url.path + "/*.toml").isEmpty)
    }

    @Test("A file's modification time is read to the nanosecond")
    func modificationTime() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("flags.json", "{}")
        var times = [
            timespec(tv_sec: 1_700_000_000, tv_nsec: 123_456_789),
            timespec(tv_sec: 1_700_000_000, tv_nsec: 123_456_789),
        ]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(HostPlatform.modificationNanoseconds(info) == 1_700_000_000_123_456_789)
        let status = try #require(LocalFileSystem().status(of: file))
        #expect(status.modified == 1_700_000_000_123_456_789)
        #expect(status.size == 2)
        #expect(status.permissions == UInt32(info.st_mode) & 0o7777)
    }

    @Test("A terminal's width in columns; none for what is not a terminal")
    func terminalColumns() throws {
        let (controller, terminal) = try #require(Self.openPseudoTerminal())
        defer {
            close(terminal)
            close(controller)
        }
        var size = winsize(ws_row: 40, ws_col: 132, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(controller, UInt(TIOCSWINSZ), &size) == 0)
        #expect(HostPlatform.terminalColumns(of: terminal) == 132)
        let file = open("/dev/null", O_RDONLY)
        defer { close(file) }
        #expect(HostPlatform.terminalColumns(of: file) == nil)
    }

    /// A pseudo-terminal's two ends, or `nil` when the system gives none. posix_openpt, grantpt,
    /// unlockpt and ptsname are looked up by name: Swift's Glibc module leaves them out (they
    /// are declared only under _XOPEN_SOURCE).
    static func openPseudoTerminal() -> (controller: Int32, terminal: Int32)? {
        typealias Call = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let library = dlopen(nil, RTLD_NOW)
        guard let openSymbol = dlsym(library, "posix_openpt"), let grantSymbol = dlsym(library, "grantpt"),
            let unlockSymbol = dlsym(library, "unlockpt"), let nameSymbol = dlsym(library, "ptsname")
        else { return nil }
        let controller = unsafeBitCast(openSymbol, to: Call.self)(O_RDWR | O_NOCTTY)
        guard controller >= 0 else { return nil }
        guard unsafeBitCast(grantSymbol, to: Call.self)(controller) == 0,
            unsafeBitCast(unlockSymbol, to: Call.self)(controller) == 0,
            let name = unsafeBitCast(nameSymbol, to: Name.self)(controller)
        else {
            close(controller)
            return nil
        }
        let terminal = open(name, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else {
            close(controller)
            return nil
        }
        return (controller, terminal)
    }

    @Test("A stream socket connects to a listening one on the loopback address")
    func connect() throws {
        let listener = socket(AF_INET, HostPlatform.streamSocketType, 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        try #require(bound)
        let client = socket(AF_INET, HostPlatform.streamSocketType, 0)
        try #require(client >= 0)
        defer { close(client) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                HostPlatform.connect(client, to: $0, length: length)
            }
        }
        #expect(connected == 0, "errno \(errno)")
    }

    @Test("This process's peak resident set is in bytes and at least what it holds")
    func ownPeak() {
        let before = HostPlatform.ownPeakResidentBytes()
        #expect(before > 0)
        let size = 64 << 20
        let held = [UInt8](repeating: 1, count: size)
        let after = HostPlatform.ownPeakResidentBytes()
        #expect(after >= before)
        #expect(after >= size)
        #if canImport(Glibc)
            // VmHWM is counted in kB.
            #expect(after % 1024 == 0)
        #endif
        // getrusage's figure for a process that holds 64 MB, converted to bytes: a figure in kB
        // taken for bytes (or bytes multiplied again) would fall outside.
        var usage = rusage()
        #if canImport(Glibc)
            let who = Int32(RUSAGE_SELF.rawValue)  // an enum in glibc's sys/resource.h
        #else
            let who = RUSAGE_SELF
        #endif
        #expect(getrusage(who, &usage) == 0)
        let peak = HostPlatform.peakResidentBytes(usage)
        #expect(peak >= size && peak < 16 << 30, "\(peak)")
        withExtendedLifetime(held) {}
        #expect(HostPlatform.memoryReport().contains("kB"))
    }

    @Test("A child started with the platform's file actions runs, and wait4 gives its peak")
    func childPeak() throws {
        var actions = HostPlatform.spawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let words = ["/bin/sh", "-c", "echo started"]
        let argv = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ) == 0)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        #expect(status == 0)
        // Bytes: a shell takes at least a few hundred kB (on Linux also its parent's resident set
        // at the spawn) and far less than 16 GB.
        let peak = HostPlatform.peakResidentBytes(usage)
        #expect(peak > 200_000 && peak < 16 << 30, "\(peak)")
    }

    @Test("C.UTF-8 is tried first, then names macOS has; display widths come from one of them")
    func localeNames() {
        #expect(HostPlatform.utf8LocaleNames == ["C.UTF-8", "en_US.UTF-8", "UTF-8"])
        // Only wcwidth under a UTF-8 locale knows these: without one they would measure 1.
        #expect(TerminalText.displayWidth(of: "漢字") == 4)
        #expect(TerminalText.displayWidth(of: "e\u{301}") == 1)
    }
}
