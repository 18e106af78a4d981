extension ProviderFormat {
    /// Every format Flagscope reads, one line each (docs/architecture.md#adding-a-provider-format):
    /// a format's folder under `Formats/` and its line here are all of it. The order is the one
    /// messages list them in.
    package static let all: [ProviderFormat] = [
        .json,
        .plist,
        .env,
        .firebase,
        .unleash,
        .flagd,
        .ofrep,
        .growthbook,
        .launchdarkly,
    ]
}
