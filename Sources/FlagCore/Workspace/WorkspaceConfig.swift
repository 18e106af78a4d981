import Foundation

/// The workspace file (`flagscope.yml` or `.json`): which blueprints and which provider stack.
package struct WorkspaceConfig: Sendable {
    /// The workspace file.
    package var file: URL
    /// The folder every relative path is resolved against.
    package var folder: URL { file.deletingLastPathComponent() }
    /// Blueprint paths or globs, with where each is written.
    package var blueprintPatterns: [(pattern: String, origin: SourceReference)]
    /// Providers in stack order: highest priority first.
    package var providers: [ProviderConfig]
    /// The largest blueprint, provider file, context file or server answer read
    /// (`limits: { fileSize: 512MB }`); anything larger is refused before it is read.
    package var fileSizeLimit: Int64 = FileSizeLimit.defaultBytes

    /// Device profile paths or globs (`devices:`), with where each is written; nil when the
    /// file lists none, and the profiles in `devices/` are read (docs/devices.md).
    package var devicePatterns: [(pattern: String, origin: SourceReference)]?

    /// The app's Swift sources searched for references (`code:`, paths or globs), with where
    /// each is written; nil when the file lists none, and the `.swift` blueprints are searched
    /// (docs/code.md).
    package var codePatterns: [(pattern: String, origin: SourceReference)]?

    /// Where device profiles are looked for when `devices:` is not written.
    package static let defaultDevicePatterns = ["devices/*.yml", "devices/*.yaml", "devices/*.json"]

    static let fields = ["blueprints", "providers", "devices", "code", "limits"]
    static let limitFields = ["fileSize"]
    static let providerFields = [
        "name", "format", "path", "url", "prefix", "writable", "priority",
        "tokenEnv", "timeout", "connectTimeout", "refresh",
    ]
    /// The fields a provider of some format takes besides those every provider takes.
    static var formatFields: [String] {
        var seen = Set(providerFields)
        return ProviderFormat.all.flatMap { $0.options.map(\.name) }.filter { seen.insert($0).inserted }
    }
    /// The fields that only a provider with `url:` takes.
    static let remoteFields = ["tokenEnv", "timeout", "connectTimeout", "refresh"]

    /// The provider edits are written to, if any.
    package var writableProvider: ProviderConfig? { providers.first { $0.writable } }

    /// Reads a parsed workspace document; every problem is appended to `diagnostics`.
    static func load(_ root: SourceNode, file: URL, displayPath: String, diagnostics: inout [Diagnostic])
        -> WorkspaceConfig
    {
        var config = WorkspaceConfig(file: file, blueprintPatterns: [], providers: [])
        guard
            let reader = MappingReader(
                root, file: displayPath, what: "the workspace file", allowed: fields, diagnostics: &diagnostics)
        else {
            return config
        }
        if reader.value("blueprints") == nil {
            diagnostics.append(
                .error(
                    "the workspace lists no 'blueprints' (files or globs such as blueprints/*.yml)",
                    file: displayPath, at: root.location))
        }
        config.blueprintPatterns = reader.textList("blueprints", &diagnostics).map {
            ($0.text, reader.reference($0.node))
        }

        if let node = reader.value("devices"), !node.isNull {
            config.devicePatterns = reader.textList("devices", &diagnostics).map {
                ($0.text, reader.reference($0.node))
            }
        }

        if let node = reader.value("code"), !node.isNull {
            config.codePatterns = reader.textList("code", &diagnostics).map { ($0.text, reader.reference($0.node)) }
        }

        var declared: [ProviderConfig] = []
        if let node = reader.value("providers"), !node.isNull {
            guard let items = node.sequence else {
                diagnostics.append(
                    .error("'providers' must be a list, highest priority first", file: displayPath, at: node.location))
                return config
            }
            for item in items {
                if let provider = loadProvider(item, file: displayPath, diagnostics: &diagnostics) {
                    declared.append(provider)
                }
            }
        }
        checkProviders(declared, file: displayPath, diagnostics: &diagnostics)
        config.providers = stackOrder(declared)
        if let node = reader.value("limits"), !node.isNull,
            let limit = Self.fileSizeLimit(node, file: displayPath, diagnostics: &diagnostics)
        {
            config.fileSizeLimit = limit
        }
        return config
    }

    /// Reads `limits: { fileSize: 512MB }`: a size in KB, MB or GB (powers of 1024) or bytes.
    private static func fileSizeLimit(_ node: SourceNode, file: String, diagnostics: inout [Diagnostic]) -> Int64? {
        guard
            let fields = MappingReader(
                node, file: file, what: "'limits'", allowed: limitFields, diagnostics: &diagnostics),
            let text = fields.text("fileSize", &diagnostics)
        else { return nil }
        guard let bytes = FileSizeLimit.parse(text) else {
            diagnostics.append(
                .error(
                    "'fileSize' must be a size such as 512MB or 2GB (KB, MB and GB are powers of 1024; a plain number is bytes); the default is \(FileSizeLimit.text(FileSizeLimit.defaultBytes).replacingOccurrences(of: " ", with: ""))",
                    file: file, at: fields.value("fileSize")!.location))
            return nil
        }
        return bytes
    }

    /// One entry of `providers:`, read in steps: who it is (name and format), where it reads
    /// (a file, a server or the environment), its remote settings, and whether edits may go to it.
    private static func loadProvider(_ node: SourceNode, file: String, diagnostics: inout [Diagnostic])
        -> ProviderConfig?
    {
        guard
            let fields = MappingReader(
                node, file: file, what: "a provider", allowed: providerFields + formatFields, diagnostics: &diagnostics),
            let (name, format) = identity(of: fields, at: node, file: file, diagnostics: &diagnostics)
        else {
            return nil
        }
        let path = fields.text("path", &diagnostics)
        let url = fields.text("url", &diagnostics)
        let prefix = fields.text("prefix", &diagnostics)
        let writable = fields.bool("writable", &diagnostics) ?? false
        let priority = fields.int("priority", &diagnostics)
        let nameLocation = fields.keyNode("name")!.location
        checkSource(of: fields, name: name, format: format, path: path, file: file, diagnostics: &diagnostics)
        let remote = remoteSettings(of: fields, format: format, url: url, file: file, diagnostics: &diagnostics)
        let isRemote = url != nil && format.canBeRemote
        checkWritable(
            fields, writable: writable, format: format, isRemote: isRemote, file: file, diagnostics: &diagnostics)
        var config = ProviderConfig(
            name: name, format: format, path: isRemote ? nil : path, prefix: prefix,
            writable: writable && format.isWritable && !isRemote, priority: priority,
            origin: SourceReference(file: file, location: nameLocation),
            url: isRemote ? url : nil, remote: isRemote ? remote : nil)
        config.urlLocation = fields.value("url")?.location
        config.nameLocation = fields.value("name")?.location
        config.writableLocation = fields.value("writable")?.location
        config.pathLocation = fields.value("path")?.location
        for (option, value, location) in options(of: fields, format: format, file: file, diagnostics: &diagnostics) {
            config.options[option] = value
            config.optionLocations[option] = location
        }
        return config
    }

    /// The fields of the format's own (``ProviderFormat/options``): each as text; one that names an
    /// environment variable (`…Env`) must be a variable's name, and is never quoted back (a secret
    /// pasted there by mistake stays out of the terminal); another format's field is out of place.
    private static func options(
        of fields: MappingReader, format: ProviderFormat, file: String, diagnostics: inout [Diagnostic]
    ) -> [(String, String, TextLocation)] {
        let own = Set(format.options.map(\.name))
        var found: [(String, String, TextLocation)] = []
        for field in formatFields {
            guard let key = fields.keyNode(field) else { continue }
            guard own.contains(field) else {
                let owners = ProviderFormat.all.filter { $0.options.contains { $0.name == field } }.map(\.name)
                diagnostics.append(
                    .error(
                        "'\(field)' only applies to \(owners.joined(separator: " and ")) providers", file: file,
                        at: key.location))
                continue
            }
            guard let value = fields.text(field, &diagnostics), let location = fields.value(field)?.location else {
                continue
            }
            if field.hasSuffix("Env"), !isVariableName(value) {
                var diagnostic = Diagnostic.error(
                    "'\(field)' names the environment variable that holds the value, not the value itself: letters, digits and _ only",
                    file: file, at: location)
                diagnostic.hidesSourceLine = true
                diagnostics.append(diagnostic)
                continue
            }
            found.append((field, value, location))
        }
        return found
    }

    /// The provider's `name` and `format`, both required; an unknown format gets a did-you-mean.
    private static func identity(
        of fields: MappingReader, at node: SourceNode, file: String, diagnostics: inout [Diagnostic]
    ) -> (name: String, format: ProviderFormat)? {
        guard let name = fields.text("name", &diagnostics), !name.isEmpty else {
            if fields.value("name") == nil {
                diagnostics.append(.error("a provider needs a 'name'", file: file, at: node.location))
            }
            return nil
        }
        guard let formatText = fields.text("format", &diagnostics) else {
            if fields.value("format") == nil {
                diagnostics.append(
                    .error(
                        "provider '\(name)' needs a 'format' (\(ProviderFormat.names.joined(separator: ", ")))",
                        file: file, at: fields.keyNode("name")!.location))
            }
            return nil
        }
        guard let format = ProviderFormat(named: formatText) else {
            diagnostics.append(
                .error(
                    "unknown format '\(formatText)'\(Suggestion.hint(for: formatText, in: ProviderFormat.names, listing: "formats"))",
                    file: file, at: fields.value("format")!.location))
            return nil
        }
        return (name, format)
    }

    /// Where the provider reads: environment variables take a `prefix` and nothing else; every
    /// other format reads a file (`path`) or, where it can, a server (`url`), never both.
    private static func checkSource(
        of fields: MappingReader, name: String, format: ProviderFormat, path: String?, file: String,
        diagnostics: inout [Diagnostic]
    ) {
        if format.source == .environment {
            for field in ["path", "url"] {
                guard let node = fields.keyNode(field) else { continue }
                diagnostics.append(
                    .error(
                        "an \(format.name) provider reads environment variables and takes no '\(field)'; use 'prefix'",
                        file: file, at: node.location))
            }
            return
        }
        if let pathNode = fields.keyNode("path"), let urlNode = fields.keyNode("url") {
            diagnostics.append(
                .error(
                    "a provider reads either a file ('path') or a server ('url'), not both",
                    file: file, at: max(pathNode.location, urlNode.location)))
        } else if fields.keyNode("url") == nil, path == nil || path?.isEmpty == true {
            let message: String
            if format.isRemoteOnly {
                message =
                    "provider '\(name)' needs a 'url' (its \(format.name) server, such as http://localhost:8016)"
            } else if format.canBeRemote {
                message = "provider '\(name)' needs a 'path' to its \(format.name) file or a 'url' of its server"
            } else {
                message = "provider '\(name)' needs a 'path' to its \(format.name) file"
            }
            diagnostics.append(.error(message, file: file, at: fields.keyNode("name")!.location))
        }
        if format.isRemoteOnly, let pathNode = fields.keyNode("path") {
            diagnostics.append(
                .error(
                    "an \(format.name) provider reads a server: give its 'url' (such as http://localhost:8016), not a 'path'",
                    file: file, at: pathNode.location))
        }
        if let prefixNode = fields.keyNode("prefix") {
            let readers = ProviderFormat.all.filter { $0.source == .environment }.map(\.name)
            diagnostics.append(
                .error(
                    "'prefix' only applies to \(readers.joined(separator: " and ")) providers", file: file,
                    at: prefixNode.location))
        }
    }

    /// The settings of a provider with a `url`: the url itself is checked (a secret in it is not
    /// quoted back), then the remote fields; without a url, a remote field is out of place.
    private static func remoteSettings(
        of fields: MappingReader, format: ProviderFormat, url: String?, file: String, diagnostics: inout [Diagnostic]
    ) -> RemoteSettings? {
        guard let urlNode = fields.keyNode("url"), format.source != .environment else {
            for field in remoteFields {
                guard let key = fields.keyNode(field) else { continue }
                diagnostics.append(
                    .error(
                        "'\(field)' only applies to remote providers (those with a 'url')", file: file, at: key.location
                    ))
            }
            return nil
        }
        if !format.canBeRemote {
            diagnostics.append(
                .error(
                    "a \(format.name) provider reads a file ('path'); only \(ProviderFormat.remoteNamesText) read a server ('url')",
                    file: file, at: urlNode.location))
        }
        if let url, let problem = ProviderConfig.urlProblem(url) {
            // The line is not quoted: a url with user:password@ in it is a secret in the wrong place.
            var diagnostic = Diagnostic.error(problem, file: file, at: fields.value("url")!.location)
            diagnostic.hidesSourceLine = true
            diagnostics.append(diagnostic)
        }
        return Self.remoteSettings(fields, file: file, diagnostics: &diagnostics)
    }

    /// `writable: true` only on a local json or plist file.
    private static func checkWritable(
        _ fields: MappingReader, writable: Bool, format: ProviderFormat, isRemote: Bool, file: String,
        diagnostics: inout [Diagnostic]
    ) {
        guard writable else { return }
        if isRemote {
            diagnostics.append(
                .error(
                    "a remote provider cannot be writable; edits go to a local json or plist file",
                    file: file, at: fields.value("writable")!.location))
        } else if !format.isWritable {
            diagnostics.append(
                .error(
                    "a \(format.name) provider cannot be writable; only json and plist files are written",
                    file: file, at: fields.value("writable")!.location))
        }
    }

    /// Reads `tokenEnv`, `timeout`, `connectTimeout` and `refresh`, checking each value.
    private static func remoteSettings(_ fields: MappingReader, file: String, diagnostics: inout [Diagnostic])
        -> RemoteSettings
    {
        var settings = RemoteSettings()
        if let name = fields.text("tokenEnv", &diagnostics) {
            if Self.isVariableName(name) {
                settings.tokenEnv = name
            } else {
                // Neither the value nor its line is quoted: a token pasted here by mistake must not
                // end up in a terminal or a CI log.
                var diagnostic = Diagnostic.error(
                    "'tokenEnv' names the environment variable that holds the token (such as UNLEASH_TOKEN), not the token itself: letters, digits and _ only",
                    file: file, at: fields.value("tokenEnv")!.location)
                diagnostic.hidesSourceLine = true
                diagnostics.append(diagnostic)
            }
        }
        func seconds(_ field: String, minimum: Double, allowsZero: Bool, maximum: Double) -> Double? {
            guard let value = fields.number(field, &diagnostics) else { return nil }
            if (allowsZero && value == 0) || (value >= minimum && value <= maximum) { return value }
            let zero = allowsZero ? " (or 0 to turn it off)" : ""
            diagnostics.append(
                .error(
                    "'\(field)' must be from \(RemoteText.number(minimum)) to \(RemoteText.number(maximum)) seconds\(zero)",
                    file: file, at: fields.value(field)!.location))
            return nil
        }
        if let timeout = seconds("timeout", minimum: 0.1, allowsZero: false, maximum: 300) {
            settings.timeout = timeout
        }
        if let connect = seconds("connectTimeout", minimum: 0.1, allowsZero: false, maximum: 300) {
            settings.connectTimeout = connect
        }
        if let refresh = seconds("refresh", minimum: 1, allowsZero: true, maximum: 86_400) {
            settings.refresh = refresh
        }
        if settings.connectTimeout > settings.timeout,
            let node = fields.value("connectTimeout") ?? fields.value("timeout")
        {
            diagnostics.append(
                .warning(
                    "'connectTimeout' (\(RemoteText.seconds(settings.connectTimeout))) is longer than 'timeout' (\(RemoteText.seconds(settings.timeout))), which bounds the whole fetch",
                    file: file, at: node.location))
        }
        return settings
    }

    /// Whether `name` can be an environment variable's name.
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
    }

    private static func checkProviders(_ providers: [ProviderConfig], file: String, diagnostics: inout [Diagnostic]) {
        var names: [String: ProviderConfig] = [:]
        for provider in providers {
            if let earlier = names[provider.name] {
                diagnostics.append(
                    .error(
                        "duplicate provider name '\(provider.name)' (first at line \(earlier.origin.location.line))",
                        file: file, at: provider.nameLocation ?? provider.origin.location))
            } else {
                names[provider.name] = provider
            }
            let reserved =
                switch provider.name {
                case "default", "computed": "is reserved for the value's source"
                case ContextLayer.providerName: "is the name of the layer `--context` adds"
                case let name where name.hasPrefix(DeviceProfile.layerPrefix):
                    "is how an active device's layer is named"
                default: nil as String?
                }
            if let reserved {
                diagnostics.append(
                    .error(
                        "'\(provider.name)' \(reserved); choose another provider name",
                        file: file, at: provider.nameLocation ?? provider.origin.location))
            }
        }
        let writable = providers.filter(\.writable)
        for extra in writable.dropFirst() {
            diagnostics.append(
                .error(
                    "only one provider can be writable; '\(writable[0].name)' already is",
                    file: file, at: extra.writableLocation ?? extra.origin.location))
        }
    }

    /// Descending priority, stable; without any priority, list order (docs/workspace.md, docs/providers.md).
    static func stackOrder(_ providers: [ProviderConfig]) -> [ProviderConfig] {
        guard providers.contains(where: { $0.priority != nil }) else { return providers }
        return providers.enumerated().sorted { left, right in
            let l = left.element.priority ?? 0
            let r = right.element.priority ?? 0
            return l != r ? l > r : left.offset < right.offset
        }.map(\.element)
    }
}
