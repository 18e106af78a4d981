import Foundation

/// The formats Flagscope writes: a writable provider's file is one of these.
package enum WritableFormat: String, Sendable, Hashable {
    case json, plist
}

/// One layer of the provider stack as the workspace declares it.
package struct ProviderConfig: Sendable, Hashable {
    /// The name shown as a value's source.
    package var name: String
    /// How the provider's file or answer is read.
    package var format: ProviderFormat
    /// The file, relative to the workspace folder (not for `env` or remote providers).
    package var path: String?
    /// The variable prefix of an `env` provider.
    package var prefix: String?
    /// Whether edits are written here.
    package var writable: Bool
    /// Explicit stack priority (higher first).
    package var priority: Int?
    /// Where it is declared.
    package var origin: SourceReference
    /// Where its `name:` value is (for duplicate-name diagnostics).
    package var nameLocation: TextLocation?
    /// Where its `path:` value is (a writable file that does not exist yet is noted there).
    package var pathLocation: TextLocation?
    /// Where its `writable:` value is (for the two-writable-providers diagnostic).
    package var writableLocation: TextLocation?
    /// The server's base address, for remote providers (`ofrep`, `unleash`).
    package var url: String?
    /// Where its `url:` value is (fetch problems are reported there).
    package var urlLocation: TextLocation?
    /// The remote-only settings; `nil` for file and env providers.
    package var remote: RemoteSettings?
    /// The fields of the format's own (``ProviderFormat/options``), by name, as written.
    package var options: [String: String] = [:]
    /// Where each of ``options`` is written.
    package var optionLocations: [String: TextLocation] = [:]

    /// Whether this provider reads a server rather than a file.
    package var isRemote: Bool { url != nil }

    /// The url when it can be used; `nil` when validation rejected it (it is then never asked,
    /// and never shown: it may carry credentials).
    package var usableURL: String? {
        guard let url, Self.urlProblem(url) == nil else { return nil }
        return url
    }

    /// Creates a provider configuration.
    package init(
        name: String, format: ProviderFormat, path: String? = nil, prefix: String? = nil, writable: Bool = false,
        priority: Int? = nil, origin: SourceReference, url: String? = nil, remote: RemoteSettings? = nil
    ) {
        self.name = name
        self.format = format
        self.path = path
        self.prefix = prefix
        self.writable = writable
        self.priority = priority
        self.origin = origin
        self.url = url
        self.remote = url == nil ? remote : (remote ?? RemoteSettings())
    }

    /// Why a `url:` cannot be used, or `nil`. The address itself is not quoted back: it may hold a secret.
    static func urlProblem(_ text: String) -> String? {
        let example = "such as http://localhost:8016"
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            return "'url' must be an http:// or https:// address with a host, \(example)"
        }
        if components.user != nil || components.password != nil {
            return
                "'url' must not carry credentials (user:password@); put the token in an environment variable and name it with 'tokenEnv'"
        }
        if components.query != nil || components.fragment != nil {
            return "'url' is the server's base address and takes no query (?…) or fragment (#…)"
        }
        return nil
    }
}

/// How a remote provider talks to its server.
package struct RemoteSettings: Sendable, Hashable {
    /// The environment variable whose value is sent as the `Authorization` header (the name, never the token).
    package var tokenEnv: String?
    /// The longest a whole fetch may take, in seconds; then the layer falls back to the cache.
    package var timeout: Double
    /// The longest connecting to the server may take, in seconds.
    package var connectTimeout: Double
    /// How often the browser fetches again, in seconds; 0 turns it off (`r` still fetches).
    package var refresh: Double

    /// Short defaults: a flag browser must not hang on a server that is down.
    package static let defaultTimeout = 3.0
    /// See ``defaultTimeout``.
    package static let defaultConnectTimeout = 1.0
    /// See ``defaultTimeout``.
    package static let defaultRefresh = 30.0

    /// Creates settings; the defaults are short on purpose.
    package init(
        tokenEnv: String? = nil, timeout: Double = Self.defaultTimeout,
        connectTimeout: Double = Self.defaultConnectTimeout, refresh: Double = Self.defaultRefresh
    ) {
        self.tokenEnv = tokenEnv
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.refresh = refresh
    }
}
