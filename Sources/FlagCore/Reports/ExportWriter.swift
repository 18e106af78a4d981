import Foundation
import OrderedCollections

/// Writes the keys of an export in one format (``ExportReport``), refusing with a reason a
/// value the format cannot carry.
struct ExportWriter {
    let options: ExportReport.Options
    let workspace: Workspace
    private(set) var written: [String] = []
    private(set) var refused: [ExportReport.Refusal] = []
    /// The providers whose rules decided keys written as static flags, in the order met.
    private(set) var rulesKept: [ExportReport.RulesKept] = []
    /// The lines or members written so far.
    private var lines: [String] = []
    private var members: OrderedDictionary<String, JSONValue> = [:]
    private var flagdFlags: OrderedDictionary<String, JSONValue> = [:]
    private var flagdEvaluators: OrderedDictionary<String, JSONValue> = [:]
    /// The env provider's prefix, settled by ``check()``.
    private var prefix = ""

    init(options: ExportReport.Options, workspace: Workspace) {
        self.options = options
        self.workspace = workspace
    }

    /// What the format needs before a key is written: a bundle identifier, a variable prefix.
    mutating func check() throws(ExportReport.UsageError) {
        switch options.format {
        case .simctl:
            guard let id = options.bundleID, !id.isEmpty else {
                throw ExportReport.UsageError(
                    description:
                        "--format simctl writes into one app's defaults: add --bundle-id, such as --bundle-id com.example.podcasts"
                )
            }
        case .env:
            if let given = options.prefix {
                guard Self.isVariableName(given.isEmpty ? "A" : given + "A") else {
                    throw ExportReport.UsageError(
                        description:
                            "--prefix '\(TerminalText.escaped(given))' cannot start a shell variable's name: use letters, digits and _, such as APP_"
                    )
                }
                prefix = given
            } else {
                let envProviders = workspace.config.providers.filter { $0.format.source == .environment }
                guard envProviders.count == 1 else {
                    throw ExportReport.UsageError(
                        description:
                            "--format env names variables with the prefix of the workspace's env provider, and it has \(envProviders.isEmpty ? "none" : "\(envProviders.count)"): add --prefix, such as --prefix APP_"
                    )
                }
                prefix = envProviders[0].prefix ?? ""
            }
        default:
            break
        }
    }

    mutating func add(_ key: String, _ resolution: Resolution) {
        guard let value = resolution.value else { return }
        let problem: String?
        switch options.format {
        case .launchArguments: problem = addArgument(key, value)
        case .simctl: problem = addDefaultsWrite(key, value)
        case .xcscheme: problem = addSchemeArgument(key, value)
        case .env: problem = addVariable(key, value)
        case .json: problem = addMember(key, value)
        case .plist: problem = addPlistMember(key, value)
        case .flagd: problem = addFlagdFlag(key, value, resolution)
        }
        if let problem {
            refused.append(ExportReport.Refusal(key: key, reason: problem))
        } else {
            written.append(key)
        }
    }

    func finish() -> String {
        switch options.format {
        case .launchArguments:
            return lines.isEmpty ? "" : lines.joined(separator: options.oneLine ? " " : "\n") + "\n"
        case .simctl, .env:
            return lines.map { $0 + "\n" }.joined()
        case .xcscheme:
            return "<CommandLineArguments>\n" + lines.joined() + "</CommandLineArguments>\n"
        case .json:
            return JSONValue.object(members).serialized(pretty: true, sortedKeys: false) + "\n"
        case .plist:
            return Self.plistText(members)
        case .flagd:
            var root: OrderedDictionary<String, JSONValue> = [
                "$schema": .string("https://flagd.dev/schema/v0/flags.json"), "flags": .object(flagdFlags),
            ]
            if !flagdEvaluators.isEmpty { root["$evaluators"] = .object(flagdEvaluators) }
            return JSONValue.object(root).serialized(pretty: true, sortedKeys: false) + "\n"
        }
    }

    // MARK: Launch arguments, simctl, schemes

    /// `-key value`, the value in the argument domain's syntax, both quoted for a shell.
    private mutating func addArgument(_ key: String, _ value: FlagValue) -> String? {
        guard let text = ArgumentDomain.text(of: value.json) else { return ArgumentDomain.nullProblem }
        lines.append(ShellWord.quoted("-" + key) + " " + ShellWord.quoted(text))
        return nil
    }

