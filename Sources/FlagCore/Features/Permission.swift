/// The permissions a feature can require (docs/blueprints.md#features), by their context-key names.
package enum Permission: String, Sendable, Hashable, CaseIterable {
    case camera, photos, microphone
    case locationWhenInUse = "location_when_in_use"
    case locationAlways = "location_always"
    case contacts
    case calendarEvents = "calendar_events"
    case reminders, motion
    case speechRecognition = "speech_recognition"
    case siriKit = "siri_kit"
    case bluetooth
    case mediaLibrary = "media_library"

    /// Every name as it may be written in a blueprint.
    package static var names: [String] { allCases.map(\.rawValue) }

    /// Reads `camera`, `location_when_in_use` or the camelCase spelling `locationWhenInUse`.
    package init?(name: String) {
        if let permission = Permission(rawValue: name) ?? Permission(rawValue: KeyDerivation.segment(for: name)) {
            self = permission
        } else {
            return nil
        }
    }

    /// The stack key that holds this permission's status.
    package var contextKey: String { ContextKeys.permission(rawValue) }
}

/// The status of a permission on the simulated device.
package enum PermissionStatus: String, Sendable, Hashable, CaseIterable {
    case notDetermined, denied, restricted, unsupported, authorized
}

/// The state of a purchase on the simulated device.
package enum PurchaseState: String, Sendable, Hashable, CaseIterable {
    case purchased, notPurchased, unknown
}

/// Platforms a feature can be constrained to, as `context/platform` names them.
package enum Platform: String, Sendable, Hashable, CaseIterable {
    case iOS, macOS, tvOS, watchOS, visionOS, linux, android

    /// Every name.
    package static var names: [String] { allCases.map(\.rawValue) }
}

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
