import FlagBrowser
import FlagCore
import Foundation
import Testing

/// What an edit of the simulated device changed for features: the status line names the features
/// made available or unavailable, and a feature's detail shows the rule behind its switch.
@Suite("Features: what an edit of the simulated device changed")
struct AvailabilityNewsTests {
    @Test(
        "A feature whose switch a rule turned off shows that rule in its detail with what to set; setting it in Context makes the feature available"
    )
    func ruleBehindTheSwitch() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/Turbo downloads<Enter>") { demo in
            let screen = demo.screen
            #expect(screen.contains("internal/turbo_downloads is decided by the rules of Toggles:"), "\(screen)")
            #expect(screen.contains("userWithId userIds qa-ana, qa-bo → false"))
            #expect(screen.contains("reads context/userId (unset)"))
            #expect(screen.contains("to change it: set context/userId to qa-ana or qa-bo"))
            try demo.press("/userId<Enter>e")
            try demo.press("qa-ana<Enter>")
            #expect(try demo.localValues()["context/userId"] as? String == "qa-ana")
            try demo.press("/Turbo downloads<Enter>")
            #expect(demo.screen.contains("✓ Turbo downloads: available"), "\(demo.screen)")
        }
    }

    @Test(
        "Space on a feature with a user toggle flips that toggle, and the status line says the feature's availability changed"
    )
    func spaceFlipsUserToggle() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/Sleep timer<Enter>") { demo in
            guard case .feature? = demo.session.state.selectedNode?.kind else {
                Issue.record("the search did not select the Sleep timer feature")
                return
            }
            #expect(demo.screen.contains("✗ Sleep timer"))
            try demo.press("<Space>")
            #expect(try demo.localValues()["player/sleep_timer/user_toggled"] as? Bool == true)
            let status = try #require(demo.screen.split(separator: "\n").last)
            #expect(
                status.hasPrefix("Sleep timer is now available — set player/sleep_timer/user_toggled = true in Local"))
            try demo.press("u")
            #expect(try demo.localValues()["player/sleep_timer/user_toggled"] as? Bool == false)
            #expect(
                demo.screen.contains("undid: player/sleep_timer/user_toggled = true — Sleep timer is now unavailable"))
        }
    }

    @Test("Authorizing a permission in the Context branch names the feature it made available")
    func contextEditNamesFeature() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/permissions/photos<Enter>e") { demo in
            try demo.press("a<Enter>")
            #expect(try demo.localValues()["context/permissions/photos"] as? String == "authorized")
            let status = try #require(demo.screen.split(separator: "\n").last)
            #expect(
                status.hasPrefix("Cover art studio is now available — set context/permissions/photos = authorized"),
                "\(status)")
        }
    }

    @Test("A change to several features counts them and names the first three")
    func severalFeatures() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/context/platform<Enter>e") { demo in
            try demo.press("w<Enter>")
            #expect(try demo.localValues()["context/platform"] as? String == "watchOS")
            let status = try #require(demo.session.state.status?.text)
            #expect(
                demo.screen.contains(
                    "4 features changed: Background audio now unavailable, Favourites sync now available,")
            )
            #expect(
                status.range(
                    of:
                        #"^4 features changed: [^,]+ now \w+, [^,]+ now \w+, [^,]+ now \w+, and 1 more — set context/platform = watchOS"#,
                    options: .regularExpression) != nil, "\(status)")
        }
    }
}
