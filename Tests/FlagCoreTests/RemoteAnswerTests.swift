import Foundation
import Testing

@testable import FlagCore

/// Reading remote answers, the offline cache and the OFREP evaluation context: the parts of
/// remote providers that need no network (the network is tested against a real server in the
/// command-line tests).
@Suite("Remote answers, cache and context")
struct RemoteAnswerTests {
    @Test("An OFREP answer: native values, reason/variant/metadata as notes, per-flag errors, FLAG_NOT_FOUND unset")
    func ofrepReader() throws {
        let answer = """
            {"flags": [
              {"key": "a", "value": false, "reason": "DISABLED", "variant": "off", "metadata": {"owner": "me"}},
              {"key": "b", "value": 3},
              {"key": "c", "value": null, "reason": "DEFAULT"},
              {"key": "d", "errorCode": "TARGETING_KEY_MISSING", "errorDetails": "needs a targetingKey"},
              {"key": "e", "errorCode": "FLAG_NOT_FOUND"},
              {"key": "f", "reason": "UNKNOWN"}
            ]}
            """
        let entries = try ProviderReaders.ofrep(Array(answer.utf8))
        #expect(Array(entries.keys) == ["a", "b", "c", "d", "e", "f"])
        #expect(entries["a"]?.value == .native(.bool(false)))
        #expect(entries["a"]?.notes == ["reason DISABLED", "variant off", "metadata {\"owner\":\"me\"}"])
        #expect(entries["b"]?.value == .native(.int(3)))
        #expect(entries["c"]?.value == nil && entries["c"]?.error == nil)
        #expect(entries["d"]?.error == "the server could not evaluate it: TARGETING_KEY_MISSING: needs a targetingKey")
        #expect(entries["e"]?.value == nil && entries["e"]?.error == nil)
        #expect(entries["e"]?.notes == ["the server has no such flag (FLAG_NOT_FOUND)"])
        #expect(entries["f"]?.notes == ["reason UNKNOWN", "the server sent no value"])
    }

    @Test("Answers that are not OFREP are refused with a reason, never a crash")
    func ofrepRefusals() {
        let bodies = [
            "", "[]", "{\"flags\": {}}", "{\"flags\": [1]}", "{\"flags\": [{\"value\": true}]}",
            "{\"flags\": [{\"key\": {}}]}", "{\"flags\": [", String(repeating: "[", count: 200_000),
        ]
        for body in bodies {
            #expect(
                RemoteAnswerReader.problem(in: Array(body.utf8), format: .ofrep) != nil, "accepted: \(body.prefix(40))")
        }
        #expect(RemoteAnswerReader.problem(in: Array("{\"flags\": []}".utf8), format: .ofrep) == nil)
        #expect(
            RemoteAnswerReader.problem(in: Array("{\"version\": 2, \"features\": []}".utf8), format: .unleash) == nil)
        #expect(RemoteAnswerReader.problem(in: Array("{\"version\": 2}".utf8), format: .unleash) != nil)
    }

    @Test(
        "The cache keeps the answer under a hash of url and format, written whole and owner-only; a damaged file is no cache"
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
            "the name depends on url and format only")
        var renamed = config
        renamed.name = "Renamed"
        #expect(cache.file(for: RemoteIdentity(renamed)) == file, "renaming a provider keeps its cache")
        var other = config
        other.format = .unleash
        #expect(cache.file(for: RemoteIdentity(other)) != file)
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

    @Test(
        "The OFREP context: context/* keys the other layers set, without the prefix, targeting_key as targetingKey, sorted"
    )
    func evaluationContext() throws {
        let folder = try FixtureFolder()
        defer { folder.remove() }
        try folder.write(
            "flagscope.yml",
            """
            blueprints: [blueprints/app.yml]
            providers:
              - { name: Flags, format: ofrep, url: "http://localhost:8016" }
              - { name: Local, format: json, path: local.json, writable: true }
              - { name: Env, format: env, prefix: APP_ }

            """)
        try folder.write(
            "blueprints/app.yml",
            """
            name: App
            flags:
              sson: { type: bool, default: false, description: d }

            """)
        try folder.write("local.json", "{\"context/targeting_key\": \"user-1\", \"context/os_version\": \"17.4\"}\n")
        let workspace = Workspace.load(
            from: folder.url.appendingPathComponent("flagscope.yml"),
            environment: ["APP_CONTEXT__LOCALE": "it", "XDG_CACHE_HOME": folder.url.path], remote: .known([:]))
        let plan = try #require(RemotePlan.plans(for: workspace).first)
        #expect(
            String(decoding: plan.requestBody ?? [], as: UTF8.self)
                == "{\"context\":{\"locale\":\"it\",\"os_version\":\"17.4\",\"targetingKey\":\"user-1\"}}")
        #expect(plan.endpoint?.absoluteString == "http://localhost:8016/ofrep/v1/evaluate/flags")
        let request = try #require(plan.request(etag: "\"e\"", environment: [:]))
        #expect(
            request.method == "POST" && request.headers["If-None-Match"] == "\"e\""
                && request.headers["Authorization"] == nil)
        #expect(request.description == "POST http://localhost:8016/ofrep/v1/evaluate/flags")
    }
}
