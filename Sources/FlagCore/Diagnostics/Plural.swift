/// Counted nouns for messages: `1 flag`, `2 flags`, `0 features`.
package enum Plural {
    /// `count` followed by `noun`, or by `plural` (default: `noun` + "s") unless the count is 1.
    package static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
