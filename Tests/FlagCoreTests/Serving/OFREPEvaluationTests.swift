import FlagCore
import Foundation
import TestSupport
import Testing

/// OFREP answered from a workspace (docs/serve.md): a request's context as the device, and each
/// answer in the protocol's words, on the demo whose rules are worked out by hand below.
@Suite("OFREP answers")
struct OFREPEvaluationTests {
    static func context(_ body: String) -> Result<ContextLayer, OFREPEvaluation.RequestError> {
        OFREPEvaluation.context(fromBody: Array(body.utf8))
    }

    @Test("targetingKey is the targeting key, a nested object more segments of the key, values keep their type")
    func contextFromBody() throws {
        let layer = try Self.context(
            #"{"context": {"targetingKey": "listener-1", "age": 42, "permissions": {"camera": "denied"}, "user": {"plan": "pro"}}}"#
        ).get()
        #expect(
            layer.attributes.keys.elements == [
                "context/targeting_key", "context/age", "context/permissions/camera", "context/user/plan",
            ])
        #expect(layer.attributes["context/age"]?.given == .json(.int(42)))
        #expect(layer.attributes["context/targeting_key"]?.given == .json(.string("listener-1")))
        #expect(try Self.context("").get().isEmpty, "an empty body is a device with nothing of its own")
        #expect(try Self.context(#"{"context": null}"#).get().isEmpty)
    }

    @Test("The request's device is a Live layer on top of the server's device and --context, which stay")
    func requestOnTopOfServerDevice() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var serverContext = ContextLayer()
        try serverContext.add(argument: "country=FR")
        try serverContext.add(argument: "app_version=9.9.9")
        let base = Workspace.load(
            from: try folder.copyDemo(to: "demo"), environment: [:], context: serverContext,
            device: "QA iPhone 15 (subscriber)")
        let workspace = try Self.asking(base, #"{"targetingKey": "sim-1", "country": "IT"}"#)
        #expect(workspace.providers.first?.config.name == "Live: sim-1")
        #expect(workspace.providers.dropFirst().first?.config.name == ContextLayer.providerName)
        #expect(workspace.activeDevice?.name == "QA iPhone 15 (subscriber)")
        let resolver = Resolver(workspace: workspace)
        #expect(resolver.resolve("context/country")?.value == .string("IT"), "the request wins over --context")
        #expect(resolver.resolve("context/app_version")?.source == ContextLayer.providerName)
        #expect(
            resolver.resolve("context/targeting_key")?.layers.first?.notes == ["sent by the device as targetingKey"])
        #expect(
            resolver.resolve("lab/onboarding_variant")?.value == .string("video"), "the Italian variant, as get shows")
    }

    @Test("A body that is not JSON is PARSE_ERROR; one that is not an object, or whose context is not, INVALID_CONTEXT")
    func badBodies() {
        for (body, code, words) in [
            ("{context", "PARSE_ERROR", "the body is not JSON"),
            ("[1]", "INVALID_CONTEXT", "found a list"),
            (#"{"context": "ios"}"#, "INVALID_CONTEXT", "'context' is a JSON object of attributes"),
        ] {
            guard case .failure(let problem) = Self.context(body) else {
                Issue.record("\(body) was taken")
                continue
            }
            #expect(problem.code == code, "\(body)")
            #expect(problem.details.contains(words), "\(body): \(problem.details)")
        }
    }

    @Test("An attribute no context key can hold is skipped and kept with why; a hostile body keeps at most 20")
    func skippedAttributes() throws {
        let layer = try Self.context(#"{"context": {"permissions": {"teleport": "yes"}, "os_version": "17.4"}}"#).get()
        #expect(layer.attributes.keys.elements == ["context/os_version"])
        #expect(layer.skipped.count == 1)
        #expect(layer.skipped.first?.name == "permissions.teleport")
        #expect(layer.skipped.first?.reason.contains("'teleport' is not a permission Flagscope knows") == true)
        let many = (0..<1000).map { #""p\#($0)": 1"# }
        let flood = try Self.context(#"{"context": {"permissions": {"# + many.joined(separator: ", ") + "}}}").get()
        #expect(flood.skipped.count == 20)
    }

    /// The demo with the request's `context` on top.
    static func demo(_ folder: TemporaryFolder, _ context: String) throws -> Workspace {
        try asking(Workspace.load(from: try folder.copyDemo(to: "demo"), environment: [:]), context)
    }

    /// `workspace` for a request whose context is `context`.
    static func asking(_ workspace: Workspace, _ context: String) throws -> Workspace {
        let layer = try OFREPEvaluation.context(fromBody: Array(#"{"context": \#(context)}"#.utf8)).get()
        return OFREPEvaluation.workspace(workspace, answering: LiveDevice(context: layer))
    }

    static func members(_ answer: OFREPEvaluation.Answer) -> [String: JSONValue] {
        guard case .object(let members) = answer.json else { return [:] }
        return Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
    }

    @Test("Reasons and variants: a rule's, a file's (STATIC, the layer's name), the blueprint default's")
    func reasonsAndVariants() throws {
        let folder = try TemporaryFolder(prefix: "flagscope-ofrep")
        defer { folder.remove() }
        let workspace = try Self.demo(folder, #"{"targetingKey": "listener-1", "country": "de"}"#)
        // fractional on listener-1: the popularity half.
        var answer = Self.members(OFREPEvaluation.answer("lab/search/ranking", in: workspace))
        #expect(answer["value"] == .string("popularity"))
        #expect(answer["variant"] == .string("popularity"))
        #expect(answer["reason"] == .string("TARGETING_MATCH"))
        // Remote's file sets it: STATIC, and the variant is the layer.
        answer = Self.members(OFREPEvaluation.answer("lab/search/results_per_page", in: workspace))
        #expect(answer["value"] == .int(25))
        #expect(answer["variant"] == .string("Remote"))
        #expect(answer["reason"] == .string("STATIC"))
        #expect(
            answer["metadata"]
                == .object(["source": .string("Remote"), "description": .string("Search results loaded per page")]))
        // Nobody sets it: the blueprint default.
        answer = Self.members(OFREPEvaluation.answer("lab/show_eu_consent", in: workspace))
        #expect(answer["variant"] == .string("default"))
        #expect(answer["reason"] == .string("STATIC"))
    }

    @Test("A key with no value anywhere is the protocol's code default: no value; an unknown key 404")
    func noValue() throws {
        let folder = try TemporaryFolder(prefix: "flagscope-ofrep")
        defer { folder.remove() }
        let workspace = try Self.demo(folder, "{}")
        let answer = OFREPEvaluation.answer("context/region", in: workspace)
        #expect(answer.status == 200)
        #expect(Self.members(answer)["value"] == nil)
        #expect(Self.members(answer)["reason"] == .string("STATIC"))
        let missing = OFREPEvaluation.answer("lab/nothing", in: workspace)
        #expect(missing.status == 404)
        #expect(Self.members(missing)["errorCode"] == .string("FLAG_NOT_FOUND"))
    }

    @Test("Bulk: declared flags only, and an ETag that changes exactly when an answer does")
    func bulk() throws {
        let folder = try TemporaryFolder(prefix: "flagscope-ofrep")
        defer { folder.remove() }
        let france = try Self.demo(folder, #"{"targetingKey": "listener-1", "country": "fr"}"#)
        let (json, _, etag) = OFREPEvaluation.bulk(france)
        guard case .object(let members) = json, case .array(let flags)? = members["flags"] else {
            Issue.record("no flags in \(json)")
            return
        }
        #expect(flags.count == france.flags.keys.filter { !$0.hasPrefix("context/") }.count)
        // The same answers, the same tag; Spain is in the same country list as France, so nothing changes.
        #expect(OFREPEvaluation.bulk(france).etag == etag)
        let spain = try Self.asking(france, #"{"targetingKey": "listener-1", "country": "es"}"#)
        #expect(OFREPEvaluation.bulk(spain).etag == etag, "no answer changed")
        let us = try Self.asking(france, #"{"targetingKey": "listener-1", "country": "us"}"#)
        #expect(OFREPEvaluation.bulk(us).etag != etag, "download_over_cellular changed")
    }
}
