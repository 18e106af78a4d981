import OrderedCollections

/// Reads the body of a remote answer in its provider's format.
enum RemoteAnswerReader {
    /// The entries of an answer; positions are dropped (they point into a body nobody can open).
    static func entries(
        _ body: [UInt8], format: ProviderFormat, options: FormatOptions = FormatOptions(),
        typeOf: @escaping (String) -> FlagType?
    ) throws(DocumentError) -> ProviderReaders.Entries {
        // Configuration refuses a url on the others (ProviderFormat.canBeRemote): said, not guessed.
        guard format.canBeRemote else { throw DocumentError("a \(format.name) provider reads no server", at: .start) }
        var entries = try format.descriptor.read(body, FormatReading(typeOf: typeOf, options: options)).entries
        for key in entries.keys { entries[key]?.location = nil }
        return entries
    }

    /// Why a body cannot be read in `format`, or `nil` when it can (checked before it is cached).
    static func problem(in body: [UInt8], format: ProviderFormat, options: FormatOptions = FormatOptions()) -> String? {
        do {
            _ = try entries(body, format: format, options: options, typeOf: { _ in nil })
            return nil
        } catch {
            let position = " (line \(error.location.line), column \(error.location.column))"
            return TerminalText.capped(error.message, limit: 300) + position
        }
    }
}
