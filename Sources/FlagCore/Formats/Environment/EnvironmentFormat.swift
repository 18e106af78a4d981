/// The `env` format (docs/providers.md): environment variables named `prefix` + the key
/// upper-cased with `/` → `__`, their text parsed by each flag's type.
struct EnvironmentFormat: FormatDescriptor {
    let name = "env"
    let source = FormatSource.environment

    /// No file: the variables are read by ``readEnvironment(_:prefix:keys:)``.
    func read(_ bytes: [UInt8], _ reading: FormatReading) throws(DocumentError) -> ProviderFile {
        ProviderFile(entries: [:])
    }

    func readEnvironment(_ variables: [String: String], prefix: String, keys: some Sequence<String>)
        -> ProviderReaders.Entries
    {
        ProviderReaders.environment(variables, prefix: prefix, keys: keys)
    }

    func remedy(forKey key: String, in provider: ProviderConfig, displayPath: String) -> (action: String, why: String?)
    {
        ("unset or change $\(ProviderReaders.variableName(for: key, prefix: provider.prefix ?? ""))", nil)
    }
}

extension ProviderFormat {
    /// Environment variables.
    package static let env = ProviderFormat(EnvironmentFormat())
}

extension ProviderReaders {
    /// Environment variables: `prefix` + key upper-cased with `/` → `__`.
    static func environment(_ variables: [String: String], prefix: String, keys: some Sequence<String>) -> Entries {
        var entries = Entries()
        var claimed: Set<String> = []
        // Usually no variable carries the prefix: then no key needs its variable name spelled.
        if !prefix.isEmpty, !variables.keys.contains(where: { $0.hasPrefix(prefix) }) { return entries }
        for key in keys {
            let name = variableName(for: key, prefix: prefix)
            if let value = variables[name] {
                entries[key] = ProviderEntry(value: .text(value), notes: ["from $\(name)"])
                claimed.insert(name)
            }
        }
        // With a prefix, other variables that carry it are keys nobody declares.
        if !prefix.isEmpty {
            for name in variables.keys.sorted() where name.hasPrefix(prefix) && !claimed.contains(name) {
                let key = String(name.dropFirst(prefix.count)).replacingOccurrences(of: "__", with: "/").lowercased()
                entries[key] = ProviderEntry(value: .text(variables[name]!), notes: ["from $\(name)"])
            }
        }
        return entries
    }

    /// The variable that holds `key` for an env provider.
    static func variableName(for key: String, prefix: String) -> String {
        prefix + key.uppercased().replacingOccurrences(of: "/", with: "__")
    }
}
