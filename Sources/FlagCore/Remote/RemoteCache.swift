import Foundation
import OrderedCollections

/// Which remote provider an answer belongs to: its name, format and address.
package struct RemoteIdentity: Sendable, Hashable {
    /// The provider's name.
    package var name: String
    /// `ofrep` or `unleash`.
    package var format: ProviderFormat
    /// The base url as configured.
    package var url: String
    /// The format's own fields as written (a client key, the name of a key's variable), which
    /// choose what the server answers: two providers on one server differ by them.
    package var options: [String: String] = [:]

    /// The identity of a remote provider's configuration.
    package init(_ config: ProviderConfig) {
        name = config.name
        format = config.format
        url = config.url ?? ""
        options = config.options
    }

    /// What the cache file is named for: the format, the url and the options.
    var cacheKey: String {
        ([format.name, url] + options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
            .joined(separator: "\n")
    }
}

/// The last good answer of a server, as the cache keeps it.
package struct CachedAnswer: Sendable, Equatable {
    /// The answer's body, exactly as the server sent it.
    package var body: [UInt8]
    /// The server's `ETag` for it, sent back as `If-None-Match`.
    package var etag: String?
    /// When it was fetched.
    package var fetchedAt: Date
    /// The request body it answers (an OFREP answer depends on the context sent).
    package var request: [UInt8]?

    /// Creates a cached answer.
    package init(body: [UInt8], etag: String?, fetchedAt: Date, request: [UInt8]?) {
        self.body = body
        self.etag = etag
        self.fetchedAt = fetchedAt
        self.request = request
    }
}

/// The offline cache: the last good answer of each remote provider, one file per server and
/// format in `$XDG_CACHE_HOME/flagscope/` (else `~/.cache/flagscope/`).
///
/// What is stored is the answer and what was asked (address, format, context), never a request
/// header: the token stays in the environment variable it came from.
package struct RemoteCache: Sendable {
    /// The folder holding the cache files.
    package let folder: URL

    /// A cache in `folder`.
    package init(folder: URL) {
        self.folder = folder
    }

    /// The cache the XDG base directory rules name for `environment`, or `nil` without a home.
    package init?(environment: [String: String]) {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            folder = URL(fileURLWithPath: base).appendingPathComponent("flagscope")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = URL(fileURLWithPath: home).appendingPathComponent(".cache/flagscope")
        } else {
            return nil
        }
    }

    /// The file for a server, format and options: a hash of them, so the name says nothing about the server.
    package func file(for identity: RemoteIdentity) -> URL {
        let hex = StableHash.hex(identity.cacheKey.utf8)
        return folder.appendingPathComponent("remote-\(hex).json")
    }

    /// The cached answer for a provider, or `nil` when there is none or it cannot be read
    /// (a damaged cache file is the same as none: it is replaced by the next good answer).
    package func read(_ identity: RemoteIdentity) -> CachedAnswer? {
        guard let bytes = try? LocalFileSystem().contents(of: file(for: identity)),
            let root = try? JSONReader.parse(bytes),
            root["url"]?.scalarText == identity.url, root["format"]?.scalarText == identity.format.name,
            let answer = root["answer"]?.scalarText,
            let fetched = root["fetchedAt"]?.scalarText, let date = ISO8601DateFormatter().date(from: fetched)
        else { return nil }
        let etag = root["etag"].flatMap { $0.isNull ? nil : $0.scalarText }
        let request = root["request"].flatMap { $0.isNull ? nil : $0.scalarText }.map { Array($0.utf8) }
        return CachedAnswer(body: Array(answer.utf8), etag: etag, fetchedAt: date, request: request)
    }

    /// Stores a good answer: a temporary file beside the final one (owner-only), flushed, then renamed over it.
    package func write(_ answer: CachedAnswer, for identity: RemoteIdentity) throws {
        let fileSystem = LocalFileSystem()
        try fileSystem.createDirectory(folder)
        let object: OrderedDictionary<String, JSONValue> = [
            "url": .string(identity.url),
            "format": .string(identity.format.name),
            "fetchedAt": .string(ISO8601DateFormatter().string(from: answer.fetchedAt)),
            "etag": answer.etag.map(JSONValue.string) ?? .null,
            "request": answer.request.map { .string(String(decoding: $0, as: UTF8.self)) } ?? .null,
            "answer": .string(String(decoding: answer.body, as: UTF8.self)),
        ]
        let text = JSONValue.object(object).serialized(pretty: true, sortedKeys: true) + "\n"
        let target = file(for: identity)
        let temporary = try fileSystem.writeTemporary(Array(text.utf8), beside: target, permissions: 0o600)
        try fileSystem.replace(target, with: temporary)
    }
}
