import FlagCore
import Foundation

/// A workspace made of in-memory files, loaded and then shown the way the commands show it:
/// what `validate`, `list`, `get` and `explain` print (text and JSON) is what people read, so
/// that is what a fuzz input must get through.
struct FuzzWorkspace {
    /// Where the in-memory workspace lives (never on disk).
    static let folder = URL(fileURLWithPath: "/fuzz/workspace")
    /// The clock every run sees, so a run replays the same way.
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// File contents by path relative to ``folder``.
    var files: [String: [UInt8]]
    /// What `env` providers and remote tokens read.
    var environment: [String: String] = [:]
    /// Bodies of remote answers, by provider name.
    var remoteBodies: [String: [UInt8]] = [:]

    /// Loads the workspace: with remote bodies, a first load names the remote providers and a
    /// second one shows their answers.
    func load() -> Workspace {
        let fileSystem = MemoryFileSystem(folder: Self.folder, files: files)
        let file = Self.folder.appendingPathComponent("flagscope.yml")
        let first = Workspace.load(
            from: file, fileSystem: fileSystem, environment: environment, remote: .known([:]))
        guard !remoteBodies.isEmpty else { return first }
        var answers: [RemoteIdentity: RemoteAnswer] = [:]
        for config in first.config.providers where config.isRemote {
            guard let body = remoteBodies[config.name] else { continue }
            answers[RemoteIdentity(config)] = RemoteAnswer(body: body, fetchedAt: Self.now)
        }
        return Workspace.load(
            from: file, fileSystem: fileSystem, environment: environment, remote: .known(answers))
    }

    /// The provider whose keys a run is about: its keys that no blueprint declares are declared
    /// after loading (so that their rules are evaluated and worded too), and only its keys are
    /// shown one by one as `get` shows them (with the computed flags). `nil`: every key is shown.
    var providerUnderTest: String? = "Under test"

    /// Loads and shows everything; `context`, when given, is what rules see instead of the
    /// workspace's `context/*` keys. Returns how many bytes of output were made.
    @discardableResult
    func exercise(context: EvaluationContext? = nil) -> Int {
        var workspace = load()
        let shownKeys = providerUnderTest.map { declareKeys(of: $0, in: &workspace) }
        var output = OutputSize()
        let validate = ValidateReport(workspace: workspace, currentDirectory: Self.folder)
        output.add(validate.text)
        output.add(validate.json)
        output.add(workspace.diagnosticRenderer(from: Self.folder).render(all: workspace.diagnostics))
        // What `list` shows (no rule steps), then what `get` shows (every step), per key.
        let listed = Resolver(workspace: workspace, context: context, now: Self.now, tracingRuleSteps: false)
            .resolveAll()
        let traced = Resolver(workspace: workspace, context: context, now: Self.now).resolveAll()
        FuzzCheck.sameDecisions(listed, traced)
        let features = FeatureEvaluator(workspace: workspace, resolutions: listed).explainAll()
        let list = ListReport(
            resolutions: listed, features: Array(features.values), unknownKeys: workspace.unknownKeys,
            filter: .init(writableProvider: workspace.config.writableProvider?.name), now: Self.now)
        output.add(list.text(width: 100))
        output.add(list.text(width: nil))
        output.add(list.json)
        // Computed flags are few and each reads other keys: always shown.
        for resolution in traced
        where resolution.flag.computed != nil || (shownKeys?.contains(resolution.flag.key) ?? true) {
            let get = GetReport(resolution: resolution, now: Self.now, workspace: workspace)
            output.add(get.text)
            output.add(get.json)
        }
        for explanation in features.values {
            output.add(ExplainReport(explanation: explanation, workspace: workspace).text)
        }
        return output.bytes
    }
}

extension FuzzWorkspace {
    /// The keys of `provider`, each declared in `workspace` (those no blueprint declares get a
    /// type picked from the key, so values meet every type's checks).
    func declareKeys(of provider: String, in workspace: inout Workspace) -> Set<String> {
        guard let data = workspace.providers.first(where: { $0.config.name == provider }) else { return [] }
        let types: [(FlagType, FlagValue)] = [
            (.json, .json(.null)), (.bool, .bool(false)), (.string, .string("")), (.int, .int(0)),
            (.double, .double(0)),
        ]
        for key in data.keyOrder where workspace.flags[key] == nil {
            let (type, value) = types[key.utf8.count % types.count]
            workspace.flags[key] = FlagDefinition(
                name: key, key: key, rules: ValueRules(type: type), defaultValue: value,
                origin: SourceReference(file: "blueprints/fuzz.yml", location: .start))
        }
        return Set(data.keyOrder)
    }
}

/// Counts the output made, so that making it is never optimised away.
struct OutputSize {
    /// Bytes so far.
    private(set) var bytes = 0

    /// Counts text.
    mutating func add(_ text: String) { bytes &+= text.utf8.count }

    /// Counts a JSON document as the commands print it.
    mutating func add(_ json: JSONValue) { add(json.serialized(pretty: true, sortedKeys: false)) }
}
