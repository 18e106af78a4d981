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

    @Test("S saves the simulated device as a new profile, never over another's name or file, and p then offers it")
    func saveDevice() throws {
        var demo = try DemoFixture(width: 120, height: 40)
        defer { demo.remove() }
        try demo.press("SQA iPhone 15 (subscriber)")
        #expect(demo.screen.contains("devices/qa-iphone-subscriber.yml is already named so; choose another name"))
        try demo.press("<Enter>")
        #expect(demo.screen.contains("save the simulated device as:"), "a refused name keeps the editor open")
        try demo.press("<C-u>Bench phone<Enter>")
        #expect(demo.screen.contains("saved Bench phone as devices/bench-phone.yml"), "\(demo.screen)")
        let text = try String(
            contentsOf: demo.folder.appendingPathComponent("devices/bench-phone.yml"), encoding: .utf8)
        #expect(text.hasPrefix("name: Bench phone\ncontext:\n  platform: iOS\n  os_version: \"16.4\"\n"), "\(text)")
        #expect(text.contains("  permissions:\n"))
        try demo.press("p")
        #expect(demo.screen.contains("Bench phone"))
        try demo.press("<Esc>SBench-Phone!<Enter>")
        #expect(demo.screen.contains("not saved: devices/bench-phone.yml exists; S again with another name"))
    }
}