    /// `xcrun simctl spawn booted defaults write ID key -type value`.
    private mutating func addDefaultsWrite(_ key: String, _ value: FlagValue) -> String? {
        var words = ["xcrun", "simctl", "spawn", "booted", "defaults", "write", options.bundleID ?? "", key]
        switch value {
        case .bool(let flag): words += ["-bool", flag ? "YES" : "NO"]
        case .int(let number): words += ["-int", String(number)]
        case .double(let number): words += ["-float", JSONValue.format(number)]
        case .string(let text), .url(let text):
            if let problem = Self.controlProblem(text) { return problem }
            words += ["-string", text]
        case .date(let text): words += ["-date", text]
        case .json(let json):
            // `defaults write` reads a value with no type as a property list in text.
            guard let text = ArgumentDomain.text(of: json) else { return ArgumentDomain.nullProblem }
            switch json {
            case .object, .array: words.append(text)
            case .string(let string):
                if let problem = Self.controlProblem(string) { return problem }
                words += ["-string", string]
            case .bool(let flag): words += ["-bool", flag ? "YES" : "NO"]
            case .int(let number): words += ["-int", String(number)]
            case .double(let number): words += ["-float", JSONValue.format(number)]
            case .null: return ArgumentDomain.nullProblem
            }
        }
        lines.append(ShellWord.command(words))
        return nil
    }

    /// One `<CommandLineArgument>` of a scheme: the launch argument, XML-escaped.
    private mutating func addSchemeArgument(_ key: String, _ value: FlagValue) -> String? {
        guard let text = ArgumentDomain.text(of: value.json) else { return ArgumentDomain.nullProblem }
        let argument = ShellWord.quoted("-" + key) + " " + ShellWord.quoted(text)
        if argument.contains("$(") {
            return "Xcode expands $(…) in a scheme's arguments, so the app would not get this value"
        }
        lines.append(
            "   <CommandLineArgument\n      argument = \"\(Self.xmlEscaped(argument))\"\n      isEnabled = \"YES\">\n   </CommandLineArgument>\n"
        )
        return nil
    }

    /// Whether `name` can name a shell variable: a letter or `_`, then letters, digits and `_`.
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
    }

    /// Text for an XML attribute in double quotes.
    static func xmlEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: env, json, plist

    /// `PREFIX_KEY='text'`, the text as the env provider reads it for the flag's type.
    private mutating func addVariable(_ key: String, _ value: FlagValue) -> String? {
        let name = ProviderReaders.variableName(for: key, prefix: prefix)
        guard Self.isVariableName(name) else { return "\(name) is not a name a shell variable can have" }
        let text: String
        switch value {
        case .json(let json): text = json.serialized(pretty: false, sortedKeys: false)
        default: text = value.displayText
        }
        if let problem = Self.controlProblem(text) { return problem }
        lines.append(name + "=" + ShellWord.quoted(text))
        return nil
    }

    /// `"key": value` of a json provider file.
    private mutating func addMember(_ key: String, _ value: FlagValue) -> String? {
        members[key] = value.json
        return nil
    }

    /// A key of a plist provider file: one nested dictionary per segment, as RealFlags'
    /// LocalProvider keeps them.
    private mutating func addPlistMember(_ key: String, _ value: FlagValue) -> String? {
        if Self.containsNull(value.json) { return "a property list has no null" }
        if let problem = Self.controlProblem(in: value.json) { return problem }
        let segments = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if segments.contains(where: \.isEmpty) { return "an empty segment cannot be a plist dictionary's key" }
        // A key that is a folder of another, or inside one, would be read back as part of it.
        for other in members.keys where other.hasPrefix(key + "/") || key.hasPrefix(other + "/") {
            return "\(other) is written too, and a plist nests one inside the other"
        }
        members[key] = value.json
        return nil
    }

    /// Why text cannot go out as it is: a control character other than a tab or a line break
    /// (it could drive a terminal, or end a file's syntax); nil when it can.
    static func controlProblem(_ text: String) -> String? {
        guard
            let found = text.unicodeScalars.first(where: {
                ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F
            })
        else { return nil }
        return
            "it holds the control character U+\(String(format: "%04X", found.value)), which this format cannot carry safely"
    }

    /// ``controlProblem(_:)`` of the first string or member name in `value` that has one.
    static func controlProblem(in value: JSONValue) -> String? {
        switch value {
        case .string(let text): return controlProblem(text)
        case .array(let items): return items.lazy.compactMap(controlProblem(in:)).first
        case .object(let members):
            for (key, member) in members {
                if let problem = controlProblem(key) ?? controlProblem(in: member) { return problem }
            }
            return nil
        default: return nil
        }
    }

    static func containsNull(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return true
        case .array(let items): return items.contains(where: containsNull)
        case .object(let members): return members.values.contains(where: containsNull)
        default: return false
        }
    }

    /// The members as an XML property list of nested dictionaries.
    static func plistText(_ members: OrderedDictionary<String, JSONValue>) -> String {
        let bytes = (try? PlistValues.fileBytes(members.map { (key: $0.key, value: $0.value) })) ?? []
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: flagd

    /// A flagd flag: where a flagd layer's rules decide the key for this device, that flag as its
    /// file writes it (and the `$evaluators` it uses); otherwise a static flag of the value, and
    /// rules of another format that read the device are noted as kept by their provider.
    private mutating func addFlagdFlag(_ key: String, _ value: FlagValue, _ resolution: Resolution) -> String? {
        let layer = resolution.winningLayer
        let provider = layer.flatMap { layer in workspace.providers.first { $0.config.name == layer.provider } }
        if let layer, layer.rules != nil, let provider,
            provider.config.format.name == ExportReport.Format.flagd.rawValue, let path = provider.config.path,
            let bytes = try? LocalFileSystem().contents(of: WorkspacePath.url(ofPath: path, in: workspace.folder)),
            let root = try? JSONReader.parse(bytes), case .object(let file) = JSONValue(root),
            case .object(let flags)? = file["flags"], let definition = flags[key]
        {
            flagdFlags[key] = definition
            if case .object(let evaluators)? = file["$evaluators"] {
                for (name, evaluator) in evaluators where flagdEvaluators[name] == nil {
                    flagdEvaluators[name] = evaluator
                }
            }
            return nil
        }
        let json = value.json
        if case .array = json { return "flagd variants are objects or scalars, not arrays" }
        if case .null = json { return "flagd variants cannot be null" }
        let variant = resolution.variant ?? "exported"
        flagdFlags[key] = .object([
            "state": .string("ENABLED"), "variants": .object([variant: json]), "defaultVariant": .string(variant),
        ])
        if layer?.rules != nil, let provider, provider.entries[key]?.rules?.readsDevice == true {
            keepRules(of: provider.config, key: key)
        }
        return nil
    }

    /// Notes that `provider`'s rules decided `key`, which is written as the value this device gets.
    private mutating func keepRules(of provider: ProviderConfig, key: String) {
        if let index = rulesKept.firstIndex(where: { $0.provider == provider.name }) {
            rulesKept[index].keys.append(key)
        } else {
            rulesKept.append(ExportReport.RulesKept(provider: provider.name, format: provider.format.name, keys: [key]))
        }
    }
}

