import Foundation
import OrderedCollections

/// The `--context` layer (docs/rules.md): attributes of the simulated device given on the command
/// line (`--context KEY=VALUE`) or in files (`--context-file FILE`), held in memory on top of
/// the stack for one run. Nothing of it is ever written.
package struct ContextLayer: Sendable {
    /// The layer's name, as `get` and the browser's header show it.
    package static let providerName = "--context"

    /// An attribute's value as it was given.
    package enum Given: Sendable, Hashable {
        /// From `--context KEY=VALUE`: JSON when it parses, else text (a key with rules of its
        /// own, such as `context/platform`, takes the text).
        case argument(String)
        /// From a context file: a JSON value.
        case json(JSONValue)
    }

    /// Where an attribute was given.
    package enum Origin: Sendable, Hashable {
        /// The `--context` argument, as written.
        case argument(String)
        /// A context file (as shown to people) and the attribute's name in it.
        case file(String, TextLocation)
        /// A device profile's file (docs/devices.md) and the attribute's name in it.
        case profile(String, TextLocation)
        /// A request to `flagscope serve` (docs/serve.md): the name the device sent it under.
        case request(String)

        /// The file and position, when the attribute was written in a file.
        package var position: (file: String, location: TextLocation)? {
            switch self {
            case .argument, .request: return nil
            case .file(let path, let location), .profile(let path, let location): return (path, location)
            }
        }

        /// The device profile's file, when the attribute comes from one.
        var profileFile: String? {
            if case .profile(let path, _) = self { return path }
            return nil
        }
    }

    /// One attribute of the layer.
    package struct Attribute: Sendable, Hashable {
        /// The full key, `context/age`.
        package var key: String
        /// Its value as given.
        package var given: Given
        /// Where it was given.
        package var origin: Origin
        /// Whether the name was written without `context/` (so it may be a flag key by mistake).
        package var omittedPrefix: Bool
    }

    /// A `--context` argument that cannot be used (bad usage: exit 64).
    package struct ArgumentError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong and what would be right.
        package var description: String
    }

    /// An attribute a device sent that cannot be a context key (an empty name, an unknown
    /// permission): left out of the layer, and said where the device is shown.
    package struct Skipped: Sendable, Hashable {
        /// The name as sent, dotted for nested objects.
        package var name: String
        /// Why it cannot be a context key.
        package var reason: String
    }

    /// The attributes by full key; a later one replaces an earlier one of the same key.
    package private(set) var attributes: OrderedDictionary<String, Attribute> = [:]
    /// What a device sent that could not be an attribute (only a request's layer has any).
    package var skipped: [Skipped] = []
    /// The context files read, for quoting their lines in diagnostics.
    package private(set) var sources: [String: SourceText] = [:]

    /// An empty layer.
    package init() {}

    /// Whether the layer holds nothing.
    package var isEmpty: Bool { attributes.isEmpty }

    /// Adds `KEY=VALUE` (KEY with or without `context/`; a dotted name `user.name` is the key
    /// `context/user/name`, as rules read it).
    package mutating func add(argument: String) throws(ArgumentError) {
        guard let equals = argument.firstIndex(of: "=") else {
            throw ArgumentError(
                description:
                    "--context '\(TerminalText.escaped(argument))' has no '=': write --context KEY=VALUE, such as --context age=42 or --context email=ana@example.com"
            )
        }
        let name = String(argument[..<equals])
        let key: (key: String, omittedPrefix: Bool)
        switch Self.key(for: name) {
        case .success(let found): key = found
        case .failure(let problem):
            throw ArgumentError(description: "--context '\(TerminalText.escaped(argument))': \(problem.message)")
        }
        let value = String(argument[argument.index(after: equals)...])
        attributes[key.key] = nil  // a later one goes last, as it was given last
        attributes[key.key] = Attribute(
            key: key.key, given: .argument(value), origin: .argument(argument), omittedPrefix: key.omittedPrefix)
    }

    /// Adds `attribute`, replacing one of the same key.
    mutating func add(_ attribute: Attribute) {
        attributes[attribute.key] = nil
        attributes[attribute.key] = attribute
    }

    /// Keeps the text of `path`, for quoting its lines in diagnostics.
    mutating func keep(_ source: SourceText, of path: String) { sources[path] = source }

    /// Adds every attribute of `other`, replacing those of the same key.
    package mutating func add(_ other: ContextLayer) {
        for (key, attribute) in other.attributes {
            attributes[key] = nil
            attributes[key] = attribute
        }
        sources.merge(other.sources) { _, new in new }
    }

    /// Adds the attributes of a context file: a JSON object of attribute names (with or without
    /// `context/`) to values; `null` leaves an attribute out. Returns every problem, located in
    /// the file (`path` is how it is shown); nothing of a file with errors is added.
    package mutating func add(fileAt url: URL, shownAs path: String, fileSystem: FileSystem = LocalFileSystem())
        -> [Diagnostic]
    {
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.contents(of: url)
        } catch {
            return [.error("cannot read the context file: \(FileErrorText.describe(error))", file: path, at: nil)]
        }
        sources[path] = SourceText(path: path, text: String(decoding: bytes, as: UTF8.self))
        let root: SourceNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            return [.error(error.message, file: path, at: error.location)]
        }
        guard let pairs = root.mapping else {
            return [
                .error(
                    "a context file is a JSON object of attributes, such as {\"age\": 42, \"email\": \"ana@example.com\"}; found \(root.kindDescription)",
                    file: path, at: root.location)
            ]
        }
        var problems: [Diagnostic] = []
        var found: [Attribute] = []
        for (keyNode, valueNode) in pairs {
            let name = keyNode.scalarText ?? ""
            switch Self.key(for: name) {
            case .failure(let problem):
                problems.append(.error(problem.message, file: path, at: keyNode.location))
            case .success(let key):
                let origin = Origin.file(path, keyNode.location)
                found.append(
                    Attribute(
                        key: key.key, given: .json(JSONValue(valueNode)), origin: origin,
                        omittedPrefix: key.omittedPrefix))
            }
        }
        guard problems.isEmpty else { return problems }
        for attribute in found {
            attributes[attribute.key] = nil
            attributes[attribute.key] = attribute
        }
        return []
    }

    /// Why a name cannot be a context attribute.
    struct NameError: Error {
        var message: String
    }

    /// The full key of an attribute name, and whether `context/` was left out.
    static func key(for name: String) -> Result<(key: String, omittedPrefix: Bool), NameError> {
        let omittedPrefix = !name.hasPrefix(ContextKeys.prefix)
        let bare = omittedPrefix ? name : String(name.dropFirst(ContextKeys.prefix.count))
        // Rules read a dotted name `user.name` as `context/user/name`.
        let segments = bare.split(separator: "/", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: ".", omittingEmptySubsequences: false) }
        guard !bare.isEmpty, !segments.contains(where: \.isEmpty) else {
            return .failure(
                NameError(
                    message: bare.isEmpty
                        ? "no attribute name; write a context key such as age or context/email"
                        : "'\(TerminalText.escaped(name))' has an empty segment; write a context key such as user/name or user.name"
                ))
        }
        let key = ContextKeys.prefix + segments.joined(separator: "/")
        guard WorkspaceChecks.contextRules(key) != nil else {
            let permission = String(key.dropFirst("context/permissions/".count))
            let names = Permission.allCases.map(\.rawValue)
            return .failure(
                NameError(
                    message:
                        "'\(TerminalText.escaped(key))' is not a context key: '\(TerminalText.escaped(permission))' is not a permission Flagscope knows\(Suggestion.hint(for: permission, in: names, listing: "permissions"))"
                ))
        }
        return .success((key, omittedPrefix))
    }

    /// The value the layer holds for `key`, read by the key's rules: an attribute's argument is
    /// JSON when it parses, else text; a key with rules of its own (the platform, a permission
    /// state) takes the argument as text, as `set` does. `nil`: the layer leaves it unset.
    func rawValue(of attribute: Attribute, rules: ValueRules?) -> RawValue? {
        switch attribute.given {
        case .json(let value):
            return value == .null ? nil : .native(value)
        case .argument(let text):
            let parsed = JSONValue(parsingOrText: text)
            if rules?.acceptsAnyJSON ?? true { return parsed == .null ? nil : .native(parsed) }
            if case .string(let unquoted) = parsed { return .text(unquoted) }
            return .text(text)
        }
    }

    /// The layer as provider data named `name`, with an entry per attribute.
    func providerData(flags: OrderedDictionary<String, FlagDefinition>, named name: String = providerName)
        -> ProviderData
    {
        var entries = OrderedDictionary<String, ProviderEntry>()
        for (key, attribute) in attributes {
            let rules = flags[key]?.rules ?? WorkspaceChecks.contextRules(key)
            var location: TextLocation?
            var notes: [String] = []
            switch attribute.origin {
            case .argument(let written): notes.append("from --context \(written)")
            case .file(let path, let at):
                location = at
                notes.append("from --context-file \(path)")
            case .profile(let path, let at):
                location = at
                notes.append("from the device profile \(path)")
            case .request(let sent): notes.append("sent by the device as \(sent)")
            }
            entries[key] = ProviderEntry(value: rawValue(of: attribute, rules: rules), location: location, notes: notes)
        }
        // A profile's layer reads its file; the command line's is named for itself.
        let displayPath = attributes.values.first?.origin.profileFile ?? name
        let config = ProviderConfig(
            name: name, format: .json, origin: SourceReference(file: displayPath, location: .start))
        return ProviderData(
            config: config, status: .loaded, entries: ProviderEntries(entries), displayPath: displayPath)
    }

    /// What is wrong with the layer for `workspace` (loaded with it): a name given without
    /// `context/` that is a flag or a feature (bad usage), values that do not fit a key's rules,
    /// and (warnings) attributes that nothing in the workspace reads.
    package func problems(in workspace: Workspace) -> [ContextProblem] {
        var problems: [ContextProblem] = []
        // Only asked for when an attribute is given: the rule attribute index is built for it.
        // Nor while a blueprint cannot be read: what its features read is not known.
        let read =
            workspace.sendsContextToServers || !workspace.unreadBlueprints.isEmpty ? nil : workspace.contextKeysRead
        for (key, attribute) in attributes {
            let name = String(key.dropFirst(ContextKeys.prefix.count))
            if attribute.omittedPrefix, workspace.flags[name] != nil || workspace.features[name] != nil {
                let what = workspace.features[name] != nil ? "a feature" : "a flag"
                problems.append(
                    ContextProblem(
                        message:
                            "'\(TerminalText.escaped(name))' is \(what), not a context attribute: --context only gives the simulated device's attributes (context/*), which rules and features read; change a flag with `flagscope set`, or write context/\(TerminalText.escaped(name)) to mean the attribute",
                        origin: attribute.origin, isUsage: true))
                continue
            }
            if let read, !read.readsContextKey(key) {
                problems.append(Self.unread(attribute, read: read))
                continue
            }
            guard let flag = workspace.flags[key] ?? workspace.definition(for: key),
                let raw = rawValue(of: attribute, rules: flag.rules),
                case .failure(let problem) = flag.rules.value(from: raw)
            else { continue }
            problems.append(
                ContextProblem(
                    message: "\(key) does not take this value: \(TerminalText.escaped(problem.message))",
                    origin: attribute.origin, isUsage: false))
        }
        return problems
    }

    /// The warning for an attribute nothing reads, with the closest attribute that is read.
    private static func unread(_ attribute: Attribute, read: [String]) -> ContextProblem {
        ContextProblem(
            message: Workspace.unreadMessage(
                attribute.key, known: read, by: "no rule, feature, computed flag or blueprint"),
            origin: attribute.origin, isUsage: false, severity: .warning)
    }
}

