import Foundation
import Testing

@testable import FlagCore

/// What is asked of a server: the OFREP request built from the context keys the other layers set.
@Suite("Remote plans")
struct RemotePlanTests {
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
