/// A place in the app's code that reads a flag or a feature (docs/code.md).
package struct CodeReference: Sendable, Hashable {
    /// How the code reads it.
    package enum Kind: String, Sendable, Hashable {
        /// A RealFlags or Vexil property chain (`appFlags.player.playbackRate`, `flags.$sson`).
        case property
        /// A Flint feature through its type (`SmartPlaylistsFeature.isAvailable`).
        case feature
        /// The key itself as a string literal (`value(forKey: "lab/sson")`, an enum's raw value).
        case literal
        /// A key built at run time whose written start the key has (`"lab/\(name)"`, `"lab/" + name`).
        case dynamic
    }

    /// How the code reads it.
    package var kind: Kind
    /// Where: the file relative to the workspace folder, and the position of the name or literal.
    package var place: SourceReference
    /// The line, without its indentation.
    package var text: String

    /// Creates a reference.
    package init(kind: Kind, place: SourceReference, text: String) {
        self.kind = kind
        self.place = place
        self.text = text
    }
}

/// What the workspace's `code:` files read: every reference by key, and the keys built at run time.
package struct CodeReferences: Sendable {
    /// The `.swift` files searched, in order.
    package var files: [String] = []
    /// The property, feature and literal references of each key, in file and line order.
    package var byKey: [String: [CodeReference]] = [:]
    /// Keys built at run time, by the text they start with (only starts some key has).
    package var dynamic: [String: [CodeReference]] = [:]

    /// Creates the references of `files`.
    package init(files: [String] = [], byKey: [String: [CodeReference]] = [:], dynamic: [String: [CodeReference]] = [:])
    {
        self.files = files
        self.byKey = byKey
        self.dynamic = dynamic
    }

    /// Every reference of `key`: the direct ones, then the keys built at run time that may be it.
    package func references(of key: String) -> [CodeReference] {
        ((byKey[key] ?? []) + dynamicReferences(of: key)).sorted(by: Self.inOrder)
    }

    /// The references of `key` read through a key built at run time only.
    package func dynamicReferences(of key: String) -> [CodeReference] {
        dynamic.filter { key.hasPrefix($0.key) }.flatMap(\.value).sorted(by: Self.inOrder)
    }

    /// Whether the code reads `key` directly (not only through a key built at run time).
    package func isReferenced(_ key: String) -> Bool { !(byKey[key]?.isEmpty ?? true) }

    /// File, then line, then column.
    static func inOrder(_ a: CodeReference, _ b: CodeReference) -> Bool {
        (a.place.file, a.place.location.line, a.place.location.column)
            < (b.place.file, b.place.location.line, b.place.location.column)
    }
}
