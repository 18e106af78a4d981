import Foundation
import Testing

@testable import FlagCore

/// The offline cache of server answers: where it lives, how a file is named and written, and that a
/// damaged file is no cache.
@Suite("Remote cache")
struct RemoteCacheTests {
    @Test(
        "The cache keeps the answer under a hash of url, format and its options, written whole and owner-only; a damaged file is no cache"
    )
    func cacheRoundTrip() throws {
        let folder = try FixtureFolder()
        defer { folder.remove() }
        let cache = RemoteCache(folder: folder.url.appendingPathComponent("flagscope"))
        let config = ProviderConfig(
            name: "Flags", format: .ofrep, origin: SourceReference(file: "flagscope.yml", location: .start),
            url: "http://localhost:8016")
        let identity = RemoteIdentity(config)
        #expect(cache.read(identity) == nil)
        let answer = CachedAnswer(
            body: Array("{\"flags\": []}".utf8), etag: "\"v1\"", fetchedAt: Date(timeIntervalSince1970: 1_800_000_000),
            request: Array("{\"context\":{}}".utf8))
        try cache.write(answer, for: identity)
        #expect(cache.read(identity) == answer)
        let file = cache.file(for: identity)
        #expect(
            file.lastPathComponent
                == RemoteCache(folder: URL(fileURLWithPath: "/elsewhere")).file(for: identity).lastPathComponent,
            "the name depends on url, format and options only")
        var renamed = config
        renamed.name = "Renamed"
        #expect(cache.file(for: RemoteIdentity(renamed)) == file, "renaming a provider keeps its cache")
        var other = config
        other.format = .unleash
        #expect(cache.file(for: RemoteIdentity(other)) != file)
        // Two GrowthBook projects on one host differ by their client key, so by their cache.
        var project = config
        project.format = .growthbook
        project.options = ["clientKey": "sdk-one"]
        var another = project
        another.options = ["clientKey": "sdk-two"]
        #expect(cache.file(for: RemoteIdentity(project)) != cache.file(for: RemoteIdentity(another)))
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cache.folder.path)
        #expect(leftovers == [file.lastPathComponent], "no temporary file is left behind")

        try Data("{\"url\": \"http://localhost:8016\", \"format\": \"ofrep\", \"answer\": ".utf8).write(to: file)
        #expect(cache.read(identity) == nil, "a torn or damaged cache file counts as none")
    }

    @Test("The cache lives in $XDG_CACHE_HOME/flagscope, else ~/.cache/flagscope; relative paths are ignored")
    func cacheFolder() {
        #expect(
            RemoteCache(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])?.folder.path
                == "/x/cache/flagscope")
        #expect(
            RemoteCache(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"])?.folder.path
                == "/home/u/.cache/flagscope")
        #expect(RemoteCache(environment: ["HOME": "/home/u"])?.folder.path == "/home/u/.cache/flagscope")
        #expect(RemoteCache(environment: [:]) == nil)
    }
}
