/// Reads the fields of one mapping node, reporting unknown fields and wrongly shaped values.
///
/// Every accessor records a diagnostic and returns `nil` when a value has the wrong shape, so a
/// loader can go on and report every problem of a file at once.
struct MappingReader {
    let file: String
    let node: SourceNode
    let pairs: [(key: SourceNode, value: SourceNode)]

    /// Checks that `node` is a mapping whose keys are all in `allowed`; `what` names it in messages.
    init?(_ node: SourceNode, file: String, what: String, allowed: [String], diagnostics: inout [Diagnostic]) {
        guard let pairs = node.mapping else {
            diagnostics.append(
                .error("\(what) must be a mapping, found \(node.kindDescription)", file: file, at: node.location))
            return nil
        }
        self.file = file
        self.node = node
        self.pairs = pairs
        for (key, _) in pairs {
            guard let name = key.scalarText else {
                diagnostics.append(
                    .error("field names must be text, found \(key.kindDescription)", file: file, at: key.location))
                continue
            }
            if !allowed.contains(name) {
                diagnostics.append(
                    .error(
                        "unknown field '\(name)' in \(what)\(Suggestion.hint(for: name, in: allowed))",
                        file: file, at: key.location))
            }
        }
    }

    /// The value node of a field.
    func value(_ field: String) -> SourceNode? {
        pairs.first { $0.key.scalarText == field }?.value
    }

    /// The key node of a field (for diagnostics that point at the field name).
    func keyNode(_ field: String) -> SourceNode? {
        pairs.first { $0.key.scalarText == field }?.key
    }

    /// A scalar field's text; a mapping or list there is an error.
    func text(_ field: String, _ diagnostics: inout [Diagnostic]) -> String? {
        guard let value = value(field), !value.isNull else { return nil }
        guard let text = value.scalarText else {
            diagnostics.append(
                .error("'\(field)' must be text, found \(value.kindDescription)", file: file, at: value.location))
            return nil
        }
        return text
    }

    /// A bool field.
    func bool(_ field: String, _ diagnostics: inout [Diagnostic]) -> Bool? {
        guard let value = value(field), !value.isNull else { return nil }
        if value.isPlainScalar, let text = value.scalarText, let bool = PlainScalar.bool(text) { return bool }
        diagnostics.append(
            .error(
                "'\(field)' must be true or false, found \(value.kindDescription)\(value.scalarText.map { " \($0)" } ?? "")",
                file: file, at: value.location))
        return nil
    }

    /// A number field (int or double).
    func number(_ field: String, _ diagnostics: inout [Diagnostic]) -> Double? {
        guard let value = value(field), !value.isNull else { return nil }
        if value.isPlainScalar, let text = value.scalarText, let number = PlainScalar.number(text) { return number }
        diagnostics.append(
            .error("'\(field)' must be a number, found \(value.kindDescription)", file: file, at: value.location))
        return nil
    }

    /// A whole-number field.
    func int(_ field: String, _ diagnostics: inout [Diagnostic]) -> Int? {
        guard let value = value(field), !value.isNull else { return nil }
        if value.isPlainScalar, let text = value.scalarText, let number = PlainScalar.int(text) { return number }
        diagnostics.append(
            .error("'\(field)' must be a whole number, found \(value.kindDescription)", file: file, at: value.location))
        return nil
    }

    /// A list of texts (a single text is accepted as a one-item list); each item with its node.
    func textList(_ field: String, _ diagnostics: inout [Diagnostic]) -> [(text: String, node: SourceNode)] {
        guard let value = value(field), !value.isNull else { return [] }
        if let text = value.scalarText { return [(text, value)] }
        guard let items = value.sequence else {
            diagnostics.append(
                .error("'\(field)' must be a list, found \(value.kindDescription)", file: file, at: value.location))
            return []
        }
        var result: [(String, SourceNode)] = []
        for item in items {
            guard let text = item.scalarText, !item.isNull else {
                diagnostics.append(
                    .error(
                        "items of '\(field)' must be text, found \(item.kindDescription)", file: file, at: item.location
                    ))
                continue
            }
            result.append((text, item))
        }
        return result
    }

    /// The entries of a mapping-valued field (`flags:`, `collections:` …) with their key nodes.
    func entries(_ field: String, _ diagnostics: inout [Diagnostic]) -> [(
        name: String, key: SourceNode, value: SourceNode
    )] {
        guard let value = value(field), !value.isNull else { return [] }
        guard let pairs = value.mapping else {
            diagnostics.append(
                .error(
                    "'\(field)' must be a mapping of names to entries, found \(value.kindDescription)",
                    file: file, at: value.location))
            return []
        }
        var result: [(String, SourceNode, SourceNode)] = []
        for (key, entry) in pairs {
            guard let name = key.scalarText, !key.isNull, !name.isEmpty else {
                diagnostics.append(.error("entry names in '\(field)' must be text", file: file, at: key.location))
                continue
            }
            result.append((name, key, entry))
        }
        return result
    }

    /// A reference to the position of a node in this file.
    func reference(_ node: SourceNode) -> SourceReference {
        SourceReference(file: file, location: node.location)
    }
}
