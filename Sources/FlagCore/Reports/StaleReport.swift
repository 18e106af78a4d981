import Foundation
import OrderedCollections

/// `flagscope stale`: the flags that can go, and the overrides that do nothing, each with why
/// and where (docs/code.md#stale-flags).
package struct StaleReport: Sendable {
    /// One flag or override that can go.
    package struct Finding: Sendable, Hashable {
        /// Why.
        package enum Kind: String, Sendable, Hashable {
            /// No code file reads it.
            case unreferenced
            /// Only a key built at run time may read it.
            case dynamic
            /// Past its `expires` date.
            case expired
            /// The same value in every layer, every rule outcome and so for every device.
            case constant
            /// An override in the writable file that a higher layer always shadows.
            case shadowed
            /// An override in the writable file of a key no blueprint declares.
            case undeclared
        }

        /// The flag's or feature's key.
        package var key: String
        /// Why it can go.
        package var kind: Kind
        /// Said to people: `never referenced in the 4 code files`.
        package var reason: String
        /// Where to act: the declaration, or the override's line.
        package var place: SourceReference
    }

    /// What can go, flag by flag in the workspace's order, then the overrides.
    package var findings: [Finding] = []
    /// How many code files were searched; nil when the workspace has no code (`code:`).
    package var codeFiles: Int?
    /// The workspace, for its paths.
    private let workspace: Workspace

    /// Finds what can go in `workspace` as of `now` (for `expires`).
    package init(workspace: Workspace, now: Date) {
        self.workspace = workspace
        codeFiles = workspace.codeReferences?.files.count
        let layers = Self.loadedLayers(workspace)
        for (key, flag) in workspace.flags where !key.hasPrefix(ContextKeys.prefix) && workspace.isDeclared(key) {
            findings += Self.findings(ofFlag: key, flag, in: workspace, now: now, layers: layers)
        }
        for (key, feature) in workspace.features {
            if let unread = Self.unreadReason(key, in: workspace) {
                findings.append(Finding(key: key, kind: unread.kind, reason: unread.reason, place: feature.origin))
            }
        }
        findings += Self.idleOverrides(in: workspace)
    }

    /// What can go of one key: a flag past its date, the same everywhere or read nowhere, a
    /// feature read nowhere, an override of the key that never applies.
    package static func findings(of key: String, in workspace: Workspace, now: Date) -> [Finding] {
        if let feature = workspace.features[key] {
            return unreadReason(key, in: workspace).map {
                [Finding(key: key, kind: $0.kind, reason: $0.reason, place: feature.origin)]
            } ?? []
        }
        guard let flag = workspace.flags[key], !key.hasPrefix(ContextKeys.prefix), workspace.isDeclared(key) else {
            return idleOverrides(in: workspace, keys: [key])
        }
        return findings(ofFlag: key, flag, in: workspace, now: now, layers: loadedLayers(workspace))
            + idleOverrides(in: workspace, keys: [key])
    }

    /// A loaded layer, as ``onlyValue(of:_:layers:)`` reads it for every flag: taken once, so
    /// that no flag copies a provider's data.
    private struct Layer {
        var name: String
        var entries: ProviderEntries
        /// Its file has an error: what it defines may not be what the app gets.
        var broken: Bool
    }

    /// The loaded layers, highest first.
    private static func loadedLayers(_ workspace: Workspace) -> [Layer] {
        let broken = Set(workspace.diagnostics.lazy.filter { $0.severity == .error }.map(\.file))
        return workspace.providers.filter { $0.status == .loaded }.map {
            Layer(name: $0.config.name, entries: $0.entries, broken: broken.contains($0.displayPath))
        }
    }

    private static func findings(
        ofFlag key: String, _ flag: FlagDefinition, in workspace: Workspace, now: Date, layers: [Layer]
    ) -> [Finding] {
        var findings: [Finding] = []
        if let expires = flag.expires, let date = FlagDate.parse(expires), date < now {
            findings.append(
                Finding(key: key, kind: .expired, reason: "past its expires date, \(expires)", place: flag.origin))
        }
        if workspace.expressions[key] == nil, let value = onlyValue(of: key, flag, layers: layers) {
            findings.append(
                Finding(
                    key: key, kind: .constant,
                    reason:
                        "always \(TerminalText.capped(value.displayText, limit: 60)) in every layer, rule and device: safe to remove",
                    place: flag.origin))
        }
        if let unread = unreadReason(key, in: workspace) {
            findings.append(Finding(key: key, kind: unread.kind, reason: unread.reason, place: flag.origin))
        }
        return findings
    }

    /// Why the code may never read `key`, when it may not.
    private static func unreadReason(_ key: String, in workspace: Workspace) -> (kind: Finding.Kind, reason: String)? {
        guard let references = workspace.codeReferences, !references.isReferenced(key) else { return nil }
        if let first = references.dynamicReferences(of: key).first {
            return (
                .dynamic,
                "referenced dynamically at \(first.place.file):\(first.place.location.line) (a key built at run time): check it by hand"
            )
        }
        return (.unreferenced, "never referenced in \(Plural.count(references.files.count, "code file"))")
    }

    /// The one value `flag` has everywhere, when some layer or rule sets it and every layer,
    /// every outcome of its rules and its default agree. Every device gets one of these values,
    /// so every device gets that one. A computed flag has no value of its own: callers skip those.
    /// A value that does not fit the flag is a problem `validate` reports, not a sign the flag
    /// is done with: fixed, it may differ, so nothing is known to be constant.
    private static func onlyValue(of key: String, _ flag: FlagDefinition, layers: [Layer]) -> FlagValue? {
        guard flag.unknownDefault == nil else { return nil }
        var only = flag.defaultValue
        var isSet = false
        /// False once `raw` gives a second value, or one that does not fit.
        func agrees(_ raw: RawValue) -> Bool {
            guard case .success(let value) = flag.rules.value(from: raw) else { return false }
            isSet = true
            if let only, only != value { return false }
            only = value
            return true
        }
        for layer in layers {
            guard let entry = layer.entries[key], !flag.excludedProviders.contains(layer.name) else { continue }
            // A definition with a problem gives an error, not a value: nothing is known to be constant.
            if entry.error != nil || layer.broken { return nil }
            if let raw = entry.value, !agrees(raw) { return nil }
            for raw in entry.rules?.outcomes ?? [] where !agrees(raw) { return nil }
        }
        return isSet ? only : nil
    }

    /// The writable file's overrides that never apply: a higher layer sets the key with no
    /// rule (so always), or no blueprint declares the key.
    private static func idleOverrides(in workspace: Workspace, keys: [String]? = nil) -> [Finding] {
        guard let index = workspace.providers.firstIndex(where: \.config.writable) else { return [] }
        let writable = workspace.providers[index]
        var findings: [Finding] = []
        let entries = keys.map { keys in keys.compactMap { key in writable.entries[key].map { (key, $0) } } }
        for (key, entry) in entries ?? Array(writable.entries) {
            let place = SourceReference(file: writable.displayPath, location: entry.location ?? .start)
            guard let flag = workspace.flags[key], workspace.isDeclared(key) || key.hasPrefix(ContextKeys.prefix) else {
                // With a blueprint unread, what it would declare is not known.
                guard workspace.unreadBlueprints.isEmpty else { continue }
                findings.append(
                    Finding(
                        key: key, kind: .undeclared,
                        reason: "the override in \(writable.config.name) sets a key no blueprint declares", place: place
                    ))
                continue
            }
            let higher = workspace.providers[..<index].first { provider in
                guard provider.status == .loaded, !flag.excludedProviders.contains(provider.config.name),
                    let above = provider.entries[key], above.rules == nil, let raw = above.value,
                    case .success = flag.rules.value(from: raw)
                else { return false }
                return true
            }
            if let higher {
                let line = higher.entries[key]?.location.map { ":\($0.line)" } ?? ""
                findings.append(
                    Finding(
                        key: key, kind: .shadowed,
                        reason:
                            "the override in \(writable.config.name) never applies: \(higher.config.name) sets it first, at \(higher.displayPath)\(line)",
                        place: place))
            }
        }
        return findings
    }

    // MARK: Output

    /// `path:line:column: KEY: reason`, one finding a line, then a count.
    package func text(currentDirectory: URL) -> String {
        let paths = workspace.shownPaths(from: currentDirectory)
        // Each file shown once: a workspace may have a finding for every one of 100,000 flags.
        var shown: [String: String] = [:]
        func show(_ file: String) -> String {
            if let known = shown[file] { return known }
            let path = paths.shown(file)
            shown[file] = path
            return path
        }
        let files = Set(workspace.codeFiles + workspace.providers.map(\.displayPath))
        var lines = findings.map { finding in
            let place = "\(show(finding.place.file)):\(finding.place.location.line):\(finding.place.location.column)"
            var reason = finding.reason
            // Only these two name another file, after " at ".
            if finding.kind == .dynamic || finding.kind == .shadowed, let range = reason.range(of: " at ") {
                let named = reason[range.upperBound...].prefix { $0 != ":" }
                if files.contains(String(named)) {
                    reason.replaceSubrange(range.upperBound..<named.endIndex, with: show(String(named)))
                }
            }
            return "\(place): \(TerminalText.escaped(finding.key)): \(reason)"
        }
        if codeFiles == nil {
            lines.append(
                "note: no code was searched, so no flag is called unreferenced: list the app's Swift sources under code: in the workspace file (docs/code.md)"
            )
        }
        guard !findings.isEmpty else {
            let verdict =
                "✓ nothing stale: no flag is unread, expired or one value wherever it is set, and every override applies"
            return ([verdict] + lines).joined(separator: "\n")
        }
        let counts = OrderedDictionary(grouping: findings, by: \.kind).map { kind, items in
            "\(items.count) \(Self.summaryWords[kind] ?? kind.rawValue)"
        }
        lines.append("")
        lines.append("\(Plural.count(findings.count, "finding")): \(counts.joined(separator: ", "))")
        return lines.joined(separator: "\n")
    }

    private static let summaryWords: [Finding.Kind: String] = [
        .unreferenced: "never referenced", .dynamic: "referenced dynamically only", .expired: "expired",
        .constant: "always the same", .shadowed: "shadowed overrides", .undeclared: "undeclared overrides",
    ]

    /// `{"codeFiles":N|null,"stale":[{"key","kind","reason","file","path","line","column"}]}`.
    package func json(currentDirectory: URL) -> JSONValue {
        let paths = workspace.shownPaths(from: currentDirectory)
        let items: [JSONValue] = findings.map { finding in
            .object([
                "key": .string(finding.key), "kind": .string(finding.kind.rawValue), "reason": .string(finding.reason),
                "file": .string(finding.place.file), "path": .string(paths.shown(finding.place.file)),
                "line": .int(finding.place.location.line), "column": .int(finding.place.location.column),
            ])
        }
        return .object(["codeFiles": codeFiles.map { .int($0) } ?? .null, "stale": .array(items)])
    }

    /// The findings as `validate` notes them: notes, never errors; an undeclared override
    /// already has its warning. A flag no code reads is noted only when the workspace file
    /// writes `code:`: by default the code is the Swift blueprints, and where they only
    /// declare, every flag would be noted (`stale` still lists them).
    package var notes: [Diagnostic] {
        let codeIsWritten = workspace.config.codePatterns != nil
        return findings.filter { finding in
            switch finding.kind {
            case .undeclared: return false
            case .unreferenced, .dynamic: return codeIsWritten
            default: return true
            }
        }.map { finding in
            .note(
                "'\(TerminalText.escaped(finding.key))' is stale: \(finding.reason)", file: finding.place.file,
                at: finding.place.location)
        }
    }
}
