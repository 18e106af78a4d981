import FlagBrowser
import FlagCore
import Foundation
import TestSupport
import Testing

/// A device pinned for comparison: what it gets where that differs from the simulated device,
/// on the demo's three profiles, whose differences are worked out by hand in each test.
@Suite("Comparing the simulated device with a pinned one")
struct ComparisonTests {
    /// The demo's model with `device` simulated and `compared` pinned.
    static func model(simulating device: String?, comparing compared: String) throws -> (BrowserModel, URL) {
        let parent = try TemporaryFolder(prefix: "flagscope-comparison")
        let workspace = Workspace.load(from: try parent.copyDemo(to: "demo"), environment: [:], device: device)
        let profile = try #require(workspace.devices.first { $0.name == compared })
        let other = try #require(workspace.simulating(device: profile, context: nil))
        return (BrowserModel(workspace: workspace, now: DemoFixture.today).comparing(profile, in: other), parent.url)
    }

    @Test("Two phones that differ in one permission part one feature and no flag; the attribute is the cause")
    func permissionOnly() throws {
        let (model, folder) = try Self.model(
            simulating: "QA iPhone 15 (subscriber)", comparing: "QA iPhone 13 (location denied)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let comparison = try #require(model.comparison)
        #expect(comparison.flagCount == 0)
        #expect(comparison.featureCount == 1)
        #expect(comparison.summary == "1 feature differs on QA iPhone 13 (location denied)")
        // location_when_in_use: authorized here, denied there; Smart playlists needs it.
        #expect(comparison.otherValue("context/permissions/location_when_in_use")??.value == .string("denied"))
        #expect(model.explanations["podcast_favourites/smart_playlists"]?.availability == .available)
        #expect(comparison.explanations["podcast_favourites/smart_playlists"]?.availability == .unavailable)
        // Everything else is the same on both.
        #expect(comparison.otherValue("context/country") == nil)
        #expect(comparison.otherValue("storage/download_over_cellular") == nil)
    }

    @Test("The stack alone against the iPad: its targeting key, country and user part eleven flags and five features")
    func stackAgainstDevice() throws {
        let (model, folder) = try Self.model(simulating: nil, comparing: "QA iPad Air (other bucket)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let comparison = try #require(model.comparison)
        // listener-4711 is in the personalised half of the ranking split, listener-1 in the other.
        #expect(comparison.otherValue("lab/search/ranking")??.value == .string("popularity"))
        #expect(model.value("lab/search/ranking")?.value == .string("personalised"))
        // The country rule: unset here, de there.
        #expect(comparison.otherValue("storage/download_over_cellular")??.value == .bool(true))
        // userId qa-bo is one of the ids the toggle's strategy turns on for.
        #expect(comparison.otherValue("internal/turbo_downloads")??.value == .bool(true))
        // GrowthBook's experiment and LaunchDarkly's rollout bucket the two targeting keys apart;
        // LaunchDarkly's country rule and its segment (listener-1 is a beta listener) part them too.
        #expect(comparison.otherValue("playback/skip_back_interval")??.value == .int(10))
        #expect(comparison.otherValue("playback/skip_interval")??.value == .int(45))
        #expect(comparison.otherValue("store/storefront_url")??.value == .url("https://podcasts.example.com/de/store"))
        #expect(
            comparison.otherValue("lab/search/suggestions/trending_endpoint")??.value
                == .url("https://beta.api.podcasts.example.com/v3/trending"))
        #expect(comparison.flagCount == 11, "\(comparison.values.keys.sorted())")
        #expect(comparison.featureCount == 5)
        #expect(comparison.count == "11 flags and 5 features differ")
    }

    @Test("A device compared with itself differs in nothing")
    func sameDevice() throws {
        let (model, folder) = try Self.model(
            simulating: "QA iPad Air (other bucket)", comparing: "QA iPad Air (other bucket)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let comparison = try #require(model.comparison)
        #expect(comparison.values.isEmpty)
        #expect(comparison.summary == "no flag or feature differs on QA iPad Air (other bucket)")
    }
}
