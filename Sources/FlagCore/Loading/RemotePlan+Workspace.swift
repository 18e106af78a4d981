extension RemotePlan {
    /// One plan per remote provider of `workspace`, with the context its other layers resolve to.
    package static func plans(for workspace: Workspace) -> [RemotePlan] {
        let remote = workspace.config.providers.filter { $0.usableURL != nil }
        guard !remote.isEmpty else { return [] }
        let sends = { (provider: ProviderConfig) in provider.format.remote?.sendsContext == true }
        let context = remote.contains(where: sends) ? evaluationContext(of: workspace) : nil
        return remote.map {
            RemotePlan(
                provider: $0, context: sends($0) ? context : nil, sizeLimit: workspace.config.fileSizeLimit)
        }
    }

    /// The OFREP evaluation context: every `context/*` key that a file, env or `--context` layer
    /// (or a computed value) sets, without the prefix, with its JSON type (numbers and bools as
    /// such); `context/targeting_key` becomes `targetingKey`; a key below another is a field of an
    /// object (`context/user/name` is `{"user": {"name": …}}`), merged with an object set at
    /// `context/user`, as rules read it.
    ///
    /// Remote layers are left out, so a server's own answer can never change the context it is
    /// asked with (that would fetch forever). Keys nobody sets are omitted, not sent as defaults:
    /// an unset context key means unknown (docs/blueprints.md#features).
    package static func evaluationContext(of workspace: Workspace) -> JSONValue {
        var local = workspace
        local.providers = workspace.providers.filter { !$0.config.isRemote }
        let resolver = Resolver(workspace: local)
        var context: JSONValue = .object([:])
        // Sorted, a key comes before the keys below it: their fields then go into its object.
        for key in workspace.flags.keys.sorted() where key.hasPrefix(ContextKeys.prefix) {
            guard let resolution = resolver.resolve(key), resolution.reason != .default, let value = resolution.value
            else { continue }
            let name = String(key.dropFirst(ContextKeys.prefix.count))
            let path =
                name == "targeting_key" || name == "targetingKey"
                ? ["targetingKey"] : name.split(separator: "/").map(String.init)
            context = EvaluationContext.inserting(value.json, at: path, into: context)
        }
        return context
    }
}
