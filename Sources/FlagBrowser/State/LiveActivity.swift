import Foundation

/// What a device that asked the server sharing the process did (docs/serve.md).
package struct LiveActivity: Sendable, Equatable {
    /// When it first and last asked.
    package var firstSeen: Date
    package var lastSeen: Date
    /// How many requests it sent.
    package var requests: Int
}
