/// The workspace file: the input is `flagscope.yml`, beside the demo's blueprints, profile and
/// rule files (remote providers stay waiting: nothing is fetched, nothing on disk is read).
enum WorkspaceTarget {
    static func run(_ bytes: [UInt8]) -> Int {
        var files = DemoFiles.all
        files["flagscope.yml"] = bytes
        var workspace = FuzzWorkspace(files: files, environment: ["FLAGSCOPE_DEMO_PLAYBACK__SKIP_INTERVAL": "45"])
        workspace.providerUnderTest = nil
        return workspace.exercise()
    }
}
