/// The `json` format (docs/providers.md): a flat JSON object of full keys to native values, the
/// format Flagscope writes a writable provider in by default.
struct JSONFileFormat: FormatDescriptor {
    let name = "json"
    let source = FormatSource.file
    let writable: WritableFormat? = .json

    func read(_ bytes: [UInt8], _ reading: FormatReading) throws(DocumentError) -> ProviderFile {
        ProviderFile(entries: try ProviderReaders.json(bytes, knownKeys: reading.knownKeys), sharesDeclaredKeys: true)
    }

    func remedy(forKey key: String, in provider: ProviderConfig, displayPath: String) -> (action: String, why: String?)
    {
        ("edit \(displayPath)", "\(provider.name), read-only here")
    }
}

extension ProviderFormat {
    /// A flat JSON object of full keys to values.
    package static let json = ProviderFormat(JSONFileFormat())
}

extension ProviderReaders {
    /// A flat JSON object of full keys to native values; `null` leaves a key unset.
    static func json(_ bytes: [UInt8], knownKeys: KnownKeys = KnownKeys()) throws(DocumentError) -> Entries {
        var root = try JSONReader.parse(bytes, knownKeys: knownKeys)
        guard var pairs = root.mapping else {
            throw DocumentError(
                "a json provider file must be an object of flag keys to values, found \(root.kindDescription)",
                at: root.location)
        }
        // The tree is held only by `pairs`, so each member's nodes go as its entry is made
        // instead of the whole tree staying beside the entries.
        root = SourceNode(.sequence([]), at: .start)
        var entries = Entries()
        entries.reserveCapacity(pairs.count)
        for index in pairs.indices {
            let (key, value) = pairs[index]
            pairs[index] = (root, root)
            let name = key.scalarText ?? ""
            entries[name] = ProviderEntry(value: value.isNull ? nil : .native(JSONValue(value)), location: key.location)
        }
        return entries
    }
}
