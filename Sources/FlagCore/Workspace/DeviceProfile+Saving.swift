import Foundation
import OrderedCollections

extension DeviceProfile {
    /// A profile's file text: `name` and the `context/*` values given, nested by their key's
    /// segments as a person writes them (`permissions: { camera: denied }`), read back by
    /// ``read(_:file:diagnostics:)`` to the same values.
    package static func text(name: String, values: OrderedDictionary<String, FlagValue>) -> String {
        // The attributes as a tree of segments; a value that is also a folder of others keeps
        // its own value, written whole.
        final class Node {
            var value: FlagValue?
            var children: OrderedDictionary<String, Node> = [:]
        }
        let root = Node()
        for (key, value) in values where key.hasPrefix(ContextKeys.prefix) {
            var node = root
            for segment in key.dropFirst(ContextKeys.prefix.count).split(separator: "/") {
                let name = String(segment)
                if node.children[name] == nil { node.children[name] = Node() }
                node = node.children[name]!
            }
            node.value = value
        }
        var lines = ["name: \(scalar(name))", "context:"]
        func write(_ node: Node, indent: String) {
            for (name, child) in node.children {
                if let value = child.value {
                    lines.append("\(indent)\(scalar(name)): \(yaml(value))")
                } else {
                    lines.append("\(indent)\(scalar(name)):")
                    write(child, indent: indent + "  ")
                }
            }
        }
        write(root, indent: "  ")
        if root.children.isEmpty { lines[1] = "context: {}" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value as YAML reads it back with the same type: text that YAML would take for a number,
    /// a bool or null is quoted (`"17.4"`, `"yes"`).
    static func yaml(_ value: FlagValue) -> String {
        switch value {
        case .string(let text), .date(let text), .url(let text): return scalar(text)
        default: return value.json.compactText
        }
    }

    /// Text plain when YAML reads it as that text, else quoted as JSON (which YAML also reads).
    static func scalar(_ text: String) -> String {
        let plain =
            text.first.map { $0.isLetter || $0 == "_" } == true
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.-/ ()".contains($0)) }
            && !text.hasSuffix(" ")
        let reserved = ["true", "false", "yes", "no", "on", "off", "null", "y", "n"]
        return plain && !reserved.contains(text.lowercased()) ? text : JSONValue.string(text).compactText
    }

    /// The file a new profile named `name` is saved to: the folder `devices:` names first (or
    /// `devices/`), and a file name made of the name's letters and digits (`qa-iphone-15.yml`).
    package static func newFile(named name: String, in config: WorkspaceConfig) -> String {
        let pattern = config.devicePatterns?.first?.pattern ?? WorkspaceConfig.defaultDevicePatterns[0]
        let folder = pattern.split(separator: "/").prefix { !$0.contains(where: { "*?[".contains($0) }) }
        let directory = (pattern.contains { "*?[".contains($0) } ? folder : folder.dropLast()).joined(separator: "/")
        var stem = ""
        for character in name.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                stem.append(character)
            } else if !stem.isEmpty, stem.last != "-" {
                stem.append("-")
            }
        }
        while stem.hasSuffix("-") { stem.removeLast() }
        return (directory.isEmpty ? "" : directory + "/") + (stem.isEmpty ? "device" : stem) + ".yml"
    }
}
