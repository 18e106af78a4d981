import OrderedCollections

/// OFREP (the OpenFeature Remote Evaluation Protocol) answered from a workspace, with no HTTP:
/// a request body becomes the device for that request, and each flag's answer is what
/// `flagscope get KEY --json` shows for that device, in the protocol's words (docs/serve.md).
package enum OFREPEvaluation {
    /// A request body that cannot be used: `400` with this code and reason.
    package struct RequestError: Error, Sendable, Hashable {
        /// `PARSE_ERROR` (not JSON) or `INVALID_CONTEXT` (not an object, or an attribute that
        /// cannot be one).
        package var code: String
        /// What is wrong and what would be right.
        package var details: String

        /// The answer's body: `{"errorCode", "errorDetails"}`, with the key for one flag.
        package func json(key: String? = nil) -> JSONValue {
            var members: OrderedDictionary<String, JSONValue> = [:]
            if let key { members["key"] = .string(key) }
            members["errorCode"] = .string(code)
            members["errorDetails"] = .string(details)
            return .object(members)
        }
    }

    /// The request's context as a layer on top of the stack, as `--context` is: `targetingKey` is
    /// `context/targeting_key`, a nested object is more segments of the key, values keep their
    /// JSON type. An empty body, or one without `context`, is a device with nothing of its own.
    package static func context(fromBody bytes: [UInt8]) -> Result<ContextLayer, RequestError> {
        var layer = ContextLayer()
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
            return .success(layer)
        }
        let root: SourceNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            return .failure(RequestError(code: "PARSE_ERROR", details: "the body is not JSON: \(error.message)"))
        }
        guard let members = root.mapping else {
            return .failure(
                RequestError(
                    code: "INVALID_CONTEXT",
                    details:
                        "the body is a JSON object such as {\"context\": {\"targetingKey\": \"user-1\"}}; found \(root.kindDescription)"
                ))
        }
        guard let contextNode = members.first(where: { $0.0.scalarText == "context" })?.1, !contextNode.isNull
        else { return .success(layer) }
        guard contextNode.mapping != nil else {
            return .failure(
                RequestError(
                    code: "INVALID_CONTEXT",
                    details:
                        "'context' is a JSON object of attributes such as {\"targetingKey\": \"user-1\"}; found \(contextNode.kindDescription)"
                ))
        }
        add(contextNode, segments: [], to: &layer)
        return .success(layer)
    }

    /// Adds the attributes under `node`. One that cannot be a context key (the protocol allows
    /// any name, an empty one too) is skipped and kept in ``ContextLayer/skipped``: one odd
    /// attribute must not cost the app every flag's answer.
    private static func add(_ node: SourceNode, segments: [String], to layer: inout ContextLayer) {
        for (keyNode, valueNode) in node.mapping ?? [] {
            let name = keyNode.scalarText ?? ""
            if segments.isEmpty, name == "targetingKey" {
                layer.add(
                    ContextLayer.Attribute(
                        key: ContextKeys.targetingKey, given: .json(JSONValue(valueNode)), origin: .request(name),
                        omittedPrefix: false))
                continue
            }
            let path = segments + [name]
            if let nested = valueNode.mapping, !nested.isEmpty {
                add(valueNode, segments: path, to: &layer)
                continue
            }
            switch ContextLayer.key(for: path.joined(separator: "/")) {
            case .failure(let problem):
                if layer.skipped.count < Self.skippedLimit {
                    layer.skipped.append(
                        ContextLayer.Skipped(name: path.joined(separator: "."), reason: problem.message))
                }
            case .success(let key):
                layer.add(
                    ContextLayer.Attribute(
                        key: key.key, given: .json(JSONValue(valueNode)), origin: .request(path.joined(separator: ".")),
                        omittedPrefix: false))
            }
        }
    }

    /// The most skipped attributes a request's layer keeps (a hostile body may send millions).
    static let skippedLimit = 20

    /// The workspace that answers `device`: `base` (the stack with the server's simulated device
    /// and `--context`) with the device's context as a `Live: NAME` layer on top. A stack whose
    /// OFREP provider sends the context upstream answers for the server's own device.
    package static func workspace(_ base: Workspace, answering device: LiveDevice) -> Workspace {
        base.simulating(device: base.activeDevice, context: base.contextLayer, live: device) ?? base
    }

    /// One flag's answer: the HTTP status and the body.
    package struct Answer: Sendable, Hashable {
        /// `200`, `400` (no value anywhere, a layer failing) or `404` (no such flag).
        package var status: Int
        /// The body, as the protocol's schemas shape it.
        package var json: JSONValue
    }

    /// The answer for `key` in `workspace` (the request's device already in it).
    package static func answer(_ key: String, in workspace: Workspace) -> Answer {
        guard let resolution = Resolver(workspace: workspace).resolve(key) else {
            return Answer(
                status: 404,
                json: .object([
                    "key": .string(key), "errorCode": .string("FLAG_NOT_FOUND"),
                    "errorDetails": .string(notFound(key, in: workspace)),
                ]))
        }
        return answer(resolution)
    }

    /// Why there is no flag `key`, as the CLI would say it: a feature's key is named as one
    /// (OFREP serves flags; a feature's own are its toggles), anything else gets did-you-mean.
    static func notFound(_ key: String, in workspace: Workspace) -> String {
        let shown = TerminalText.capped(key, limit: 200)
        if workspace.features[key] != nil {
            let own = workspace.flags.keys.filter { $0.hasPrefix(key + "/") }
            let flags = own.isEmpty ? "" : "; its flags are \(Suggestion.listed(Array(own), limit: 5))"
            return "'\(shown)' is a feature, not a flag: OFREP serves flags\(flags)"
        }
        // A key past any flag's length is no near miss (and the search costs for every flag).
        let served = key.utf8.count > 200 ? [] : workspace.flags.keys.filter { !$0.hasPrefix(ContextKeys.prefix) }
        return "no blueprint declares the flag '\(shown)'\(Suggestion.hint(for: key, in: served))"
    }

    /// The answer a resolution gives.
    package static func answer(_ resolution: Resolution) -> Answer {
        let key = resolution.flag.key
        guard let value = resolution.value else {
            // A failing layer is named; with none, the app's code default is the answer.
            if let failed = resolution.layers.first(where: {
                if case .error = $0.state { return true }
                return false
            }), case .error(let message) = failed.state {
                return Answer(
                    status: 400,
                    json: .object([
                        "key": .string(key), "errorCode": .string("GENERAL"),
                        "errorDetails": .string("\(failed.provider): \(message)"),
                    ]))
            }
            return Answer(
                status: 200,
                json: .object([
                    "key": .string(key), "reason": .string(RuleReason.defaultValue.ofrepWord),
                    "variant": .string("default"), "metadata": metadata(resolution),
                ]))
        }
        let reason = resolution.winningLayer?.rules?.reason.ofrepWord ?? RuleReason.staticValue.rawValue
        let variant = resolution.variant ?? (resolution.reason == .default ? "default" : resolution.source)
        return Answer(
            status: 200,
            json: .object([
                "key": .string(key), "value": value.json, "reason": .string(reason),
                "variant": .string(variant), "metadata": metadata(resolution),
            ]))
    }

    /// What the protocol's metadata may carry (text, numbers, booleans): where the value came from.
    private static func metadata(_ resolution: Resolution) -> JSONValue {
        var members: OrderedDictionary<String, JSONValue> = ["source": .string(resolution.source)]
        if let description = resolution.flag.description { members["description"] = .string(description) }
        return .object(members)
    }

    /// Every declared flag's answer (context attributes apart: they are the request's), in
    /// declaration order, as JSON and as the body's text (written once), and the ETag of them
    /// all: it changes exactly when one answer does.
    package static func bulk(_ workspace: Workspace) -> (json: JSONValue, body: String, etag: String) {
        var flags: [JSONValue] = []
        Resolver(workspace: workspace, tracingRuleSteps: false).forEachResolution { resolution in
            guard !resolution.flag.key.hasPrefix(ContextKeys.prefix) else { return }
            flags.append(answer(resolution).json)
        }
        let json = JSONValue.object(["flags": .array(flags)])
        let body = json.serialized(pretty: false, sortedKeys: false)
        // A strong ETag of the answers themselves, so it changes exactly when one of them does.
        return (json, body, "\"" + StableHash.hex(body.utf8) + "\"")
    }
}

extension RuleReason {
    /// The reason as OFREP's answers may carry it: STATIC, TARGETING_MATCH, SPLIT or DISABLED.
    /// Rules that ran and chose nothing gave their definition's default: a static value.
    var ofrepWord: String {
        switch self {
        case .targetingMatch, .split, .disabled: rawValue
        case .staticValue, .defaultValue, .error: RuleReason.staticValue.rawValue
        }
    }
}
