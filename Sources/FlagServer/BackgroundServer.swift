import Foundation

/// A server run on a task for code that does not await (the commands, the bench, the
/// conformance runner): it says when the server listens, on which port, or why it could not.
package final class BackgroundServer: @unchecked Sendable {
    /// Guards the fields below: the server's task sets them, the caller waits for them.
    private let condition = NSCondition()
    private var listening: Result<Int, Failure>?
    private var stopped = false

    /// Why the server stopped before or while listening.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Starts `server` on a task of its own.
    package init(_ server: OFREPServer) {
        Task {
            do {
                try await server.run { port in self.settle(.success(port)) }
                settle(.failure(Failure(description: "the server stopped")))
            } catch {
                settle(.failure(Failure(description: "\(error)")))
            }
            markStopped()
        }
    }

    private func markStopped() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Records the first outcome.
    private func settle(_ outcome: Result<Int, Failure>) {
        condition.lock()
        if listening == nil { listening = outcome }
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the server listens: its port, or why it could not.
    package func waitUntilListening() -> Result<Int, Failure> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let listening { return listening }
            condition.wait()
        }
    }

    /// Waits until the server stops (a signal ends it); why, when it failed.
    package func waitUntilStopped() -> Failure? {
        condition.lock()
        while !stopped { condition.wait() }
        condition.unlock()
        if case .failure(let failure) = waitUntilListening(), failure.description != "the server stopped" {
            return failure
        }
        return nil
    }
}
