import FlagBrowser
import FlagCore
import Foundation
import Testing

/// Device profiles written from the browser: `S` saves the simulated device, `a` keeps a live
/// one; each a new file, never over another's name or file.
@Suite("Device profiles written from the browser")
struct WorkspaceWriterTests {
    @Test("S saves the simulated device as a new profile, never over another's name or file, and p then offers it")
    func saveDevice() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "SQA iPhone 15 (subscriber)") { demo in
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

    @Test("a keeps a live device as a device profile of the attributes it sent; p then offers it")
    func adopt() throws {
        let server = BrowserSessionServingTests.Server()
        try DemoFixture.opened(width: 160, height: 60, serving: server.serving, pressing: "a") { demo in
            #expect(demo.screen.contains("a keeps a live device as a profile: select one under Live devices"))
            try server.ask(BrowserSessionServingTests.italian)
            demo.session.pollLive()
            try demo.press("/sim-iphone<Enter>a")
            #expect(
                demo.screen.contains("saved sim-iphone-15 as devices/sim-iphone-15.yml: 2 attributes; p simulates it"))
            let text = String(
                decoding: try Data(contentsOf: demo.folder.appendingPathComponent("devices/sim-iphone-15.yml")),
                as: UTF8.self)
            #expect(text == "name: sim-iphone-15\ncontext:\n  targeting_key: sim-iphone-15\n  country: IT\n", "\(text)")
            #expect(demo.session.state.model.workspace.devices.contains { $0.name == "sim-iphone-15" })
            // A second a finds the name taken.
            try demo.press("/sim-iphone<Enter>")
            try demo.press("a")
            #expect(
                demo.screen.contains("not saved: devices/sim-iphone-15.yml is already named sim-iphone-15"),
                "\(demo.screen)")
        }
    }
}
