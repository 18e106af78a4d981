/// The file formats a provider can read (SPEC §3).
public enum ProviderFormat: String, Sendable, Hashable, CaseIterable {
    case json, plist, env, firebase, unleash, flagd

    /// The format names.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// Whether Flagscope can write this format.
    public var isWritable: Bool { self == .json || self == .plist }
}

/// One layer of the provider stack as the workspace declares it.
public struct ProviderConfig: Sendable, Hashable {
    /// The name shown as a value's source.
    public var name: String
    /// How the provider's file is read.
    public var format: ProviderFormat
    /// The file, relative to the workspace folder (not for `env`).
    public var path: String?
    /// The variable prefix of an `env` provider.
    public var prefix: String?
    /// Whether edits are written here.
    public var writable: Bool
    /// Explicit stack priority (higher first).
    public var priority: Int?
    /// Where it is declared.
    public var origin: SourceReference
    /// Where its `name:` value is (for duplicate-name diagnostics).
    public var nameLocation: TextLocation?
    /// Where its `writable:` value is (for the two-writable-providers diagnostic).
    public var writableLocation: TextLocation?

    /// Creates a provider configuration.
    public init(name: String, format: ProviderFormat, path: String? = nil, prefix: String? = nil, writable: Bool = false,
                priority: Int? = nil, origin: SourceReference) {
        self.name = name
        self.format = format
        self.path = path
        self.prefix = prefix
        self.writable = writable
        self.priority = priority
        self.origin = origin
    }
}
