import FlagBrowser
import FlagCore
import Foundation
import Testing

@Suite("D restores the simulated device, keeping the developer's overrides")
struct ReducerSimulatedDeviceTests {
    @Test("D lists the context keys of the writable file, asks, removes only them on y, and u puts them back")
    func restoreAndUndo() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/permissions/photos<Enter>ea<Enter>") { demo in
            try demo.press("/purchases/SUB0001<Enter>ep<Enter>")
            let edited = try demo.localValues()
            #expect(edited["context/permissions/photos"] as? String == "authorized")
            #expect(edited["context/purchases/SUB0001"] as? String == "purchased")
            let others = edited.keys.filter { !$0.hasPrefix("context/") }.sorted()
            #expect(others.count == 5, "the demo's own overrides")

            try demo.press("D")
            let screen = demo.screen
            #expect(screen.contains("Restore the simulated device: remove 2 context keys from Local?"))
            #expect(screen.contains("- context/permissions/photos = \"authorized\""))
            #expect(screen.contains("- context/purchases/SUB0001 = \"purchased\""))
            #expect(!screen.contains("- playback/auto_play_next"), "only context keys are listed")
            try demo.press("n")
            #expect(try demo.localValues().count == edited.count)
            #expect(demo.screen.contains("nothing was reset"))

            try demo.press("Dy")
            let restored = try demo.localValues()
            #expect(restored.keys.sorted() == others, "every context key gone, every other key kept")
            #expect(
                demo.screen.contains("features changed") || demo.screen.contains("is now"),
                "the status line names what changed")

            try demo.press("u")
            let back = try demo.localValues()
            #expect(back["context/permissions/photos"] as? String == "authorized")
            #expect(back["context/purchases/SUB0001"] as? String == "purchased")
            #expect(back.keys.sorted() == edited.keys.sorted())
        }
    }

    @Test("Without context keys in the writable file D says so and asks nothing")
    func nothingToRestore() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "D") { demo throws in
            #expect(demo.session.state.mode == .normal)
            #expect(
                demo.screen.contains(
                    "the simulated device is already as the other layers say: Local sets no context/* keys"))
        }
    }

    @Test("D is in the keymap table, so the help lists it")
    func inHelp() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "?") { demo throws in
            #expect(demo.screen.contains("D           restore the simulated device"))
        }
    }
}
