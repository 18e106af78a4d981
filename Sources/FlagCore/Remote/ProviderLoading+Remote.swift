import OrderedCollections

extension ProviderLoading {
    /// A remote provider's layer from its answer. A failed fetch is reported at the provider's
    /// `url:` and tagged with the provider, so commands that read values go on without it.
    mutating func loadRemote(
        _ config: ProviderConfig, answer: RemoteAnswer, flags: OrderedDictionary<String, FlagDefinition>
    ) -> ProviderData {
        let url = config.usableURL ?? config.name
        let status = RemoteLayerStatus(
            url: url, isCached: answer.isCached, isPending: answer.isPending, notModified: answer.notModified,
            fetchedAt: answer.fetchedAt, problem: answer.problem?.message)
        let subject = "remote provider '\(config.name)' (\(url))"
        func report(_ severity: Diagnostic.Severity, _ message: String) {
            var diagnostic = Diagnostic(
                file: config.origin.file, location: config.urlLocation ?? config.origin.location,
                severity: severity, message: "\(subject): \(message)")
            diagnostic.provider = config.name
            diagnostics.append(diagnostic)
        }
        guard let body = answer.body else {
            if answer.isPending {
                return ProviderData(config: config, status: .pending, displayPath: url, remote: status)
            }
            let message = answer.problem?.message ?? "no answer"
            report(
                .error, message + (answer.problem?.fallsBackToCache == true ? "; no cached answer to fall back on" : "")
            )
            return ProviderData(
                config: config, status: .failed(message: message, location: nil), displayPath: url, remote: status)
        }
        let entries: OrderedDictionary<String, ProviderEntry>
        do {
            entries = try RemoteAnswerReader.entries(
                body, format: config.format, options: FormatOptions(config.options, environment: environment),
                typeOf: { flags[$0]?.type })
        } catch {
            // Only a cached answer can get here (fresh ones are checked before they are kept).
            let message =
                (answer.problem.map { $0.message + "; " } ?? "") + "the cached answer cannot be read: \(error.message)"
            report(.error, message)
            return ProviderData(
                config: config, status: .failed(message: message, location: nil), displayPath: url, remote: status)
        }
        if let problem = answer.problem {
            report(
                .warning,
                "\(problem.message); using the cached answer of \(answer.fetchedAt.map(RemoteLayerStatus.time) ?? "an earlier run")"
            )
        }
        return ProviderData(
            config: config, status: .loaded, entries: ProviderEntries(entries, knownKeys: declaredKeys(flags)),
            displayPath: url, remote: status)
    }
}
