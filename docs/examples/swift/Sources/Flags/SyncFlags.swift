import Vexil

/// Vexil: names are kebab-case, joined with '.'.
@FlagContainer
struct SyncFlags {
    @Flag("Sync reading positions across devices")
    var syncPositions = true

    @Flag(default: 30, description: "Seconds between syncs")
    var syncIntervalSeconds: Int

    @FlagGroup("Cloud storage")
    var cloud: CloudFlags
}

@FlagContainer
struct CloudFlags {
    @Flag(default: "https://sync.example.com", description: "The sync server")
    var serverURL: String
}

let syncPole = FlagPole(hoist: SyncFlags.self)
