import Foundation
import RealFlags

/// How the app builds its flag keys: `podcasts/…`, snake_case, joined with '/'.
let flagKeys = KeyConfiguration(prefix: "podcasts", pathSeparator: "/", keyTransform: .snakeCase)

/// The app's flags, loaded from Firebase and the local overrides.
let appFlags = FlagsLoader(
    AppFlags.self, description: .init(name: "Podcasts", description: "The podcast player's flags"),
    providers: [LocalProvider(localURL: overridesURL)], keyConfiguration: flagKeys)

enum Theme: String, FlagProtocol {
    case system
    case light
    case dark
}

enum Links {
    static let support = "https://podcasts.example.com/support"
}

struct AppFlags: FlagCollectionProtocol {
    @Flag(default: true, description: "Show the redesigned onboarding on first launch")
    var showNewOnboarding: Bool

    @Flag(default: .system, description: "Colour theme")
    var theme: Theme

    @Flag(default: URL(string: Links.support)!, description: "Where the Help button leads")
    var supportURL: URL

    @Flag(default: Date(timeIntervalSince1970: 1_798_761_600), description: "When the winter campaign ends")
    var campaignEnd: Date

    @Flag(
        key: "max_downloads", default: 25,
        description: FlagMetadata(description: "Episodes kept for offline listening", isLocked: true))
    var maximumDownloads: Int

    // Code, not a literal: Flagscope shows it as written and marks the default unknown.
    @Flag(default: Tuning.defaultBufferSeconds(), description: "Seconds buffered ahead when streaming")
    var streamingBuffer: Int

    @Flag(default: true, description: "Play through the new audio engine")
    var newAudioEngine: Bool

    @FlagCollection(description: "Playback")
    var player: PlayerFlags

    @FlagCollection(keyConfiguration: .custom("lab"), description: "Experiments, internal builds only")
    var experiments: ExperimentFlags

    init() {}
}
