import FlagCore

/// Everything that can happen to the browser.
package enum Action: Sendable {
    /// A key press.
    case key(KeyEvent)
    /// A mouse event.
    case mouse(MouseEvent)
    /// The terminal changed size.
    case resize(width: Int, height: Int)
    /// A fresh model after a reload (`r`, or files changed on disk), with what to say.
    case loaded(BrowserModel, message: StatusMessage?)
    /// A write finished: the reloaded model and what to say, or the error.
    case wrote(WriteRequest, Result<WriteOutcome, BrowserWriteError>)
    /// Remote providers are being fetched in the background (their names, for the header).
    case fetchStarted([String])
    /// Remote providers answered or failed: the model rebuilt with their answers, and what to say.
    case fetched(BrowserModel, message: StatusMessage?)
    /// Devices asked the server sharing the process (docs/serve.md), with the model that lists
    /// them when the list or a device's context changed.
    case asked([LiveAsk], model: BrowserModel?)
    /// An export was made (shown in its pane), or could not be; what the status line says.
    case exported(ExportPane?, message: StatusMessage)
    /// Only the status line changes.
    case said(StatusMessage)
}

/// What a successful write reports back.
package struct WriteOutcome: Sendable {
    /// The model after the write.
    package var model: BrowserModel
    /// The status line: where it went, and a warning when a higher layer still wins.
    package var message: StatusMessage

    /// Creates an outcome.
    package init(model: BrowserModel, message: StatusMessage) {
        self.model = model
        self.message = message
    }
}

/// A refused or failed write; nothing changed on disk.
package struct BrowserWriteError: Error, Sendable {
    /// Why.
    package var message: String

    /// Creates the error.
    package init(_ message: String) { self.message = message }
}

/// Work for the run loop: the reducer itself never touches files or clocks.
package enum Effect: Sendable, Equatable {
    /// Write to the writable provider, then answer with `.wrote`.
    case write(WriteRequest)
    /// Reload the workspace, then answer with `.loaded`.
    case reload
    /// Reload the workspace with this device profile active (nil: none), then answer with `.loaded`.
    case simulate(device: String?)
    /// Pin this device profile for comparison (nil: stop comparing), then answer with `.loaded`.
    case compare(device: String?)
    /// Write every `context/*` value the stack resolves as a new device profile named `name`
    /// (never over an existing file), then answer with `.loaded`.
    case saveDevice(name: String)
    /// Show the stack as this live device gets it, its context as a `Live: NAME` layer on top
    /// (nil: as before), then answer with `.loaded`.
    case showLive(name: String?)
    /// Write this live device's context as a new device profile (never over an existing file),
    /// then answer with `.loaded`.
    case adoptLive(name: String)
    /// Make the export of `keys` (nil: every key) in `format` (an ``ExportReport/Format`` raw
    /// value), then answer with `.exported`.
    case export(format: String, keys: Set<String>?)
    /// Open `file` (as shown, relative to the workspace folder) at `line` in the user's editor,
    /// the terminal handed over until it exits; a headless run ignores it.
    case open(file: String, line: Int)
    /// Put `text` on the terminal's clipboard (OSC 52), then answer with `.said`.
    case copy(String)
    /// Write `text` to `path` (relative to the workspace folder), then answer with `.said`.
    case writeExport(path: String, text: String)
    /// Ask the remote providers' servers again, then answer with `.fetched` (and, when that
    /// happens in the background, first with `.fetchStarted`).
    case fetch
    /// Leave the browser.
    case quit
    /// Hand the terminal back to the shell until the user resumes (Ctrl-Z); a headless run ignores it.
    case suspend
}
