import Foundation

/// The internal build's settings screen: player settings by name, read from the overrides
/// with a key built at run time.
enum DebugSettings {
    static let names = ["auto_play_next", "playback_rate"]

    static func value(of setting: String) -> Any? {
        UserDefaults.standard.object(forKey: "podcasts/player/\(setting)")
    }
}
