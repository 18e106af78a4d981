import Foundation
import OrderedCollections

/// Edits flags in the writable provider: parses values by type, refuses what does not fit,
/// writes safely, and says where the value went and whether a higher layer still wins.
package struct FlagEditor: Sendable {
    /// The workspace as loaded before the edit.
    package var workspace: Workspace
    /// The file operations.
    package var fileSystem: FileSystem

    /// Creates an editor.
    package init(workspace: Workspace, fileSystem: FileSystem = LocalFileSystem()) {
        self.workspace = workspace
        self.fileSystem = fileSystem
    }

    /// Why an edit was refused; nothing was written.
    package struct EditError: Error, Sendable, CustomStringConvertible {
        /// The message, naming what would be right.
        package var description: String
    }

    /// The writable provider, its file and a writer for it.
    package func writer() throws(EditError) -> (provider: ProviderConfig, writer: ProviderFileWriter) {
        guard let provider = workspace.config.writableProvider, let path = provider.path,
            let format = provider.format.writable
        else {
            throw EditError(
                description:
                    "no writable provider: mark one json or plist provider with `writable: true` in \(WorkspacePath.displayPath(of: workspace.config.file, in: workspace.folder))"
            )
        }
        // The key index itself answers "declared?"; a set of 100k keys would cost more than the write.
        let declared = workspace.flags
        let url = WorkspacePath.url(ofPath: path, in: workspace.folder)
        var writer = ProviderFileWriter(
            file: url, format: format, fileSystem: fileSystem, isDeclaredKey: { declared[$0] != nil })
        writer.sizeLimit = workspace.config.fileSizeLimit
        // Named as every other message names the workspace's files, in the CLI and the browser.
        writer.shownPath = WorkspacePath.displayPath(of: url, in: workspace.folder)
        return (provider, writer)
    }

    /// The declared flag for `key`, or a refusal with "did you mean".
    package func flag(_ key: String) throws(EditError) -> FlagDefinition {
        guard let flag = workspace.definition(for: key) else {
            throw EditError(
                description:
                    "unknown key '\(TerminalText.escaped(key))'\(Suggestion.hint(for: key, in: workspace.flags.keys.elements))"
            )
        }
        return flag
    }

    /// Parses `text` by the flag's type and checks it fits.
    package func parse(_ text: String, for flag: FlagDefinition) throws(EditError) -> FlagValue {
        switch flag.rules.value(fromText: text) {
        case .success(let value): return value
        case .failure(let problem):
            throw EditError(
                description:
                    "cannot set \(TerminalText.escaped(flag.key)) (\(flag.rules.kindWord)): \(TerminalText.escaped(problem.message))"
            )
        }
    }

    /// Sets typed values (already parsed); refuses locked flags unless `force`.
    package func set(_ values: OrderedDictionary<String, FlagValue>, force: Bool) throws(EditError) -> EditReport {
        for key in values.keys {
            let flag = try flag(key)
            if flag.locked, !force {
                throw EditError(description: "\(TerminalText.escaped(key)) is locked; pass --force to change it anyway")
            }
            if let value = values[key], let problem = flag.rules.problem(with: value) {
                throw EditError(
                    description: "cannot set \(TerminalText.escaped(key)): \(TerminalText.escaped(problem.message))")
            }
        }
        let (provider, writer) = try writer()
        let changes = OrderedDictionary(uniqueKeysWithValues: values.map { ($0.key, KeyChange.set($0.value.json)) })
        let result: WriteResult
        do {
            result = try writer.apply(changes)
        } catch {
            throw EditError(description: error.description)
        }
        return report(result, provider: provider)
    }

    /// Applies raw changes as they are (undo and redo replay the file's previous entries).
    package func apply(_ changes: OrderedDictionary<String, KeyChange>, removeAll: Bool) throws(EditError) -> EditReport
    {
        let (provider, writer) = try writer()
        do {
            return report(try writer.apply(changes, removeAll: removeAll), provider: provider)
        } catch {
            throw EditError(description: error.description)
        }
    }

    /// Removes keys from the writable provider (declared keys, or unknown keys present in it).
    package func reset(_ keys: [String]) throws(EditError) -> EditReport {
        let (provider, writer) = try writer()
        let present = Set(workspace.writableProvider?.keyOrder ?? [])
        for key in keys where workspace.definition(for: key) == nil && !present.contains(key) {
            let candidates = workspace.flags.keys.elements + Array(present)
            throw EditError(
                description:
                    "nothing was reset: unknown key '\(TerminalText.escaped(key))'\(Suggestion.hint(for: key, in: candidates))"
            )
        }
        let changes = OrderedDictionary(uniqueKeysWithValues: keys.map { ($0, KeyChange.remove) })
        do {
            return report(try writer.apply(changes), provider: provider)
        } catch {
            throw EditError(description: error.description)
        }
    }

    /// Removes every key of the writable provider, declared or not.
    package func resetAll() throws(EditError) -> EditReport {
        let (provider, writer) = try writer()
        do {
            return report(try writer.apply([:], removeAll: true), provider: provider)
        } catch {
            throw EditError(description: error.description)
        }
    }

    private func report(_ result: WriteResult, provider: ProviderConfig) -> EditReport {
        // Only the written file is read again when that is enough; remote layers keep the
        // answers already fetched either way: a write must not wait for a server.
        let reread = workspace.rereadingProvider(named: provider.name, fileSystem: fileSystem)
        let reloaded =
            reread
            ?? Workspace.load(
                from: workspace.config.file, fileSystem: fileSystem,
                environment: workspace.environment, remote: .known(workspace.remoteAnswers),
                context: workspace.contextLayer, device: workspace.activeDevice?.name)
        let resolver = Resolver(workspace: reloaded)
        let keys = result.storedKeys + result.removedKeys + result.absentKeys
        var resolutions: OrderedDictionary<String, Resolution> = [:]
        for key in keys { resolutions[key] = resolver.resolve(key) }
        return EditReport(
            workspace: reloaded, rereadOnly: reread != nil, provider: provider.name,
            file: WorkspacePath.displayPath(of: result.file, in: workspace.folder),
            result: result, resolutions: resolutions)
    }
}

