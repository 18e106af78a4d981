import Foundation
import OrderedCollections

/// Everything a workspace declares, loaded and checked: blueprints, flags by key, features,
/// products and the provider stack, with every diagnostic found along the way.
package struct Workspace: Sendable {
    /// The workspace file and provider stack.
    package var config: WorkspaceConfig
    /// The blueprint files, in the order their patterns list them.
    package var blueprints: [Blueprint]
    /// Every key by full key: declared flags, then generated feature switches and context keys.
    package var flags: OrderedDictionary<String, FlagDefinition>
    /// The keys the blueprints declare and generate, before the `context/*` keys providers set
    /// and rules read are added: what another device's keys are made from (``simulating(device:context:)``).
    var declaredFlags: OrderedDictionary<String, FlagDefinition> = [:]
    /// Every feature, depth-first in declaration order, by key.
    package var features: OrderedDictionary<String, FeatureDefinition>
    /// Products by entry name.
    package var products: OrderedDictionary<String, Product>
    /// Parsed `computed:` expressions by flag key (only those that parse and type-check).
    package var expressions: [String: Expression]
    /// The provider stack's contents, highest priority first.
    package var providers: [ProviderData]
    /// Keys that providers set and no blueprint declares.
    package var unknownKeys: [UnknownKey]
    /// The environment `env` providers read (kept so a reload sees the same one).
    package var environment: [String: String]
    /// Every problem found, in no particular order (see ``Diagnostic/sortedForReading()``).
    package var diagnostics: [Diagnostic]
    /// The text of every file a diagnostic points into, for quoting its line.
    package var sources: [String: SourceText]
    /// The answers the remote layers show, so a reload can reuse them instead of asking again.
    package var remoteAnswers: [RemoteIdentity: RemoteAnswer] = [:]
    /// Blueprint files that could not be read (syntax errors): until they can, provider keys
    /// are not called undeclared.
    package var unreadBlueprints: [String] = []
    /// Every blueprint file the patterns named, read or not: a Swift blueprint's flags may come
    /// from several files, and each one changing reloads the browser.
    package var blueprintFiles: [String] = []
    /// The `.swift` files searched for references (`code:`, else the Swift blueprints).
    package var codeFiles: [String] = []
    /// Where the code reads each flag; nil when the workspace has no code to search (docs/code.md).
    package var codeReferences: CodeReferences?
    /// Every `context/*` attribute that some rule of the stack reads (docs/rules.md), ordered by key,
    /// with the rules that read it and what they compare it with. Each is a key in ``flags``,
    /// set or not, so it can be shown and edited like any context key.
    package var ruleAttributes: [RuleAttribute] { ruleAttributeIndex.attributes }
    /// The index behind ``ruleAttributes``, built when first read.
    var ruleAttributeIndex = LazyRuleAttributes(providers: [])
    /// The `--context` layer on top of the stack, when one was given (docs/rules.md): kept so that
    /// every reload puts it back.
    package var contextLayer: ContextLayer?
    /// The device profiles that could be read (docs/devices.md), in file order.
    package var devices: [DeviceProfile] = []
    /// Every device profile file, read or not (a reload follows them).
    package var deviceFiles: [String] = []
    /// The device whose layer is in the stack, when one is active.
    package var activeDevice: DeviceProfile?
    /// The device that asked `flagscope serve` whose layer is on top, when one is (docs/serve.md).
    package var liveDevice: LiveDevice?
    /// The server sharing the process with the browser and the devices that asked it, when one
    /// serves (docs/serve.md). No load sets it: the browser puts it on each workspace it shows.
    package var served: ServedDevices?
    /// Why the device asked for is not active: it names no profile, or several.
    package var deviceChoiceError: DeviceChoiceError?

    /// The workspace folder.
    package var folder: URL { config.folder }

    /// Whether any diagnostic is an error.
    package var hasErrors: Bool { diagnostics.containsErrors }

    /// Whether any provider reads a server.
    package var hasRemoteProviders: Bool { config.providers.contains(where: \.isRemote) }

    /// The definition of a key: a declared or generated one, or for any other `context/*` key
    /// (docs/blueprints.md#features: text, or the permission and purchase states) one made on the spot.
    package func definition(for key: String) -> FlagDefinition? {
        if let flag = flags[key] { return flag }
        let origin = SourceReference(file: WorkspacePath.displayPath(of: config.file, in: folder), location: .start)
        return WorkspaceChecks.contextDefinition(key, origin: origin)
    }

    /// Whether a blueprint declares `key` (a feature's switch included; a context key a
    /// provider or a rule brings is not declared).
    package func isDeclared(_ key: String) -> Bool { declaredFlags[key] != nil }

    /// The provider that edits are written to, with its data.
    package var writableProvider: ProviderData? { providers.first { $0.config.writable } }

    /// A renderer that can quote this workspace's files.
    package var diagnosticRenderer: DiagnosticRenderer { DiagnosticRenderer(sources: sources) }

    /// A renderer that shows paths relative to `directory` (the current folder), for people.
    package func diagnosticRenderer(from directory: URL) -> DiagnosticRenderer {
        DiagnosticRenderer(sources: sources, paths: shownPaths(from: directory))
    }

    /// Diagnostic paths as seen from `directory`.
    package func shownPaths(from directory: URL) -> ShownPaths {
        // Layers that read no file are named by what they read (the environment, a server).
        let pseudoFiles = providers.filter {
            $0.config.format.source == .environment || $0.config.isRemote || $0.config.path == nil
        }
        .map(\.displayPath)
        return ShownPaths(workspaceFolder: folder, currentDirectory: directory, pseudoFiles: Set(pseudoFiles))
    }

}