/// Values in the syntax of Foundation's argument domain (`-key value` at launch): old-style
/// property-list text, in which `(…)` is an array, `{…}` a dictionary and `"…"` a string.
enum ArgumentDomain {
    static let nullProblem = "a property list has no null"

    /// Characters a string may hold without quotes in old-style property-list text.
    static func isUnquotedCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "_$+/:.-".unicodeScalars.contains(scalar))
    }

    /// `value` as property-list text: `YES`/`NO`, numbers as written, strings bare when nothing
    /// could misread them, else quoted; nil when it holds a null.
    static func text(of value: JSONValue) -> String? {
        switch value {
        case .null: return nil
        case .bool(let flag): return flag ? "YES" : "NO"
        // A negative number would start another option (`-5`): it goes as a quoted string,
        // which the typed accessors read as the number.
        case .int(let number): return number < 0 ? string(String(number)) : String(number)
        case .double(let number): return number < 0 ? string(JSONValue.format(number)) : JSONValue.format(number)
        case .string(let text): return string(text)
        case .array(let items):
            var parts: [String] = []
            for item in items {
                guard let part = self.text(of: item) else { return nil }
                parts.append(part)
            }
            return "(" + parts.joined(separator: ", ") + ")"
        case .object(let members):
            var parts: [String] = []
            for (key, member) in members {
                guard let part = self.text(of: member) else { return nil }
                parts.append(string(key, quoteAlways: true) + " = " + part + ";")
            }
            return "{" + parts.joined(separator: " ") + "}"
        }
    }

    /// A string as property-list text: bare when every character may be and it could not read
    /// as something else (a number, YES/NO, an option), else in double quotes with escapes.
    static func string(_ text: String, quoteAlways: Bool = false) -> String {
        let lowered = text.lowercased()
        let bare =
            !quoteAlways && !text.isEmpty && text.unicodeScalars.allSatisfy(isUnquotedCharacter)
            && !text.hasPrefix("-") && Double(text) == nil
            && !["yes", "no", "true", "false"].contains(lowered)
        if bare { return text }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += String(format: "\\U%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
