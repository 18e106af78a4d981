import Foundation

/// The workspace file (`flagscope.yml` or `.json`): which blueprints and which provider stack.
public struct WorkspaceConfig: Sendable {
    /// The workspace file.
    public var file: URL
    /// The folder every relative path is resolved against.
    public var folder: URL { file.deletingLastPathComponent() }
    /// Blueprint paths or globs, with where each is written.
    public var blueprintPatterns: [(pattern: String, origin: SourceReference)]
    /// Providers in stack order: highest priority first.
    public var providers: [ProviderConfig]

    static let fields = ["blueprints", "providers"]
    static let providerFields = ["name", "format", "path", "prefix", "writable", "priority"]

    /// The provider edits are written to, if any.
    public var writableProvider: ProviderConfig? { providers.first { $0.writable } }

    /// Reads a parsed workspace document; every problem is appended to `diagnostics`.
    static func load(_ root: SourceNode, file: URL, displayPath: String, diagnostics: inout [Diagnostic]) -> WorkspaceConfig {
        var config = WorkspaceConfig(file: file, blueprintPatterns: [], providers: [])
        guard let reader = MappingReader(root, file: displayPath, what: "the workspace file", allowed: fields, diagnostics: &diagnostics) else {
            return config
        }
        if reader.value("blueprints") == nil {
            diagnostics.append(.error("the workspace lists no 'blueprints' (files or globs such as blueprints/*.yml)",
                                      file: displayPath, at: root.location))
        }
        config.blueprintPatterns = reader.textList("blueprints", &diagnostics).map { ($0.text, reader.reference($0.node)) }

        var declared: [ProviderConfig] = []
        if let node = reader.value("providers"), !node.isNull {
            guard let items = node.sequence else {
                diagnostics.append(.error("'providers' must be a list, highest priority first", file: displayPath, at: node.location))
                return config
            }
            for item in items {
                if let provider = loadProvider(item, file: displayPath, diagnostics: &diagnostics) { declared.append(provider) }
            }
        }
        checkProviders(declared, file: displayPath, diagnostics: &diagnostics)
        config.providers = stackOrder(declared)
        return config
    }

    private static func loadProvider(_ node: SourceNode, file: String, diagnostics: inout [Diagnostic]) -> ProviderConfig? {
        guard let fields = MappingReader(node, file: file, what: "a provider", allowed: providerFields, diagnostics: &diagnostics) else {
            return nil
        }
        guard let name = fields.text("name", &diagnostics), !name.isEmpty else {
            if fields.value("name") == nil {
                diagnostics.append(.error("a provider needs a 'name'", file: file, at: node.location))
            }
            return nil
        }
        guard let formatText = fields.text("format", &diagnostics) else {
            if fields.value("format") == nil {
                diagnostics.append(.error("provider '\(name)' needs a 'format' (\(ProviderFormat.names.joined(separator: ", ")))",
                                          file: file, at: fields.keyNode("name")!.location))
            }
            return nil
        }
        guard let format = ProviderFormat(rawValue: formatText) else {
            diagnostics.append(.error("unknown format '\(formatText)'\(Suggestion.hint(for: formatText, in: ProviderFormat.names)); formats are \(ProviderFormat.names.joined(separator: ", "))",
                                      file: file, at: fields.value("format")!.location))
            return nil
        }
        let path = fields.text("path", &diagnostics)
        let prefix = fields.text("prefix", &diagnostics)
        let writable = fields.bool("writable", &diagnostics) ?? false
        let priority = fields.int("priority", &diagnostics)
        let nameLocation = fields.keyNode("name")!.location
        if format == .env {
            if let pathNode = fields.keyNode("path") {
                diagnostics.append(.error("an env provider reads environment variables and takes no 'path'; use 'prefix'",
                                          file: file, at: pathNode.location))
            }
        } else {
            if path == nil || path?.isEmpty == true {
                diagnostics.append(.error("provider '\(name)' needs a 'path' to its \(format.rawValue) file",
                                          file: file, at: nameLocation))
            }
            if let prefixNode = fields.keyNode("prefix") {
                diagnostics.append(.error("'prefix' only applies to env providers", file: file, at: prefixNode.location))
            }
        }
        if writable, !format.isWritable {
            diagnostics.append(.error("a \(format.rawValue) provider cannot be writable; only json and plist files are written",
                                      file: file, at: fields.value("writable")!.location))
        }
        var config = ProviderConfig(name: name, format: format, path: path, prefix: prefix, writable: writable && format.isWritable,
                                    priority: priority, origin: SourceReference(file: file, location: nameLocation))
        config.nameLocation = fields.value("name")?.location
        config.writableLocation = fields.value("writable")?.location
        return config
    }

    private static func checkProviders(_ providers: [ProviderConfig], file: String, diagnostics: inout [Diagnostic]) {
        var names: [String: ProviderConfig] = [:]
        for provider in providers {
            if let earlier = names[provider.name] {
                diagnostics.append(.error("duplicate provider name '\(provider.name)' (first at line \(earlier.origin.location.line))",
                                          file: file, at: provider.nameLocation ?? provider.origin.location))
            } else {
                names[provider.name] = provider
            }
            if provider.name == "default" || provider.name == "computed" {
                diagnostics.append(.error("'\(provider.name)' is reserved for the value's source; choose another provider name",
                                          file: file, at: provider.origin.location))
            }
        }
        let writable = providers.filter(\.writable)
        for extra in writable.dropFirst() {
            diagnostics.append(.error("only one provider can be writable; '\(writable[0].name)' already is",
                                      file: file, at: extra.writableLocation ?? extra.origin.location))
        }
    }

    /// Descending priority, stable; without any priority, list order (SPEC §1, §3).
    static func stackOrder(_ providers: [ProviderConfig]) -> [ProviderConfig] {
        guard providers.contains(where: { $0.priority != nil }) else { return providers }
        return providers.enumerated().sorted { left, right in
            let l = left.element.priority ?? 0
            let r = right.element.priority ?? 0
            return l != r ? l > r : left.offset < right.offset
        }.map(\.element)
    }
}
