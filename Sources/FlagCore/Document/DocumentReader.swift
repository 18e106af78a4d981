/// Reads a YAML or JSON file into a ``SourceNode`` tree, choosing the parser by file extension.
package enum DocumentReader {
    /// The syntax of a document.
    package enum Syntax: Sendable {
        case json
        case yaml

        /// `.json` files are JSON; everything else (`.yml`, `.yaml`) is YAML.
        package init(path: String) {
            self = path.lowercased().hasSuffix(".json") ? .json : .yaml
        }
    }

    /// Parses `bytes` as `syntax`.
    package static func parse(_ bytes: [UInt8], as syntax: Syntax) throws(DocumentError) -> SourceNode {
        switch syntax {
        case .json: return try JSONReader.parse(bytes)
        case .yaml: return try YAMLReader.parse(bytes)
        }
    }
}
