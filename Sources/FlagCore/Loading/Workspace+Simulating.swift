import OrderedCollections

extension Workspace {
    /// The same workspace for another simulated device: the `Device: NAME` layer of `device`
    /// and the `--context` layer of `context` in place of the ones it has, nothing read again.
    /// One load then answers for many devices (`flagscope diff`, `flagscope devices`). Nil when
    /// the answer depends on more than the layers: a provider sends the device's context to its
    /// server (OFREP), which must be asked again, by a load.
    /// `live`, a device that asked `flagscope serve`, goes on top of everything as its own layer.
    package func simulating(device: DeviceProfile?, context: ContextLayer?, live: LiveDevice? = nil) -> Workspace? {
        guard !sendsContextToServers else { return nil }
        var copy = self
        var providers = providers.filter { !Self.isSimulatedLayer($0) }
        // The keys made as a load makes them, in its order: a context key the other device set
        // goes with it, and one this device sets comes from its profile.
        var flags = declaredFlags
        Self.insertSimulatedLayers(device: device, context: context, into: &providers, flags: flags)
        if let live { providers.insert(live.context.providerData(flags: flags, named: live.layerName), at: 0) }
        WorkspaceLoading.addContextKeys(setBy: providers.filter { !$0.config.isRemote }, to: &flags)
        WorkspaceLoading.addRuleAttributes(of: providers, to: &flags)
        WorkspaceLoading.addContextKeys(setBy: providers.filter(\.config.isRemote), to: &flags)
        copy.providers = providers
        copy.flags = flags
        // The index of what rules read is kept: a device's layer holds values, never rules.
        copy.activeDevice = device
        copy.deviceChoiceError = nil
        copy.contextLayer = context
        copy.liveDevice = live
        return copy
    }

    /// Whether `provider` is a layer of the simulated device rather than of the workspace file.
    static func isSimulatedLayer(_ provider: ProviderData) -> Bool {
        provider.config.name == ContextLayer.providerName
            || provider.config.name.hasPrefix(DeviceProfile.layerPrefix)
            || provider.config.name.hasPrefix(LiveDevice.layerPrefix)
    }

    /// Puts the device's layer directly below the writable provider, so that what-if edits stay
    /// on top of it, and the `--context` layer on top of everything.
    static func insertSimulatedLayers(
        device: DeviceProfile?, context: ContextLayer?, into providers: inout [ProviderData],
        flags: OrderedDictionary<String, FlagDefinition>
    ) {
        if let device {
            let below = providers.firstIndex(where: \.config.writable).map { $0 + 1 } ?? 0
            providers.insert(device.context.providerData(flags: flags, named: device.layerName), at: below)
        }
        if let context, !context.isEmpty { providers.insert(context.providerData(flags: flags), at: 0) }
    }
}
