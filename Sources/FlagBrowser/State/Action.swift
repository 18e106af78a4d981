import FlagCore

/// Everything that can happen to the browser.
public enum Action: Sendable {
    /// A key press.
    case key(KeyEvent)
    /// A mouse event.
    case mouse(MouseEvent)
    /// The terminal changed size.
    case resize(width: Int, height: Int)
    /// A fresh model after a reload (`r`, or files changed on disk), with what to say.
    case loaded(BrowserModel, message: StatusMessage?)
    /// A write finished: the reloaded model and what to say, or the error.
    case wrote(WriteRequest, Result<WriteOutcome, WriteFailure>)
}

/// What a successful write reports back.
public struct WriteOutcome: Sendable {
    /// The model after the write.
    public var model: BrowserModel
    /// The status line: where it went, and a warning when a higher layer still wins.
    public var message: StatusMessage

    /// Creates an outcome.
    public init(model: BrowserModel, message: StatusMessage) {
        self.model = model
        self.message = message
    }
}

/// A refused or failed write; nothing changed on disk.
public struct WriteFailure: Error, Sendable {
    /// Why.
    public var message: String

    /// Creates a failure.
    public init(_ message: String) { self.message = message }
}

/// Work for the run loop: the reducer itself never touches files or clocks.
public enum Effect: Sendable, Equatable {
    /// Write to the writable provider, then answer with `.wrote`.
    case write(WriteRequest)
    /// Reload the workspace, then answer with `.loaded`.
    case reload
    /// Leave the browser.
    case quit
}
