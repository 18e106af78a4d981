import Foundation
import OrderedCollections

/// What to ask one remote provider's server: the provider, and for OFREP the evaluation context.
package struct RemotePlan: Sendable {
    /// The provider.
    package var provider: ProviderConfig
    /// The evaluation context sent to an OFREP server (`nil` for Unleash, which takes none).
    package var context: JSONValue?
    /// The largest answer read (the workspace's `limits: { fileSize: }`).
    package var sizeLimit = FileSizeLimit.defaultBytes

    /// Which provider this plans for.
    package var identity: RemoteIdentity { RemoteIdentity(provider) }

    /// The request body, byte for byte what is sent and cached (keys sorted, so the same context
    /// always gives the same bytes and an unchanged context can be recognised).
    package var requestBody: [UInt8]? {
        guard provider.format == .ofrep else { return nil }
        let body = JSONValue.object(["context": context ?? .object([:])])
        return Array(body.serialized(pretty: false, sortedKeys: true).utf8)
    }

    /// The settings, with the defaults when the provider has none.
    var settings: RemoteSettings { provider.remote ?? RemoteSettings() }

    /// The API address: OFREP's bulk evaluation, Unleash's client features, or for Firebase the
    /// template's own address (the REST API's `…/remoteConfig`, or any server of template files).
    package var endpoint: URL? {
        guard var base = provider.usableURL else { return nil }
        while base.hasSuffix("/") { base.removeLast() }
        switch provider.format {
        case .ofrep: return URL(string: base + "/ofrep/v1/evaluate/flags")
        case .firebase: return URL(string: base)
        case .unleash: return URL(string: base + "/client/features")
        case .json, .plist, .env, .flagd: return nil
        }
    }

    /// The token, from the variable `tokenEnv` names: trimmed, `nil` when unset or empty.
    func token(in environment: [String: String]) -> String? {
        guard let name = settings.tokenEnv else { return nil }
        let value = (environment[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        // A line break inside would split the header; such a value is not sent at all.
        guard !value.isEmpty, !value.contains(where: { $0.isNewline }) else { return nil }
        return value
    }

    /// The HTTP request; `etag` becomes `If-None-Match`.
    func request(etag: String?, environment: [String: String]) -> RemoteRequest? {
        guard let url = endpoint else { return nil }
        var headers = ["Accept": "application/json"]
        if let token = token(in: environment) { headers["Authorization"] = token }
        if let etag { headers["If-None-Match"] = etag }
        let method: String
        if provider.format == .ofrep {
            method = "POST"
            headers["Content-Type"] = "application/json"
        } else {
            method = "GET"
            headers["UNLEASH-APPNAME"] = "flagscope"
        }
        return RemoteRequest(
            url: url, method: method, headers: headers, body: requestBody,
            timeout: settings.timeout, connectTimeout: min(settings.connectTimeout, settings.timeout),
            sizeLimit: sizeLimit)
    }
}
