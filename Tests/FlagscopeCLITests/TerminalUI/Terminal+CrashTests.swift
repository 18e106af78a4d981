import Foundation
import Testing

extension TerminalTests {
    /// With the Swift runtime's backtracer on (the default on Linux), the test crash trigger does
    /// not end the process: see the report. `TmuxSession` sets `SWIFT_BACKTRACE=interactive=no`,
    /// so the backtracer prints without waiting for a key.
    @Suite("Crashing with the Swift backtracer on")
    struct CrashingWithBacktracer {
        @Test("! with FLAGSCOPE_TEST_CRASH=key ends the process with SIGSEGV, terminal restored")
        func crashOnKey() async throws {
            let demo = try DemoCopy()
            defer { demo.remove() }
            let session = try await Ending.openAndEdit("crashbt", demo, environment: ["FLAGSCOPE_TEST_CRASH": "key"])
            defer { session.close() }
            try session.press("!")
            try await TerminalTests.expectHandedBack(session, status: 128 + SIGSEGV)
            #expect(try demo.local()["lab/sson"] as? Bool == false)
        }

        @Test("FLAGSCOPE_TEST_CRASH=startup ends the process with SIGSEGV, terminal restored")
        func crashAtStartup() async throws {
            let demo = try DemoCopy()
            defer { demo.remove() }
            let session = try TmuxSession(
                name: "crashstart", arguments: demo.browserArguments, environment: ["FLAGSCOPE_TEST_CRASH": "startup"])
            defer { session.close() }
            try await TerminalTests.expectHandedBack(session, status: 128 + SIGSEGV)
        }
    }
}
