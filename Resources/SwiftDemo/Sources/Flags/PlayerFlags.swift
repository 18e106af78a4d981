import RealFlags

struct PlayerFlags: FlagCollectionProtocol {
    @Flag(default: 1.0, description: "Default playback rate")
    var playbackRate: Double

    @Flag(default: 30, description: "Seconds the skip-forward button jumps")
    var skipForwardSeconds: Int

    @Flag(default: false, description: "Play the next episode when one ends")
    var autoPlayNext: Bool

    init() {}
}

struct ExperimentFlags: FlagCollectionProtocol {
    @Flag(default: false, description: FlagMetadata(description: "Risky feature!", isInternal: true))
    var boomFeature: Bool

    @Flag(default: ["it", "es"], description: "Store fronts where search suggestions are on")
    var suggestionStores: [String]

    init() {}
}
