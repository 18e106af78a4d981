import OrderedCollections

/// The `ofrep` format (docs/remote.md): a server speaking OFREP, the OpenFeature Remote Evaluation
/// Protocol, asked with the simulated device for every flag's answer at once.
struct OFREPFormat: FormatDescriptor {
    let name = "ofrep"
    let source = FormatSource.server
    let remote: RemoteAsking? = RemoteAsking(
        endpoint: { base, _ in base + "/ofrep/v1/evaluate/flags" }, method: "POST",
        headers: ["Content-Type": "application/json"], sendsContext: true)

    func read(_ bytes: [UInt8], _ reading: FormatReading) throws(DocumentError) -> ProviderFile {
        ProviderFile(entries: try ProviderReaders.ofrep(bytes))
    }
}

extension ProviderFormat {
    /// An OFREP server.
    package static let ofrep = ProviderFormat(OFREPFormat())
}

extension ProviderReaders {
    /// An OFREP bulk evaluation answer: `{"flags":[{"key","value","reason","variant","metadata"}
    /// | {"key","errorCode","errorDetails"}]}`. Values are native JSON; reason, variant and
    /// metadata become notes.
    ///
    /// A per-flag error leaves the other flags alone. `FLAG_NOT_FOUND` means the server has no
    /// such flag, so the key is `unset` (with a note); any other code means the server has the
    /// flag but could not evaluate it (bad context, parse error…), so the key's layer is `error`
    /// — either way a lower layer decides, as an OpenFeature SDK would fall back to its default.
    static func ofrep(_ bytes: [UInt8]) throws(DocumentError) -> Entries {
        let root = try JSONReader.parse(bytes)
        guard root.mapping != nil, let flags = root["flags"]?.sequence else {
            throw DocumentError(
                "an OFREP answer is a JSON object with a \"flags\" list", at: root["flags"]?.location ?? root.location)
        }
        var entries = Entries()
        for flag in flags {
            guard flag.mapping != nil, let keyNode = flag["key"], !keyNode.isNull, keyNode.mapping == nil,
                keyNode.sequence == nil,
                let key = keyNode.scalarText, !key.isEmpty
            else {
                throw DocumentError("each flag of an OFREP answer is an object with a \"key\"", at: flag.location)
            }
            if let codeNode = flag["errorCode"], !codeNode.isNull {
                let code = codeNode.scalarText ?? "GENERAL"
                let details = flag["errorDetails"]?.scalarText.map { ": \(TerminalText.capped($0, limit: 300))" } ?? ""
                if code == "FLAG_NOT_FOUND" {
                    entries[key] = ProviderEntry(value: nil, notes: ["the server has no such flag (FLAG_NOT_FOUND)"])
                } else {
                    entries[key] = ProviderEntry(
                        value: nil,
                        error: "the server could not evaluate it: \(TerminalText.capped(code, limit: 60))\(details)")
                }
                continue
            }
            var notes: [String] = []
            if let reason = flag["reason"]?.scalarText, !reason.isEmpty {
                notes.append("reason \(TerminalText.capped(reason, limit: 60))")
            }
            if let variant = flag["variant"]?.scalarText, !variant.isEmpty {
                notes.append("variant \(TerminalText.capped(variant, limit: 100))")
            }
            if let metadata = flag["metadata"], let pairs = metadata.mapping, !pairs.isEmpty {
                notes.append("metadata \(JSONValue(metadata).compactText(limit: 200))")
            }
            guard let valueNode = flag["value"] else {
                entries[key] = ProviderEntry(value: nil, notes: notes + ["the server sent no value"])
                continue
            }
            entries[key] = ProviderEntry(value: valueNode.isNull ? nil : .native(JSONValue(valueNode)), notes: notes)
        }
        return entries
    }
}
