import Foundation
import Testing

@testable import FlagCore

/// What is asked of a server: the OFREP request built from the context keys the other layers set,
/// and each format's own address and key (docs/remote.md).
@Suite("Remote plans")
struct RemotePlanTests {
    /// The plan of the one remote provider `provider` (a YAML flow mapping) describes.
    static func plan(_ provider: String) throws -> RemotePlan {
        let folder = try FixtureFolder()
        defer { folder.remove() }
        try folder.write("flagscope.yml", "blueprints: []\nproviders:\n  - \(provider)\n")
        let workspace = Workspace.load(
            from: folder.url.appendingPathComponent("flagscope.yml"), environment: [:], remote: .known([:]))
        return try #require(RemotePlan.plans(for: workspace).first)
    }

    @Test("GrowthBook asks GET {url}/api/features/{clientKey}; clientKeyEnv names the variable holding the key")
    func growthBookAddress() throws {
        let written = try Self.plan(
            #"{ name: GB, format: growthbook, url: "https://gb.example.com/", clientKey: sdk-abc }"#)
        let request = try #require(written.request(etag: nil, environment: [:]))
        #expect(request.description == "GET https://gb.example.com/api/features/sdk-abc")
        #expect(request.headers["Authorization"] == nil)

        let named = try Self.plan(
            #"{ name: GB, format: growthbook, url: "https://gb.example.com", clientKeyEnv: GB_KEY }"#)
        #expect(
            named.endpoint(in: ["GB_KEY": " sdk-xyz\n"])?.absoluteString
                == "https://gb.example.com/api/features/sdk-xyz")
        #expect(named.endpoint(in: [:]) == nil, "no key, no address")
        #expect(
            named.missingEndpoint
                == "growthbook needs clientKey: (or clientKeyEnv: naming a variable that is set) beside url: to make the server's address"
        )
    }

    @Test("LaunchDarkly asks GET {url}/sdk/latest-all with the SDK key sdkKeyEnv names as the raw Authorization value")
    func launchDarklyKey() throws {
        let plan = try Self.plan(
            #"{ name: LD, format: launchdarkly, url: "https://relay.example.com", sdkKeyEnv: LD_SDK_KEY }"#)
        let request = try #require(plan.request(etag: nil, environment: ["LD_SDK_KEY": "sdk-123"]))
        #expect(request.description == "GET https://relay.example.com/sdk/latest-all")
        #expect(request.headers["Authorization"] == "sdk-123", "sent as is, no Bearer")
        #expect(try #require(plan.request(etag: nil, environment: [:])).headers["Authorization"] == nil)
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
        #expect(plan.endpoint(in: [:])?.absoluteString == "http://localhost:8016/ofrep/v1/evaluate/flags")
        let request = try #require(plan.request(etag: "\"e\"", environment: [:]))
        #expect(
            request.method == "POST" && request.headers["If-None-Match"] == "\"e\""
                && request.headers["Authorization"] == nil)
        #expect(request.description == "POST http://localhost:8016/ofrep/v1/evaluate/flags")
    }
}
