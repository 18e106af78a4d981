/// A flagd flag as its provider entry keeps it, and what flagd decides for a flag that has no
/// targeting to evaluate.
///
/// Such a flag decides the same for every context: its default variant (STATIC), the app's own
/// default when it has none (DEFAULT), no value when it is switched off (DISABLED), or an error
/// when flagd cannot use it. Its entry keeps no rules for that: a rule-free entry stays compact,
/// and a file's flags share one box of equal notes, where rules of each flag's own would cost an
/// allocation per flag. The decision is read back from what the entry holds instead: its value,
/// its error, and the note that names its default variant (written and read here only).
extension FlagdFlag {
    /// The note of a flag switched off at the source.
    static let disabledNote = "state DISABLED"
    /// The start of the note that names a flag's default variant; the name follows as written.
    static let defaultVariantNotePrefix = "default variant: "
    /// The note of a flag without a default variant.
    static let noDefaultVariantNote = "no default variant: the app's own default applies"

    /// The default variant that `note` names, when it is the note that names one. Cut as bytes:
    /// a name that starts with a combining mark joins the prefix's last character, so a cut by
    /// characters would lose the mark. In place: every resolve of a flag without targeting reads
    /// it, and stepping through the views an index at a time made that three times dearer.
    static func defaultVariant(named note: String) -> String? {
        let prefix = defaultVariantNotePrefix
        guard UTF8Bytes.hasPrefix(note, prefix) else { return nil }
        let count = prefix.utf8.count
        return note.utf8.withContiguousStorageIfAvailable {
            String(decoding: UnsafeBufferPointer(rebasing: $0[count...]), as: UTF8.self)
        } ?? String(decoding: note.utf8.dropFirst(count), as: UTF8.self)
    }

    /// The notes of the flag's entry: how it stands when no rule decides, then its metadata.
    var entryNotes: [String] {
        var notes: [String] = []
        if state == .disabled {
            notes.append(Self.disabledNote)
        } else if let defaultVariant {
            notes.append(Self.defaultVariantNotePrefix + defaultVariant)
        } else {
            notes.append(Self.noDefaultVariantNote)
        }
        if !metadata.isEmpty {
            notes.append("metadata \(JSONValue.object(metadata).compactText(limit: 200))")
        }
        return notes
    }

    /// What flagd gives for a flag it cannot use: an error, and the app's code default.
    static func unusable(_ error: String) -> RuleOutcome {
        RuleOutcome(
            result: .error(error), trace: RuleTrace(reason: .error, errorCode: "PARSE_ERROR", errorMessage: error))
    }

    /// What flagd gives for a flag switched off: no value, and the app's code default.
    static let switchedOff = RuleOutcome(result: .unset, trace: RuleTrace(reason: .disabled))
}
