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
        try DemoFixture.opened(width: 120, height: 40, pressing: "/smart<Enter>") { demo in
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
                    "simulating QA iPhone 15 (subscriber) (devices/qa-iphone-subscriber.yml): its layer is below Local")
            )
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
    }

    @Test("Choosing the device already simulated changes nothing and says so")
    func sameDevice() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "p<Enter>") { demo throws in
            #expect(demo.screen.contains("no device is simulated already"))
        }
    }

    @Test("The Devices branch lists the profiles after Context; Enter simulates one, ✓ marks it, Enter again none")
    func devicesBranch() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/QA iPad<Enter>") { demo in
            let screen = demo.screen
            #expect(screen.contains("▾ Devices"), "\(screen)")
            #expect(screen.contains("3 profiles, none simulated"))
            #expect(screen.contains("file         devices/qa-ipad-rollout.yml"), "the detail names its file")
            #expect(screen.contains("country: de"), "and lists its attributes")
            #expect(screen.contains("Enter simulates it; c compares it with the simulated device."))
            let devices = try #require(screen.range(of: "▾ Devices"))
            let context = try #require(screen.range(of: "▾ Context"))
            #expect(context.lowerBound < devices.lowerBound, "Devices comes after Context")

            try demo.press("<Enter>")
            #expect(demo.session.state.model.workspace.activeDevice?.name == "QA iPad Air (other bucket)")
            #expect(demo.screen.contains("✓ QA iPad Air (other bucket)"), "\(demo.screen)")
            #expect(demo.screen.contains("Device: QA iPad Air (other bucket)"), "the header names it")
            #expect(demo.screen.contains("Enter stops simulating it"))
            #expect(
                demo.session.state.selectedNode?.label == "QA iPad Air (other bucket)", "the row keeps the selection")

            try demo.press("<Enter>")
            #expect(demo.session.state.model.workspace.activeDevice == nil)
            #expect(!demo.screen.contains("Device: "))
            #expect(demo.screen.contains("no device simulated"))
        }
    }

    @Test(
        "c on a device pins it: ≠ and its value on the rows that differ, F shows only them, the detail both values, the parting rule and both stacks"
    )
    func compareWithDevice() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/QA iPad<Enter>c") { demo throws in
            #expect(
                demo.screen.contains("11 flags and 5 features differ on QA iPad Air (other bucket): ≠ marks the rows"))
            #expect(demo.screen.contains("compared"), "the device's row says it is compared")
            #expect(
                demo.screen.hasPrefix(" Flagscope") && demo.screen.contains("≠ QA iPad Air (other bucket)\n"),
                "and the header")

            try demo.press("F")
            var screen = demo.screen
            #expect(screen.contains("view: differs from QA iPad Air (other bucket)"), "\(screen)")
            #expect(screen.contains("rankingModel personalised ≠ popul"), "\(screen)")
            #expect(screen.contains("false ≠ true"))
            #expect(screen.contains("unavailable ≠ available"))
            #expect(!screen.contains("autoPlayNext"), "flags that are the same are not in the view")

            try demo.press("/rankingModel<Enter><Tab>")
            screen = demo.screen
            #expect(screen.contains("value        personalised   from Rollouts"), "\(screen)")
            #expect(screen.contains("≠ compared   popularity   from Rollouts"))
            #expect(screen.contains("on QA iPad Air (other bucket)"))
            #expect(screen.contains("parted by    a rule of Rollouts:"))
            #expect(screen.contains("  here       \"personalised\", reading context/targeting_key ="), "\(screen)")
            #expect(screen.contains("\"listener-4711\""), "what this device read")
            #expect(screen.contains("  there      \"popularity\", reading context/targeting_key ="))
            #expect(screen.contains("\"listener-1\""), "and what the other read")
            let stacks = screen.components(separatedBy: "\n").filter { $0.contains("highest first:") }
            #expect(stacks.count == 2, "both stacks are shown: \(stacks)")
            #expect(screen.contains("Layers on QA iPad Air (other bucket), highest first:"))

            // F goes on to the other views, and Esc-free cycling comes back round to all.
            try demo.press("<Tab>F")
            #expect(demo.screen.contains("view: overridden"))
        }
    }

    @Test("c elsewhere opens a picker of devices to compare with; none, or c on the compared row, stops comparing")
    func comparePicker() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "c") { demo in
            #expect(demo.screen.contains("compare with a device"), "\(demo.screen)")
            #expect(demo.screen.contains("›● none"))
            #expect(demo.screen.contains("Enter compare"), "the footer says what Enter does here")
            try demo.press("<Down><Down><Enter>")
            #expect(demo.session.state.model.comparison?.device.name == "QA iPhone 13 (location denied)")
            #expect(demo.screen.contains("differ on QA iPhone 13 (location denied)"), "\(demo.screen)")
            try demo.press("c")
            #expect(demo.screen.contains("›● QA iPhone 13 (location denied)"), "the picker opens on the compared one")
            try demo.press("<Home><Enter>")
            #expect(demo.session.state.model.comparison == nil)
            #expect(demo.screen.contains("comparing with no device"))
            #expect(!demo.screen.contains(" ≠ "))

            try demo.press("/QA iPhone 13<Enter>cc")
            #expect(demo.session.state.model.comparison == nil, "c on the compared row unpins it")
        }
    }
}
