import FlagCore

/// A server sharing the browser's process (`flagscope --serve`, docs/serve.md), as the browser
/// sees it: where it listens, where the browser's workspace goes after every change, and where
/// the devices that asked since the last frame come from. The executable wires both ends.
package struct BrowserServing: Sendable {
    /// `127.0.0.1:8016`.
    package var address: String
    /// Called with the workspace the server answers from (the stack with the simulated device,
    /// no live device's layer) whenever it changes.
    package var publish: @Sendable (Workspace) -> Void
    /// The devices that asked since the last call.
    package var take: @Sendable () -> [LiveAsk]

    package init(
        address: String, publish: @escaping @Sendable (Workspace) -> Void, take: @escaping @Sendable () -> [LiveAsk]
    ) {
        self.address = address
        self.publish = publish
        self.take = take
    }

    /// At most this many live devices are listed; the one that asked least recently goes first.
    static let deviceLimit = 500
}