/// A problem with an attribute of the `--context` layer, found once the workspace is loaded.
package struct ContextProblem: Sendable, Hashable {
    /// What is wrong.
    package var message: String
    /// Where the attribute was given.
    package var origin: ContextLayer.Origin
    /// Whether it is bad usage (exit 64) rather than a bad value (exit 1).
    package var isUsage: Bool
    /// An error stops the command; a warning (an attribute nothing reads) is said and the
    /// command goes on.
    package var severity: Diagnostic.Severity = .error

    /// The problem as a diagnostic when the attribute came from a file, located at its name.
    package var diagnostic: Diagnostic? {
        guard let (path, location) = origin.position else { return nil }
        return Diagnostic(file: path, location: location, severity: severity, message: message)
    }

    /// The problem in one line, naming the argument when it came from one.
    package var headline: String {
        switch origin {
        case .argument(let written):
            return "\(severity.rawValue): --context '\(TerminalText.escaped(written))': \(message)"
        case .file, .profile: return diagnostic?.headline ?? "\(severity.rawValue): \(message)"
        case .request(let sent): return "\(severity.rawValue): the device's \(TerminalText.escaped(sent)): \(message)"
        }
    }

    /// The problem for a status line: the argument or the file's position, then what is wrong.
    package var statusText: String {
        switch origin {
        case .argument(let written): return "--context \(TerminalText.escaped(written)): \(message)"
        case .file(let path, let location), .profile(let path, let location):
            return "\(TerminalText.escaped(path)):\(location.line):\(location.column): \(message)"
        case .request(let sent): return "the device's \(TerminalText.escaped(sent)): \(message)"
        }
    }
}
