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
