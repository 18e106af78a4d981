/// The `launchdarkly` format (docs/providers.md, docs/rules.md): LaunchDarkly's server-side SDK
/// data, `{"flags", "segments"}` (or the file data source's `flagValues`), from a file or
/// `GET {url}/sdk/latest-all` with the SDK key, every flag evaluated for the simulated device as
/// the server-side SDKs evaluate it.
struct LaunchDarklyFormat: FormatDescriptor {
    let name = "launchdarkly"
    let hasRules = true
    let source = FormatSource.fileOrServer
    /// The polling endpoint, the SDK key sent as the raw `Authorization` value, as the SDKs send it.
    let remote: RemoteAsking? = RemoteAsking(
        endpoint: { base, _ in base + "/sdk/latest-all" }, secretOption: "sdkKeyEnv")
    let options = [
        FormatOption(name: "sdkKeyEnv", purpose: "the environment variable holding the server-side SDK key")
    ]

    func read(_ bytes: [UInt8], _ reading: FormatReading) throws(DocumentError) -> ProviderFile {
        let data = try LaunchDarklyData.read(bytes)
        var entries = ProviderReaders.Entries()
        entries.reserveCapacity(data.flags.count)
        for (key, flag) in data.flags {
            var entry = ProviderEntry(value: nil, location: flag.location)
            entry.rules = data.rules(for: key).map { CompiledRules($0) }
            entries[key] = entry
        }
        return ProviderFile(entries: entries, problems: data.problems)
    }
}

extension ProviderFormat {
    /// LaunchDarkly's server-side SDK data.
    package static let launchdarkly = ProviderFormat(LaunchDarklyFormat())
}
