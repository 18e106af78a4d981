/// Semantic versions as LaunchDarkly's `semVer*` operators read them: semver.org's form
/// (`2.0.0-rc.1+build`, no `v`, no leading zeros), where a missing minor or patch number is 0
/// (`2` and `2.0` are `2.0.0`, `2-rc` is `2.0.0-rc`). Build metadata is ignored when comparing.
enum LaunchDarklyVersion {
    /// The version `text` holds, or `nil`.
    static func parse(_ text: String) -> SemanticVersion? {
        let bytes = text.utf8
        var index = bytes.startIndex
        var numbers = 0
        // Count the dot-separated numbers before a prerelease or build part.
        while numbers < 3 {
            let start = index
            while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                index = bytes.index(after: index)
            }
            guard index > start else { return nil }
            numbers += 1
            guard numbers < 3, index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") else { break }
            index = bytes.index(after: index)
        }
        if numbers == 3 { return SemanticVersion(text, skippingFirst: 0) }
        let head = String(Substring(bytes[..<index]))
        let tail = String(Substring(bytes[index...]))
        let padding = numbers == 1 ? ".0.0" : ".0"
        return SemanticVersion(head + padding + tail, skippingFirst: 0)
    }
}
