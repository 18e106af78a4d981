import Foundation
import TestSupport
import Testing

/// Real `flagscope set` processes racing each other and being killed mid-write (docs/providers.md "Writing").
@Suite("Concurrent writers and killed writers", .serialized)
struct ConcurrentWriteTests {
    static let slots = 6

    /// A workspace with int flags `slot/s0` … and `counter`, and a writable Local file.
    static func workspace(local: String = "{}\n") throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let slots = (0..<Self.slots).map { "      s\($0): { type: int, default: 0, description: Slot \($0) }" }.joined(
            separator: "\n")
        try folder.write(
            "blueprints/app.yml",
            """
            name: Races
            description: Keys written by racing processes
            flags:
              counter:
                type: int
                default: 0
                description: Written by killed writers
            collections:
              slot:
                description: One key per writer
                flags:
            \(slots)

            """)
        try folder.write(
            "flagscope.yml",
            """
            blueprints:
              - blueprints/app.yml
            providers:
              - name: Local
                format: json
                path: state/local.json
                writable: true

            """)
        try folder.write("state/local.json", local)
        return folder
    }

    /// Starts `flagscope arguments…` in `folder` with output discarded.
    static func start(_ arguments: [String], in folder: URL) throws -> Process {
        let process = CLIRunner.process(arguments, in: folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test(
        "Writers setting different keys at the same time lose none of them, round after round",
        .timeLimit(.minutes(1)))
    func parallelWritersKeepEveryKey() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("state/local.json")
        let start = Date()
        var rounds = 0
        while rounds < 12, Date().timeIntervalSince(start) < 12 {
            rounds += 1
            let processes = try (0..<Self.slots).map { slot in
                try Self.start(["set", "slot/s\(slot)", "\(rounds * 100 + slot)"], in: folder.url)
            }
            for process in processes { process.waitUntilExit() }
            #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "round \(rounds): every writer succeeded")
            let object = try readJSONObject(at: file)
            for slot in 0..<Self.slots {
                #expect(
                    object["slot/s\(slot)"] as? Int == rounds * 100 + slot,
                    "round \(rounds): slot \(slot) kept its write: \(object)")
            }
        }
        #expect(rounds >= 3)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(Set(leftovers) == ["local.json", "local.json.lock"], "no temporary files: \(leftovers)")
    }

    @Test(
        "A writer killed with SIGKILL at a random moment leaves the old or the new file, never a torn one",
        .timeLimit(.minutes(1)))
    func killedWritersNeverTearTheFile() throws {
        // Padding keys make each write large enough that a kill can land in the middle of it.
        var padding: [String: String] = [:]
        for index in 0..<1500 { padding[String(format: "padding/%04d", index)] = String(repeating: "x", count: 24) }
        var initial = padding as [String: Any]
        initial["counter"] = 0
        let initialData = try JSONSerialization.data(withJSONObject: initial, options: [.sortedKeys])
        let folder = try Self.workspace(local: String(decoding: initialData, as: UTF8.self))
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("state/local.json")

        // How long an undisturbed write takes, so the kills spread over a whole run.
        let probeStart = Date()
        let probe = try Self.start(["set", "counter", "0"], in: folder.url)
        probe.waitUntilExit()
        #expect(probe.terminationStatus == 0)
        let runTime = Date().timeIntervalSince(probeStart)

        var current = 0
        var killed = 0
        var completed = 0
        let start = Date()
        var iteration = 0
        while iteration < 100, Date().timeIntervalSince(start) < 15 {
            iteration += 1
            let process = try Self.start(["set", "counter", "\(iteration)"], in: folder.url)
            // Half of the kills land in the first 50 ms, half in the last 50 ms of a typical run.
            let window = iteration.isMultiple(of: 2) ? 0 : max(0, runTime - 0.05)
            usleep(useconds_t((window + Double.random(in: 0...0.05)) * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killed += 1 } else { completed += 1 }

            let object: [String: Any]
            do {
                object = try readJSONObject(at: file)
            } catch {
                Issue.record("iteration \(iteration): the file is torn: \(error)")
                return
            }
            let value = object["counter"] as? Int
            #expect(
                value == current || value == iteration,
                "iteration \(iteration): counter is \(String(describing: value)), expected \(current) or \(iteration)")
            #expect(object.count == padding.count + 1, "iteration \(iteration): every other key survives")
            if let value { current = value }
        }
        #expect(killed > 0, "some writers were really killed (\(killed) killed, \(completed) completed)")

        // A lock left by a killed writer never blocks the next one.
        let after = Date()
        let final = try CLIRunner.run(["set", "counter", "1000"], in: folder.url)
        #expect(final.status == 0, "\(final.stderr)")
        #expect(Date().timeIntervalSince(after) < 4, "no waiting on a dead writer's lock")
        #expect(try readJSONObject(at: file)["counter"] as? Int == 1000)
    }
}
