/// A percentage split that rules reach for a device, as `flagscope rollout` samples it.
struct RolloutSplit {
    /// The rule that splits, in the source's own words.
    var rule: String
    /// The shares as configured, with this device's bucket and share when it has one.
    var split: PercentageSplit
    /// The `context/*` key the split hashes, when the rules say.
    var attribute: String?
    /// Every `context/*` key the split's step read: what it may hash (flagd can hash several
    /// joined with `cat`). Empty when the rules do not say.
    var reads: [String] = []
    /// Whether `split` places this device (it sets what the split hashes).
    var placesDevice: Bool
}
