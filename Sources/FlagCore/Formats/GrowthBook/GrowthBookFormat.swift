/// The `growthbook` format (docs/providers.md, docs/rules.md): the payload GrowthBook's SDKs
/// evaluate on the device, from a file or `GET {url}/api/features/{clientKey}`, every feature
/// evaluated for the simulated device as the SDKs evaluate it.
struct GrowthBookFormat: FormatDescriptor {
    let name = "growthbook"
    let hasRules = true
    let source = FormatSource.fileOrServer
    let remote: RemoteAsking? = RemoteAsking(
        endpoint: { base, options in options.value("clientKey").map { base + "/api/features/" + $0 } },
        needs: "clientKey: (or clientKeyEnv: naming a variable that is set)")
    let options = [
        FormatOption(name: "clientKey", purpose: "the SDK connection's client key, for the API's address"),
        FormatOption(name: "clientKeyEnv", purpose: "the environment variable holding the client key"),
        FormatOption(name: "decryptionKeyEnv", purpose: "the environment variable holding an encrypted payload's key"),
        FormatOption(
            name: "stickyBuckets", purpose: "a JSON file of sticky-bucket documents, which turns sticky bucketing on",
            isFile: true),
    ]

    func read(_ bytes: [UInt8], _ reading: FormatReading) throws(DocumentError) -> ProviderFile {
        let key = reading.options.variable(named: reading.options.values["decryptionKeyEnv"])
        let payload = try GrowthBookPayload.read(bytes, decryptionKey: key)
        var problems = payload.problems
        let sticky = Self.stickyBuckets(reading, problems: &problems)
        var entries = ProviderReaders.Entries()
        entries.reserveCapacity(payload.features.count)
        for (key, feature) in payload.features {
            // Null is no value: the next layer decides, as the app's fallback does.
            let value = feature.defaultValue.flatMap { $0 == .null ? nil : RawValue.native($0) }
            var entry = ProviderEntry(value: value, location: feature.location)
            entry.rules = CompiledRules(payload.rules(for: key, stickyBuckets: sticky))
            entries[key] = entry
        }
        return ProviderFile(entries: entries, problems: problems)
    }

    /// The sticky-bucket documents the `stickyBuckets:` file holds, when the provider names one
    /// (naming it, even for `[]`, turns sticky bucketing on); a file that cannot be read is a
    /// problem, and the payload is evaluated without.
    private static func stickyBuckets(_ reading: FormatReading, problems: inout [RuleProblem])
        -> GrowthBookStickyBuckets?
    {
        guard let path = reading.options.values["stickyBuckets"] else { return nil }
        do {
            var buckets = try GrowthBookStickyBuckets.read(try reading.file(path))
            for problem in buckets.problems {
                problems.append(RuleProblem("stickyBuckets \(path): \(problem.message)", at: nil))
            }
            buckets.problems = []
            return buckets
        } catch let error as DocumentError {
            let place = "\(path):\(error.location.line):\(error.location.column)"
            problems.append(RuleProblem("stickyBuckets \(place): \(error.message)", at: nil))
        } catch {
            problems.append(RuleProblem("stickyBuckets \(path): \(FileErrorText.describe(error))", at: nil))
        }
        return nil
    }
}

extension ProviderFormat {
    /// GrowthBook's SDK payload.
    package static let growthbook = ProviderFormat(GrowthBookFormat())
}
