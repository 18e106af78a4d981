import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#else
    #error("Flagscope's C library calls have branches for Glibc (Linux) and Darwin (macOS) only")
#endif

/// The C library calls whose names, types or units differ between the systems Flagscope runs on,
/// Linux (glibc) and macOS (Darwin's libc), each with one branch per system, so that every other
/// file calls the same thing on both. Scripts/lint-portability fails on a Linux-only name anywhere
/// else. (``Platform`` is another thing: the platform a feature of an app is constrained to.)
///
/// Each Darwin branch names the header or manual page it follows, so it can be checked line by
/// line without a Mac: Darwin's Libc (`include/glob.h`, `include/xlocale.h`), xnu
/// (`bsd/sys/stat.h`, `bsd/sys/socket.h`, `bsd/sys/ttycom.h`, `libsyscall/wrappers/spawn/spawn.h`,
/// `bsd/man/man2/getrusage.2`), libmalloc (`malloc/malloc.h`) and the Swift overlay
/// (`stdlib/public/Platform/TiocConstants.swift`).
package enum HostPlatform {
    // MARK: Files

    /// The paths matching `pattern` (a shell glob, as glob(3) reads it) in glob's own order;
    /// none when nothing matches or the pattern cannot be read. Callers sort: glibc and Darwin
    /// both sort by the locale's collation, which is not the same order everywhere.
    package static func glob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        #if canImport(Glibc)
            // glob.h (glibc): int glob(const char *, int, int (*)(const char *, int), glob_t *);
            // gl_pathc is size_t, gl_pathv is char **. Qualified: a caller's own `glob` hides it.
            guard Glibc.glob(pattern, 0, nil, &result) == 0 else { return [] }
        #elseif canImport(Darwin)
            // glob.h (Darwin): the same signature and the same gl_pathc (size_t) and gl_pathv
            // (char **) fields; flags 0 sorts, GLOB_NOMATCH (-3) when nothing matches.
            guard Darwin.glob(pattern, 0, nil, &result) == 0 else { return [] }
        #endif
        var paths: [String] = []
        for index in 0..<Int(result.gl_pathc) {
            guard let cString = result.gl_pathv[index] else { continue }
            paths.append(String(cString: cString))
        }
        return paths
    }

    /// When the file `stat` described was last modified, in nanoseconds since 1970.
    package static func modificationNanoseconds(_ info: stat) -> Int64 {
        #if canImport(Glibc)
            // sys/stat.h (glibc): struct timespec st_mtim.
            return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #elseif canImport(Darwin)
            // sys/stat.h (Darwin): struct timespec st_mtimespec (st_mtime is #defined as its tv_sec).
            return Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #endif
    }

    // MARK: Sockets

    /// `SOCK_STREAM` as `addrinfo.ai_socktype` holds it.
    package static var streamSocketType: Int32 {
        #if canImport(Glibc)
            // bits/socket_type.h (glibc): an enum __socket_type, which Swift imports as a struct.
            return Int32(SOCK_STREAM.rawValue)
        #elseif canImport(Darwin)
            // sys/socket.h (Darwin): #define SOCK_STREAM 1, an Int32.
            return SOCK_STREAM
        #endif
    }

    /// connect(2). Qualified by module, because a caller's own `connect` hides the C function.
    package static func connect(_ socket: Int32, to address: UnsafePointer<sockaddr>, length: socklen_t) -> Int32 {
        #if canImport(Glibc)
            // sys/socket.h (glibc): int connect(int, const struct sockaddr *, socklen_t);
            return Glibc.connect(socket, address, length)
        #elseif canImport(Darwin)
            // sys/socket.h (Darwin): int connect(int, const struct sockaddr *, socklen_t);
            return Darwin.connect(socket, address, length)
        #endif
    }

    // MARK: Terminals

    /// The width in columns of the terminal `descriptor` is open on (`TIOCGWINSZ`), or `nil` when
    /// it is not a terminal or reports no width.
    package static func terminalColumns(of descriptor: Int32) -> Int? {
        var size = winsize()
        #if canImport(Glibc)
            // asm-generic/ioctls.h: #define TIOCGWINSZ 0x5413, an Int32; the overlay's ioctl
            // takes the request as UInt.
            guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        #elseif canImport(Darwin)
            // sys/ttycom.h: #define TIOCGWINSZ _IOR('t', 104, struct winsize), which Swift cannot
            // import; the Darwin overlay (TiocConstants.swift) declares it as a UInt, 0x40087468.
            guard ioctl(descriptor, TIOCGWINSZ, &size) == 0 else { return nil }
        #endif
        return size.ws_col > 0 ? Int(size.ws_col) : nil
    }

    /// Names of UTF-8 locales, tried in order where a UTF-8 `LC_CTYPE` is needed and the
    /// environment gives none. CDisplayWidth's DisplayWidth.c tries the same names.
    ///
    /// Linux distributions ship C.UTF-8 (upstream glibc has it since 2.35); macOS has en_US.UTF-8
    /// and UTF-8 in /usr/share/locale, and C.UTF-8 only in recent releases. On Linux the first
    /// name is the one used.
    package static let utf8LocaleNames = ["C.UTF-8", "en_US.UTF-8", "UTF-8"]

    // MARK: Processes

    #if canImport(Glibc)
        /// posix_spawn's file actions. spawn.h (glibc): a struct, initialised in place by
        /// posix_spawn_file_actions_init.
        package typealias SpawnFileActions = posix_spawn_file_actions_t
    #elseif canImport(Darwin)
        /// posix_spawn's file actions. spawn.h (Darwin): `typedef void *posix_spawn_file_actions_t`,
        /// which Swift imports as a pointer, so the variable is an optional one
        /// posix_spawn_file_actions_init fills in.
        package typealias SpawnFileActions = posix_spawn_file_actions_t?
    #endif

    /// Storage for posix_spawn's file actions, to be passed to posix_spawn_file_actions_init.
    package static func spawnFileActions() -> SpawnFileActions {
        #if canImport(Glibc)
            return posix_spawn_file_actions_t()
        #elseif canImport(Darwin)
            return nil
        #endif
    }

    /// Runs `path` with `arguments` in this process's group — the terminal's foreground group,
    /// so it can read the terminal, as an editor must (Foundation's Process starts a group of its
    /// own, whose reads from the terminal fail) — with this process's environment, and waits for
    /// it; its exit status, nil when it could not start. posix_spawn(2) and waitpid(2) are the
    /// same on both systems; no spawn attributes, so the group is inherited.
    package static func runInForeground(_ path: String, _ arguments: [String]) -> Int32? {
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, nil, nil, &argv, &envp) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status
    }

    // MARK: Memory

    /// The peak resident set in a `rusage` that wait4 or getrusage filled in, in bytes.
    package static func peakResidentBytes(_ usage: rusage) -> Int {
        #if canImport(Glibc)
            // getrusage(2) (Linux): ru_maxrss is in kilobytes.
            return Int(usage.ru_maxrss) * 1024
        #elseif canImport(Darwin)
            // getrusage(2) (Darwin): ru_maxrss is "the maximum resident set size utilized (in bytes)".
            return Int(usage.ru_maxrss)
        #endif
    }

    /// This process's own peak resident set so far, in bytes; 0 when it cannot be read.
    package static func ownPeakResidentBytes() -> Int {
        #if canImport(Glibc)
            // VmHWM of /proc/self/status ("VmHWM:" and a number of kB): the high-water mark of this
            // process's memory map. Not getrusage's ru_maxrss: Linux keeps in it the peak of the
            // map exec replaced, which for a child started by posix_spawn is its parent's.
            let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
            else { return 0 }
            return kilobytes * 1024
        #elseif canImport(Darwin)
            // No /proc. getrusage(2): RUSAGE_SELF, ru_maxrss in bytes; posix_spawn(2) starts the
            // process afresh from the executable, so the figure is this process's alone.
            var usage = rusage()
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
            return peakResidentBytes(usage)
        #endif
    }

    /// One line on this process's memory, for the bench's probes (`BENCH_PROBE`).
    package static func memoryReport() -> String {
        #if canImport(Glibc)
            // The VmRSS, VmHWM and Rss* lines of /proc/self/status.
            let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            let lines = status.split(separator: "\n").filter {
                $0.hasPrefix("VmRSS") || $0.hasPrefix("VmHWM") || $0.hasPrefix("Rss")
            }
            return lines.joined(separator: " ")
        #elseif canImport(Darwin)
            // No /proc: the peak getrusage gives is all there is without Mach calls.
            return "peak: \(ownPeakResidentBytes() / 1024) kB"
        #endif
    }

    /// Prints the allocator's statistics to standard error and gives its free memory back to the
    /// system (the bench's `BENCH_TRIM`, to tell memory in use from memory kept by malloc).
    package static func trimHeap() {
        #if canImport(Glibc)
            // malloc.h (glibc): void malloc_stats(void); int malloc_trim(size_t pad). The Glibc
            // module does not import malloc.h, so both are looked up by name.
            typealias Trim = @convention(c) (Int) -> Int32
            typealias Stats = @convention(c) () -> Void
            let stats = unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), "malloc_stats"), to: Stats.self)
            stats()
            let trim = unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), "malloc_trim"), to: Trim.self)
            _ = trim(0)
        #elseif canImport(Darwin)
            // malloc/malloc.h: void malloc_zone_print(malloc_zone_t *zone, boolean_t verbose) prints
            // every zone for a NULL zone; size_t malloc_zone_pressure_relief(malloc_zone_t *zone,
            // size_t goal) releases all it can from every zone for a NULL zone and a goal of 0.
            malloc_zone_print(nil, 0)
            _ = malloc_zone_pressure_relief(nil, 0)
        #endif
    }
}
