import FlagCore

/// The JSON and YAML readers every file goes through: parse, convert, print back, and word
/// the error with its quoted line and caret as `validate` does.
enum DocumentTargets {
    /// The JSON reader.
    static func json(_ bytes: [UInt8]) -> Int {
        read(bytes, path: "input.json") { bytes throws(DocumentError) in try JSONReader.parse(bytes) }
    }

    /// The YAML reader (and the reader that picks it by file name).
    static func yaml(_ bytes: [UInt8]) -> Int {
        read(bytes, path: "input.yml") { bytes throws(DocumentError) in
            try DocumentReader.parse(bytes, as: .init(path: "input.yml"))
        }
    }

    private static func read(
        _ bytes: [UInt8], path: String, _ parse: ([UInt8]) throws(DocumentError) -> SourceNode
    ) -> Int {
        var output = OutputSize()
        do {
            let root = try parse(bytes)
            let value = JSONValue(root)
            output.add(value)
            output.add(value.compactText)
            output.add(root.kindDescription)
        } catch {
            let source = SourceText(path: path, text: String(decoding: bytes, as: UTF8.self))
            let renderer = DiagnosticRenderer(sources: [path: source])
            output.add(renderer.render(.error(error.message, file: path, at: error.location)))
        }
        return output.bytes
    }
}
