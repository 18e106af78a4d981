import Foundation
import OrderedCollections

/// A device that asked `flagscope serve` (docs/serve.md): the context its last request sent, and
/// the name it goes by — its targeting key, else a short hash of that context.
package struct LiveDevice: Sendable, Equatable {
    /// The layer name's start: `Live: listener-4711`.
    package static let layerPrefix = "Live: "
    /// Names longer than this are cut (a targeting key is whatever a client sends).
    static let nameLimit = 64

    /// The device's name.
    package let name: String
    /// The context of its last request.
    package let context: ContextLayer

    /// The device that sent `context`.
    package init(context: ContextLayer) {
        self.context = context
        name = Self.name(of: context)
    }

    /// The name of its layer: `Live: NAME`.
    package var layerName: String { Self.layerPrefix + name }

    /// The name a context goes by: its targeting key as text, else `context` and 8 hex digits of
    /// a hash of its attributes (the same context, the same name), else `no context`.
    package static func name(of context: ContextLayer) -> String {
        if let attribute = context.attributes[ContextKeys.targetingKey], attribute.given != .json(.null) {
            let text: String
            switch attribute.given {
            case .json(.string(let string)): text = string
            case .json(let json): text = json.compactText(limit: nameLimit)
            case .argument(let string): text = string
            }
            // A control character would move the terminal's cursor: a space keeps the words apart.
            let cleaned = String(
                String.UnicodeScalarView(
                    text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
            if !cleaned.trimmingCharacters(in: .whitespaces).isEmpty {
                return cleaned.count > nameLimit ? String(cleaned.prefix(nameLimit - 1)) + "…" : cleaned
            }
        }
        guard !context.isEmpty else { return "no context" }
        var written = ""
        for (key, attribute) in context.attributes.sorted(by: { $0.key < $1.key }) {
            switch attribute.given {
            case .json(let json): written += key + "=" + json.serialized(pretty: false, sortedKeys: true) + "\n"
            case .argument(let text): written += key + "=" + text + "\n"
            }
        }
        return "context " + StableHash.hex(written.utf8).prefix(8)
    }

    /// The same device: the same name and the same attributes.
    package static func == (left: LiveDevice, right: LiveDevice) -> Bool {
        left.name == right.name && left.context.attributes == right.context.attributes
    }
}

/// A device's requests to `flagscope serve` since the browser last looked: the device as its
/// last request sent it, how many requests, and when the last one came.
package struct LiveAsk: Sendable {
    package var device: LiveDevice
    package var requests: Int
    package var at: Date

    package init(device: LiveDevice, requests: Int, at: Date) {
        self.device = device
        self.requests = requests
        self.at = at
    }
}

/// Where the server sharing the browser's process listens, and every device that asked it, in
/// the order they first asked (the browser's Live devices branch).
package struct ServedDevices: Sendable {
    /// `127.0.0.1:8016`.
    package var address: String
    /// By name.
    package var devices: OrderedDictionary<String, LiveDevice> = [:]

    package init(address: String) {
        self.address = address
    }
}
