import Foundation
import OrderedCollections

/// What to ask one remote provider's server: the provider, and for OFREP the evaluation context.
package struct RemotePlan: Sendable {
    /// The provider.
    package var provider: ProviderConfig
    /// The evaluation context sent to a server that takes one (``RemoteAsking/sendsContext``).
    package var context: JSONValue?
    /// The largest answer read (the workspace's `limits: { fileSize: }`).
    package var sizeLimit = FileSizeLimit.defaultBytes

    /// Which provider this plans for.
    package var identity: RemoteIdentity { RemoteIdentity(provider) }

    /// The request body, byte for byte what is sent and cached (keys sorted, so the same context
    /// always gives the same bytes and an unchanged context can be recognised).
    package var requestBody: [UInt8]? {
        guard provider.format.remote?.sendsContext == true else { return nil }
        let body = JSONValue.object(["context": context ?? .object([:])])
        return Array(body.serialized(pretty: false, sortedKeys: true).utf8)
    }

    /// The settings, with the defaults when the provider has none.
    var settings: RemoteSettings { provider.remote ?? RemoteSettings() }

    /// The address asked: the provider's base url and what its format adds (OFREP's bulk
    /// evaluation, Unleash's client features, a Remote Config template's own address, …), with
    /// the options that name a variable (`clientKeyEnv`) read from `environment`.
    package func endpoint(in environment: [String: String]) -> URL? {
        guard var base = provider.usableURL, let asking = provider.format.remote else { return nil }
        while base.hasSuffix("/") { base.removeLast() }
        let options = FormatOptions(provider.options, environment: environment)
        return asking.endpoint(base, options).flatMap { URL(string: $0) }
    }

    /// Why no address can be made for a usable url: what the format needs besides it.
    var missingEndpoint: String {
        guard provider.usableURL != nil, let needs = provider.format.remote?.needs else {
            return "the url cannot be used"
        }
        return "\(provider.format.name) needs \(needs) beside url: to make the server's address"
    }

    /// The token, from the variable the format's key option names (`sdkKeyEnv`), else the one
    /// `tokenEnv` names: trimmed, `nil` when unset or empty.
    func token(in environment: [String: String]) -> String? {
        let options = FormatOptions(provider.options, environment: environment)
        if let option = provider.format.remote?.secretOption { return options.variable(named: options.values[option]) }
        return options.variable(named: settings.tokenEnv)
    }

    /// The variable the token is read from, as the provider names it.
    var tokenVariable: String? {
        if let option = provider.format.remote?.secretOption { return provider.options[option] }
        return settings.tokenEnv
    }

    /// The HTTP request; `etag` becomes `If-None-Match`.
    func request(etag: String?, environment: [String: String]) -> RemoteRequest? {
        guard let url = endpoint(in: environment), let asking = provider.format.remote else { return nil }
        var headers = asking.headers
        headers["Accept"] = "application/json"
        if let token = token(in: environment) { headers["Authorization"] = token }
        if let etag { headers["If-None-Match"] = etag }
        return RemoteRequest(
            url: url, method: asking.method, headers: headers, body: requestBody,
            timeout: settings.timeout, connectTimeout: min(settings.connectTimeout, settings.timeout),
            sizeLimit: sizeLimit)
    }
}
