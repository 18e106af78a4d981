import Foundation
import Testing

@testable import FlagCore

/// Semantic versions as the `semVer*` operators read them.
@Suite("LaunchDarkly: semantic versions")
struct LaunchDarklyVersionTests {
    @Test(
        "semver.org's form, where a missing minor or patch is 0",
        arguments: [
            ("2", "2.0.0"), ("2.1", "2.1.0"), ("2-rc.1", "2.0.0-rc.1"), ("2.1+build", "2.1.0"),
            ("1.2.3-beta.1+exp.sha", "1.2.3-beta.1"), ("0.0.0", "0.0.0"), ("1-2.3", "1.0.0-2.3"),
        ])
    func readsVersions(text: String, same: String) throws {
        let version = try #require(LaunchDarklyVersion.parse(text))
        let expected = try #require(LaunchDarklyVersion.parse(same))
        #expect(version.compare(to: expected) == 0)
    }

    @Test(
        "Not versions: a v, leading zeros, a fourth number, empty parts, other characters",
        arguments: [
            "v1.0.0", "01.0.0", "1.02.0", "1.0.0.0", "1.", "1..2", ".1", "", "banana", "1.0.0-", "1.0.0-01", "1.x",
            " 1.0.0",
        ])
    func refuses(text: String) {
        #expect(LaunchDarklyVersion.parse(text) == nil)
    }
}
