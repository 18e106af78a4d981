import FlagBrowser
import FlagCore
import Foundation
import Testing

/// `p`: the device profiles (docs/devices.md) picked from anywhere in the browser.
@Suite("p picks the simulated device")
struct ReducerDevicesTests {
    @Test(
        "p lists none and the demo's devices; Enter simulates one, named in the header, and a what-if edit stays on top"
    )
    func pickAndSimulate() throws {
        var demo = try DemoFixture(width: 120, height: 40)
        defer { demo.remove() }
        try demo.press("/smart<Enter>")
        #expect(demo.screen.contains("Smart playlists"))
        try demo.press("p")
        let picker = demo.screen
        #expect(picker.contains("simulate a device"))
        #expect(picker.contains("›● none"), "no device is active: none is marked and highlighted")
        #expect(picker.contains("QA iPhone 15 (subscriber)"))

        try demo.press("<Down><Down><Down><Enter>")
        #expect(demo.session.state.model.workspace.activeDevice?.name == "QA iPhone 15 (subscriber)")
        #expect(demo.screen.contains("Local✎ › Device: QA iPhone 15 (subscriber) › Rollouts"), "\(demo.screen)")
        #expect(
            demo.screen.contains(
                "simulating QA iPhone 15 (subscriber) (devices/qa-iphone-subscriber.yml): its layer is below Local"))
        #expect(demo.screen.contains("✓ Smart playlists"), "the subscriber who allowed location has it")

        // A what-if edit goes to the writable file, above the device.
        try demo.press("/location_when<Enter>")
        try demo.press("ed<Enter>")
        #expect(try demo.localValues()["context/permissions/location_when_in_use"] as? String == "denied")
        try demo.press("/smart<Enter>")
        #expect(demo.screen.contains("✗ Smart playlists"), "\(demo.screen)")

        // The picker opens on the active device; none goes back to the stack as its files say.
        try demo.press("p")
        #expect(demo.screen.contains("›● QA iPhone 15 (subscriber)"))
        try demo.press("<Home><Enter>")
        #expect(demo.session.state.model.workspace.activeDevice == nil)
        #expect(!demo.screen.contains("Device: "))
        #expect(demo.screen.contains("no device simulated"))
    }

    @Test("Choosing the device already simulated changes nothing and says so")
    func sameDevice() throws {
        var demo = try DemoFixture(width: 120, height: 40)
        defer { demo.remove() }
        try demo.press("p<Enter>")
        #expect(demo.screen.contains("no device is simulated already"))
    }
}
