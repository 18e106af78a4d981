import Foundation

/// A named simulated device kept as a file the team shares (docs/devices.md): the context
/// attributes of one QA device or account. Active, it is a layer named `Device: NAME` directly
/// below the writable provider.
package struct DeviceProfile: Sendable {
    /// The layer name's start: `Device: QA iPhone 15 (Italy)`.
    package static let layerPrefix = "Device: "
    /// The fields a profile takes.
    static let fields = ["name", "description", "context"]

    /// The name people call it by.
    package var name: String
    /// What it stands for, when the file says.
    package var description: String?
    /// The profile's file, as shown to people.
    package var file: String
    /// Where its name is written.
    package var nameLocation: TextLocation
    /// Its attributes, each from where it is written in the file.
    package var context: ContextLayer

    /// The file's name without its folder and extension: `qa-iphone-it`.
    package var stem: String { URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent }

    /// The name of its layer in the stack.
    package var layerName: String { Self.layerPrefix + name }

    /// Reads a parsed profile file shown as `file`. Every problem is appended to `diagnostics`;
    /// a profile with any error is nil, so it cannot be made active half read.
    static func read(_ root: SourceNode, file: String, diagnostics: inout [Diagnostic]) -> DeviceProfile? {
        let before = diagnostics.count
        guard
            let fields = MappingReader(
                root, file: file, what: "a device profile", allowed: fields, diagnostics: &diagnostics)
        else { return nil }
        let name = fields.text("name", &diagnostics)
        if fields.value("name") == nil {
            diagnostics.append(
                .error(
                    "a device profile needs a 'name', such as name: QA iPhone 15 (Italy)", file: file,
                    at: root.location))
        } else if name?.trimmingCharacters(in: .whitespaces).isEmpty == true {
            diagnostics.append(.error("the device's name is empty", file: file, at: fields.value("name")!.location))
        }
        let description = fields.text("description", &diagnostics)
        var context = ContextLayer()
        if let node = fields.value("context"), !node.isNull {
            if node.mapping == nil {
                diagnostics.append(
                    .error(
                        "'context' is a mapping of attributes, such as country: it; found \(node.kindDescription)",
                        file: file, at: node.location))
            } else {
                read(node, segments: [], file: file, into: &context, diagnostics: &diagnostics)
            }
        }
        guard diagnostics.count == before, let name, let nameNode = fields.value("name") else { return nil }
        return DeviceProfile(
            name: name, description: description, file: file, nameLocation: nameNode.location, context: context)
    }

    /// Adds the attributes under `node`: a nested mapping is one more segment of the key
    /// (`permissions: { camera: denied }` is `context/permissions/camera`), anything else a value
    /// with its YAML or JSON type.
    private static func read(
        _ node: SourceNode, segments: [String], file: String, into context: inout ContextLayer,
        diagnostics: inout [Diagnostic]
    ) {
        for (keyNode, valueNode) in node.mapping ?? [] {
            let name = keyNode.scalarText ?? ""
            let path = segments + [name]
            if let nested = valueNode.mapping, !nested.isEmpty {
                read(valueNode, segments: path, file: file, into: &context, diagnostics: &diagnostics)
                continue
            }
            switch ContextLayer.key(for: path.joined(separator: "/")) {
            case .failure(let problem):
                diagnostics.append(.error(problem.message, file: file, at: keyNode.location))
            case .success(let key):
                context.add(
                    ContextLayer.Attribute(
                        key: key.key, given: .json(JSONValue(valueNode)), origin: .profile(file, keyNode.location),
                        omittedPrefix: false))
            }
        }
    }
}

/// Why `--device NAME` names no single profile (bad usage).
package struct DeviceChoiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what would be right.
    package var description: String
}

extension DeviceProfile {
    /// The words of its name and file stem, lower-cased: what a near miss is compared with.
    var nameWords: [String] {
        (name + " " + stem).lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}

extension [DeviceProfile] {
    /// The profile `name` means: its name or file stem, else (ignoring case) a unique start of
    /// either, else a unique part of either. None or several is an error that says which exist,
    /// naming what gave the name (`--device`, or `diff`'s side `b`).
    package func choose(_ name: String, givenAs given: String = "--device") -> Result<DeviceProfile, DeviceChoiceError>
    {
        if let exact = first(where: { $0.name == name }) ?? first(where: { $0.stem == name }) { return .success(exact) }
        let lowered = name.lowercased()
        let sameIgnoringCase = filter { $0.name.lowercased() == lowered || $0.stem.lowercased() == lowered }
        var starting =
            sameIgnoringCase.isEmpty
            ? filter { $0.name.lowercased().hasPrefix(lowered) || $0.stem.lowercased().hasPrefix(lowered) }
            : sameIgnoringCase
        // A word from the middle of a name (`subscriber`) does too, when only one name holds it.
        if starting.isEmpty {
            starting = filter { $0.name.lowercased().contains(lowered) || $0.stem.lowercased().contains(lowered) }
        }
        if starting.count == 1, let only = starting.first { return .success(only) }
        let quoted = TerminalText.escaped(name)
        if starting.count > 1 {
            let names = starting.map { "\(TerminalText.escaped($0.name)) (\(TerminalText.escaped($0.file)))" }
            return .failure(
                DeviceChoiceError(
                    description:
                        "\(given) '\(quoted)' matches \(starting.count) devices: \(names.joined(separator: ", ")); write more of the name"
                ))
        }
        guard !isEmpty else {
            return .failure(
                DeviceChoiceError(
                    description:
                        "\(given) '\(quoted)': the workspace has no device profiles; add one as devices/NAME.yml with a name and a context (docs/devices.md)"
                ))
        }
        // A near miss of one word of a name (`subscrber`) means that device too.
        let closeWord = Suggestion.closest(to: lowered, in: flatMap(\.nameWords)).flatMap { word in
            first { $0.nameWords.contains(word) }?.name
        }
        let hint =
            closeWord.map {
                "; did you mean '\(TerminalText.escaped($0))'? Devices are \(Suggestion.listed(map(\.name)))"
            }
            ?? Suggestion.hint(for: name, in: map(\.name) + map(\.stem), listing: "devices", names: map(\.name))
        return .failure(DeviceChoiceError(description: "\(given) '\(quoted)' is no device\(hint)"))
    }
}
