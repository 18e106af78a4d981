/// What the user asked of the terminal itself, kept until the run loop takes it: a headless run
/// never does, and nothing comes of them there.
struct TerminalRequests: Sendable {
    /// Text to put on the terminal's clipboard (`y`; OSC 52).
    var copy: String?
    /// A file to open in the user's editor (`o`), the terminal handed over until it exits.
    var open: EditorLaunch?
    /// Whether to hand the terminal back to the shell until `fg` (Ctrl-Z).
    var suspend = false
}
