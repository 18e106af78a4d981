import Foundation

/// Runs the built `flagscope` binary as a user would, capturing output and exit code.
package struct CLIRunner {
    /// What one run printed and returned.
    package struct Output: Sendable {
        package var stdout: String
        package var stderr: String
        package var status: Int32

        package init(stdout: String, stderr: String, status: Int32) {
            self.stdout = stdout
            self.stderr = stderr
            self.status = status
        }
    }

    /// The `flagscope` executable next to the test bundle (SwiftPM builds it for the CLI tests).
    package static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("flagscope")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/flagscope")
    }

    /// The repository root (for `Resources/Demo` and `Tests/Servers`).
    package static var packageRoot: URL { Repository.root }

    /// A `flagscope arguments…` process, not yet started: run in `directory`, in a UTF-8 locale
    /// with `environment` added, reading nothing from stdin. Output goes where the caller sets it.
    package static func process(
        _ arguments: [String], in directory: URL? = nil,
        environment: [String: String] = [:]
    ) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var variables = ProcessInfo.processInfo.environment
        variables["LANG"] = "C.UTF-8"
        // Tables fit COLUMNS when it is set: a test that wants a width says so.
        variables["COLUMNS"] = nil
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        process.standardInput = FileHandle.nullDevice
        return process
    }

    /// Runs `flagscope arguments…` in `directory` with extra environment variables, to the end.
    package static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws
        -> Output
    {
        let run = try TimedCLI.run(arguments, in: directory, timeout: nil, environment: environment, noColor: false)
        return Output(stdout: run.out, stderr: run.err, status: run.status)
    }
}

/// Runs the built `flagscope` with a deadline: a run that does not finish in time is killed
/// with SIGKILL and reported as timed out (a hang fails clearly instead of stalling the suite).
package enum TimedCLI {
    /// One run: its bytes, how it ended and how long it took.
    package struct Run: CustomStringConvertible, Sendable {
        package var arguments: [String]
        package var stdout: [UInt8]
        package var stderr: [UInt8]
        /// The exit code, or the signal number when `signaled`.
        package var status: Int32
        package var signaled: Bool
        package var timedOut: Bool
        package var seconds: Double

        /// Standard output as text.
        package var out: String { String(decoding: stdout, as: UTF8.self) }
        /// Standard error as text.
        package var err: String { String(decoding: stderr, as: UTF8.self) }
        /// Both, for checks that do not care which stream a message went to.
        package var both: String { out + "\n" + err }

        package var description: String {
            let how =
                timedOut
                ? "killed after \(String(format: "%.1f", seconds)) s (timed out)"
                : signaled ? "died of signal \(status)" : "exit \(status)"
            return
                "flagscope \(arguments.map { $0.debugDescription }.joined(separator: " ")): \(how)\n--- stdout\n\(out.prefix(3000).debugDescription)\n--- stderr\n\(err.prefix(3000).debugDescription)"
        }
    }

    /// Collects a pipe's bytes on a background thread, so a child writing a lot to one stream
    /// never blocks on the other.
    package final class Drain: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        package init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    lock.withLock { data.append(chunk) }
                }
                done.signal()
            }
        }

        /// Everything read once the pipe closes, or by `timeout` seconds from now.
        package func finish(timeout: Double) -> [UInt8] {
            _ = done.wait(timeout: .now() + timeout)
            return lock.withLock { Array(data) }
        }
    }

    /// Runs `flagscope arguments…` in `directory`, killing it after `timeout` seconds (never, when
    /// nil). `NO_COLOR=1` is set unless `noColor` is false.
    package static func run(
        _ arguments: [String], in directory: URL?, timeout: Double? = 20,
        environment: [String: String] = [:], noColor: Bool = true
    ) throws -> Run {
        var variables = environment
        if noColor, variables["NO_COLOR"] == nil { variables["NO_COLOR"] = "1" }
        return try run(CLIRunner.process(arguments, in: directory, environment: variables), timeout: timeout)
    }

    /// Runs a prepared `process` to its end, its output captured, killing it after `timeout`
    /// seconds (never, when nil).
    package static func run(_ process: Process, timeout: Double?) throws -> Run {
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let start = Date()
        try process.run()
        let outDrain = Drain(out.fileHandleForReading)
        let errDrain = Drain(err.fileHandleForReading)
        var timedOut = false
        if let timeout {
            while process.isRunning {
                if Date().timeIntervalSince(start) > timeout {
                    timedOut = true
                    kill(process.processIdentifier, SIGKILL)
                    break
                }
                usleep(5_000)
            }
        }
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        return Run(
            arguments: process.arguments ?? [], stdout: outDrain.finish(timeout: 5),
            stderr: errDrain.finish(timeout: 5),
            status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut, seconds: seconds)
    }

    /// A `path:line:column: error|warning:` diagnostic somewhere in the text.
    package static func hasPositionedDiagnostic(_ text: String) -> Bool {
        text.range(of: #"(^|\n)[^\s:][^:\n]*:[0-9]+:[0-9]+: (error|warning): "#, options: .regularExpression) != nil
    }
}
