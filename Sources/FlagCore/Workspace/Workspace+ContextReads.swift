/// Which attributes of the simulated device the workspace reads (docs/context.md, "attributes nobody
/// reads"): an attribute given for a run that nothing reads is a typo far more often than not.
extension Workspace {
    /// Every `context/*` key something reads, sorted: the device keys Flagscope itself knows
    /// (platform, OS version, locale, the clock), the permissions and purchases features
    /// require, keys blueprints declare, keys computed flags read, and every attribute a rule
    /// reads.
    package var contextKeysRead: [String] {
        var keys: Set<String> = [ContextKeys.platform, ContextKeys.osVersion, ContextKeys.locale, ContextKeys.now]
        for feature in features.values {
            for requirement in feature.constraints.permissions { keys.insert(requirement.permission.contextKey) }
        }
        for product in products.values { keys.insert(product.contextKey) }
        for (key, flag) in flags where key.hasPrefix(ContextKeys.prefix) && !flag.isGenerated { keys.insert(key) }
        for expression in expressions.values {
            for key in expression.referencedKeys where key.hasPrefix(ContextKeys.prefix) { keys.insert(key) }
        }
        for attribute in ruleAttributes { keys.insert(attribute.key) }
        return keys.sorted()
    }

    /// The `context/*` keys whose values count when written: those something reads
    /// (``contextKeysRead``) and those a device profile gives; `nil` when any key may count (an
    /// OFREP server is asked with the device and may read anything, or a blueprint could not
    /// be read, so what its features read is not known).
    package var contextKeysKnown: [String]? {
        guard !sendsContextToServers, unreadBlueprints.isEmpty else { return nil }
        var keys = Set(contextKeysRead)
        for profile in devices { keys.formUnion(profile.context.attributes.keys) }
        return keys.sorted()
    }

    /// The warning for writing `key`, a `context/*` key nothing reads and no device profile
    /// gives, with the closest attribute that counts; `nil` when it counts (or is no context key).
    package func unreadContextKeyWarning(_ key: String) -> String? {
        guard key.hasPrefix(ContextKeys.prefix), let known = contextKeysKnown, !known.readsContextKey(key) else {
            return nil
        }
        return Self.unreadMessage(key, known: known, by: "no rule, feature, computed flag, blueprint or device profile")
    }

    /// `nothing reads context/contry; did you mean 'country'? (no rule … does: it changes nothing)`:
    /// the suggestion first, as a status line keeps the start of a message; without a close name,
    /// the names that would do something.
    static func unreadMessage(_ key: String, known: [String], by readers: String) -> String {
        let name = String(key.dropFirst(ContextKeys.prefix.count))
        let names = known.map { String($0.dropFirst(ContextKeys.prefix.count)) }
        let hint =
            Suggestion.closest(to: name, in: names).map { "; did you mean '\(TerminalText.escaped($0))'?" }
            ?? "; the attributes read are \(Suggestion.listed(names))"
        return "nothing reads \(TerminalText.escaped(key))\(hint) (\(readers) does: it changes nothing)"
    }

    /// A warning for each `context/*` key a provider file sets that nothing reads, at its line and
    /// column (``unreadContextKeyWarning(_:)``); the `--context` and device layers say theirs.
    package var unreadContextKeyDiagnostics: [Diagnostic] {
        // What rules read is indexed only when some file sets a context key: most set none.
        let written = providers.filter { $0.config.path != nil && !$0.config.isRemote }.flatMap { provider in
            provider.keyOrder.lazy.filter { $0.hasPrefix(ContextKeys.prefix) }.map { (provider, $0) }
        }
        guard !written.isEmpty, let known = contextKeysKnown else { return [] }
        return written.compactMap { provider, key in
            guard !known.readsContextKey(key), let location = provider.entries[key]?.location else { return nil }
            let message = Self.unreadMessage(
                key, known: known, by: "no rule, feature, computed flag, blueprint or device profile")
            return Diagnostic(file: provider.displayPath, location: location, severity: .warning, message: message)
        }
    }

    /// Whether a server is asked with the simulated device (OFREP's): it may read any attribute.
    package var sendsContextToServers: Bool {
        config.providers.contains { $0.format.remote?.sendsContext == true }
    }
}

extension Array where Element == String {
    /// Whether `key` is read when these keys are: the key itself, an object holding a key that
    /// is read (`context/user` for `context/user/name`), or a field of an object that is read.
    func readsContextKey(_ key: String) -> Bool {
        contains { read in
            read == key || read.hasPrefix(key + "/") || key.hasPrefix(read + "/")
        }
    }
}
