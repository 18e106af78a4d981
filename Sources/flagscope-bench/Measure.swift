import FlagCore
import Foundation

/// Wall-clock timing helpers: monotonic clock, medians.
enum Measure {
    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Seconds `body` takes.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }

    /// The median of some samples.
    static func median(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// A child process run to completion, with its output, wall time and peak memory.
struct ChildRun {
    var status: Int32
    var output: String
    var seconds: Double
    /// Peak resident set of the child, in bytes (from `wait4`; on Linux at least the parent's
    /// resident set when the child was started, so a child reports its own: `LoadFigures.peakBytes`).
    var peakBytes: Int

    /// Runs `path` with `arguments`, stdout to a pipe (or discarded) and stderr inherited.
    static func run(_ path: String, _ arguments: [String], captureOutput: Bool = true, stdin: URL? = nil) throws
        -> ChildRun
    {
        var actions = HostPlatform.spawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var ends: [Int32] = [0, 0]
        if captureOutput {
            guard pipe(&ends) == 0 else { throw BenchError("pipe failed") }
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_addclose(&actions, ends[0])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = Measure.now()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("cannot start \(path): \(String(cString: strerror(spawned)))") }
        var output: [UInt8] = []
        if captureOutput {
            close(ends[1])
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(ends[0], &buffer, buffer.count)
                if count <= 0 { break }
                output += buffer[0..<count]
            }
            close(ends[0])
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let seconds = Measure.now() - start
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ChildRun(
            status: exit, output: String(decoding: output, as: UTF8.self), seconds: seconds,
            peakBytes: HostPlatform.peakResidentBytes(usage))
    }

    /// Where an executable is on `PATH`.
    static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if access(path, X_OK) == 0 { return path }
        }
        return nil
    }
}

/// A benchmark failure, printed as is.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
