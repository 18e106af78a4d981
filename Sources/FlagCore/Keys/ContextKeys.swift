/// The names of the context keys (docs/context.md#the-keys).
package enum ContextKeys {
    /// The prefix every context key starts with.
    package static let prefix = "context/"
    /// The simulated platform.
    package static let platform = "context/platform"
    /// The simulated OS version.
    package static let osVersion = "context/os_version"
    /// The simulated locale.
    package static let locale = "context/locale"
    /// The clock rules read (`dateTime`, `$flagd.timestamp`, `currentTime`), when set.
    package static let now = "context/now"
    /// The key rules read as the targeting key (flagd and OFREP `targetingKey`).
    package static let targetingKey = "context/targeting_key"
    /// A permission's status key.
    package static func permission(_ name: String) -> String { "context/permissions/\(name)" }
    /// A product's purchase-state key.
    package static func purchase(_ productID: String) -> String { "context/purchases/\(productID)" }
}