/// What an edit did, and what each touched key now resolves to.
package struct EditReport: Sendable {
    /// The workspace as reloaded after the write (callers reuse it instead of reading again).
    package var workspace: Workspace
    /// Whether only the writable provider's file was read again (``Workspace/rereadingProvider(named:fileSystem:)``),
    /// so everything but that layer is as before; otherwise the whole workspace was loaded again.
    package var rereadOnly: Bool
    /// The writable provider's name.
    package var provider: String
    /// Its file, relative to the workspace.
    package var file: String
    /// What the write did.
    package var result: WriteResult
    /// The touched keys' resolutions after the write (undeclared keys have none).
    package var resolutions: OrderedDictionary<String, Resolution>

    /// A warning when the written value does not win: a higher layer, a computed value, or exclusion.
    /// Names and values are as written (JSON carries them); human outputs escape the whole warning.
    package func shadowWarning(for key: String) -> String? {
        guard let resolution = resolutions[key] else { return nil }
        if resolution.flag.excludedProviders.contains(provider) {
            return "\(key) never reads \(provider) (excludedProviders); the value has no effect"
        }
        if resolution.reason == .computed {
            return "the computed value (\(resolution.value?.displayText ?? "?")) still wins over \(provider)"
        }
        guard resolution.source != provider, resolution.reason == .provider else { return nil }
        return
            "\(resolution.source) still wins with \(resolution.value?.displayText ?? "?") (it is higher in the stack)"
    }

    /// A warning when the written key is a `context/*` key nothing reads: written all the same,
    /// as the app may read attributes Flagscope cannot see.
    package func unreadWarning(for key: String) -> String? {
        workspace.unreadContextKeyWarning(key).map { $0 + "; written all the same, as the app may read it" }
    }

    /// What the user can do when the written value does not win: the file or variable to change
    /// instead, or the flag's `excludedProviders` to edit (``LayerDescription/remedy(for:writableProvider:in:)``).
    package func shadowRemedy(for key: String) -> LayerRemedy? {
        guard shadowWarning(for: key) != nil, let resolution = resolutions[key] else { return nil }
        return LayerDescription.remedy(for: resolution, writableProvider: provider, in: workspace)
    }

    /// The human lines for `set`.
    package var setText: String {
        var lines: [String] = []
        for key in result.storedKeys {
            let value = writtenText(key, limit: .max)
            lines.append(TerminalText.escaped("set \(key) = \(value) in \(provider) (\(file))"))
            if let warning = unreadWarning(for: key) { lines.append("warning: \(TerminalText.escaped(warning))") }
            if let warning = shadowWarning(for: key) { lines.append("warning: \(TerminalText.escaped(warning))") }
            if let remedy = shadowRemedy(for: key) {
                lines.append("note: to change what wins, \(TerminalText.escaped(remedy.text))")
            }
            if resolutions[key]?.flag.requiresRestart == true {
                lines.append("note: takes effect after the app restarts")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The value written for `key` as people read it, cut to about `limit` characters: its layer's
    /// value, or the file's entry when the layer does not show it (a flag that excludes the provider).
    func writtenText(_ key: String, limit: Int) -> String {
        if let resolution = resolutions[key],
            let value = resolution.layers.first(where: { $0.provider == provider })?.value
        {
            // An attribute that takes any JSON value shows text quoted, so "42" and 42 read differently.
            if resolution.flag.rules.acceptsAnyJSON, case .string(let text) = value {
                return JSONValue.string(text).compactText(limit: limit)
            }
            return value.preview(limit: limit)
        }
        switch workspace.writableProvider?.entries[key]?.value {
        case .native(.string(let text))?, .text(let text)?: return TerminalText.capped(text, limit: limit)
        case .native(let json)?: return json.compactText(limit: limit)
        case nil: return "?"
        }
    }

    /// Values in the browser's status line are cut to this many columns, so the rest of the line
    /// (a warning, what to do about it) is not pushed off the screen by a long value.
    static let statusValueWidth = 16

    /// One status line for the browser, and whether it is a warning (a higher layer still wins).
    /// A warning comes first, then what to do about it, then where the value went (the key is
    /// the one selected): a narrow screen cuts the end of the line, and the warning is what must
    /// not be lost.
    package var statusLine: (text: String, isWarning: Bool) {
        var parts: [String] = []
        var warning = false
        func short(_ text: String) -> String {
            TerminalText.truncated(TerminalText.escaped(text), toWidth: Self.statusValueWidth)
        }
        for key in result.storedKeys {
            let written = short(writtenText(key, limit: 200))
            if shadowWarning(for: key) != nil, let resolution = resolutions[key] {
                let remedy = shadowRemedy(for: key).map { ": " + $0.action } ?? ""
                if resolution.flag.excludedProviders.contains(provider) {
                    parts.append(
                        "⚠ \(key) never reads \(provider)\(remedy) · saved \(written) in \(provider) (\(file))")
                } else {
                    let winner = resolution.reason == .computed ? "the computed value" : resolution.source
                    parts.append(
                        "⚠ \(winner) still wins with \(short(resolution.value?.preview(limit: 200) ?? "?"))\(remedy) · saved \(written) in \(provider) (\(file))"
                    )
                }
                warning = true
            } else if let unread = unreadWarning(for: key) {
                parts.append("⚠ \(unread) · saved \(written) in \(provider) (\(file))")
                warning = true
            } else {
                parts.append("set \(key) = \(written) in \(provider) (\(file))")
            }
        }
        if !result.removedKeys.isEmpty {
            if result.removedKeys.count == 1, let key = result.removedKeys.first {
                let now = resolutions[key].map { " → now \($0.value?.displayText ?? "unset") from \($0.source)" } ?? ""
                parts.append("removed \(key) from \(provider)\(now)")
            } else {
                parts.append("removed \(result.removedKeys.count) keys from \(provider) (\(file))")
            }
        }
        if parts.isEmpty { parts.append("\(provider) unchanged") }
        return (TerminalText.escaped(parts.joined(separator: "; ")), warning)
    }

    /// The human lines for `reset`.
    package var resetText: String {
        var lines: [String] = []
        for key in result.removedKeys {
            var line = "removed \(key) from \(provider) (\(file))"
            if let resolution = resolutions[key] {
                line += "; now \(resolution.value?.displayText ?? "unset") from \(resolution.source)"
            } else {
                line += " (a key no blueprint declares)"
            }
            lines.append(line)
        }
        for key in result.absentKeys {
            lines.append("\(key) was not set in \(provider); nothing to remove")
        }
        if lines.isEmpty { lines.append("\(provider) (\(file)) was already empty") }
        // Keys, values, provider names and paths all come from files: escape every line.
        return lines.map(TerminalText.escaped).joined(separator: "\n")
    }

    /// `{"provider","file","changes":[{"key","action","value","source","warning","remedy"}]}`.
    package var json: JSONValue {
        var changes: [JSONValue] = []
        func entry(_ key: String, _ action: String) -> JSONValue {
            var object: OrderedDictionary<String, JSONValue> = ["key": .string(key), "action": .string(action)]
            if let resolution = resolutions[key] {
                object["value"] = resolution.value?.json ?? .null
                object["source"] = .string(resolution.source)
            }
            if action == "set", let written = resolutions[key]?.layers.first(where: { $0.provider == provider })?.value
            {
                object["written"] = written.json
            }
            let warnings = action == "set" ? [unreadWarning(for: key), shadowWarning(for: key)].compactMap { $0 } : []
            if !warnings.isEmpty { object["warning"] = .string(warnings.joined(separator: "; ")) }
            if action == "set", let remedy = shadowRemedy(for: key) { object["remedy"] = .string(remedy.text) }
            return .object(object)
        }
        changes += result.storedKeys.map { entry($0, "set") }
        changes += result.removedKeys.map { entry($0, "removed") }
        changes += result.absentKeys.map { entry($0, "notPresent") }
        return .object(["provider": .string(provider), "file": .string(file), "changes": .array(changes)])
    }
}
