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

    /// Whether an OFREP server is asked with the simulated device: it may read any attribute.
    package var sendsContextToServers: Bool {
        config.providers.contains { $0.format == .ofrep }
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
