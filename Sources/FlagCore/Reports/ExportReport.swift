import Foundation
import OrderedCollections

/// `flagscope export` (docs/export.md): what the device gets, written in a form the app or its
/// tools read — launch arguments, a simulator's defaults, a scheme, env, json, plist, flagd.
package struct ExportReport {
    /// The forms an export takes.
    package enum Format: String, CaseIterable, Sendable {
        case launchArguments = "launch-arguments"
        case simctl, xcscheme, env, json, plist, flagd
    }

    /// Which flags are written.
    package enum Scope: String, CaseIterable, Sendable {
        /// The flags the writable provider sets.
        case overridden
        /// Every flag with a value.
        case all
    }

    /// What to write and how.
    package struct Options: Sendable {
        package var format: Format
        package var scope: Scope = .overridden
        /// Whether `context/*` keys are written too.
        package var includeContext = false
        /// The app's bundle identifier (`simctl`).
        package var bundleID: String?
        /// The variable prefix (`env`), when the workspace's `env` provider does not settle it.
        package var prefix: String?
        /// Launch arguments on one line.
        package var oneLine = false
        /// Only these keys, when given (the browser's view).
        package var keys: Set<String>?

        package init(format: Format) {
            self.format = format
        }
    }

    /// A key left out, and why.
    package struct Refusal: Sendable, Hashable {
        package var key: String
        package var reason: String
    }

    /// A provider whose rules decided exported keys that the export writes as the values this
    /// device gets: the rules stay with the provider's format (a flagd file carries only flagd's).
    package struct RulesKept: Sendable, Hashable {
        /// The provider's name.
        package var provider: String
        /// Its format's name.
        package var format: String
        /// The keys its rules decided, in the order written.
        package var keys: [String]

        /// What standard error says of it, once.
        package var note: String {
            let shown = keys.prefix(3).map { TerminalText.escaped($0) }.joined(separator: ", ")
            let more = keys.count > 3 ? ", …" : ""
            return
                "\(format) provider '\(TerminalText.escaped(provider))' decides \(Plural.count(keys.count, "exported key")) by its rules (\(shown)\(more)): each is written with the value this device gets; the rules stay with \(format), not translated into flagd targeting"
        }
    }

    /// An export that cannot be made at all (bad usage: exit 64).
    package struct UsageError: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The text to write.
    package let text: String
    /// The keys written.
    package let keys: [String]
    /// The keys left out, with the reason (said on standard error, never dropped silently).
    package let refused: [Refusal]
    /// The providers whose rules the export does not carry (said on standard error, once each).
    package let rulesKept: [RulesKept]

    /// The export of what `workspace` (the device already in it) resolves.
    package init(workspace: Workspace, options: Options) throws(UsageError) {
        let values = Self.values(in: workspace, options: options)
        var writer = ExportWriter(options: options, workspace: workspace)
        try writer.check()
        for (key, resolution) in values { writer.add(key, resolution) }
        text = writer.finish()
        keys = writer.written
        refused = writer.refused
        rulesKept = writer.rulesKept
    }

    /// A value as a launch argument's text (the argument domain's property-list syntax), before
    /// shell quoting; nil when it holds a null.
    package static func argumentText(_ value: JSONValue) -> String? { ArgumentDomain.text(of: value) }

    /// The keys to write, in declaration order, with their resolutions.
    static func values(in workspace: Workspace, options: Options) -> [(String, Resolution)] {
        let resolver = Resolver(workspace: workspace, tracingRuleSteps: false)
        let writable = workspace.writableProvider
        var found: [(String, Resolution)] = []
        for key in workspace.flags.keys {
            if key.hasPrefix(ContextKeys.prefix), !options.includeContext { continue }
            if let keys = options.keys, !keys.contains(key) { continue }
            if options.scope == .overridden, writable?.entries[key]?.value == nil { continue }
            guard let resolution = resolver.resolve(key), resolution.value != nil else { continue }
            found.append((key, resolution))
        }
        return found
    }
}
