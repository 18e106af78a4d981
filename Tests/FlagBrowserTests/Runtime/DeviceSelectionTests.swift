import FlagBrowser
import FlagCore
import Foundation
import Testing

/// The devices the browser shows the workspace through: the simulated profile swapped in place,
/// the compared one chosen again with every model, and the live devices kept to a bound.
@Suite("The devices a workspace is shown through")
struct DeviceSelectionTests {
    @Test("A device switch swaps the layers in place: what it shows is what a fresh load with that device shows")
    func switchMatchesFreshLoad() throws {
        try DemoFixture.opened(width: 120, height: 40) { demo in
            for (keys, name) in [
                ("p<Down><Enter>", "QA iPad Air (other bucket)"), ("p<Down><Enter>", "QA iPhone 13 (location denied)"),
            ] {
                try demo.press(keys)
                let model = demo.session.state.model
                let fresh = BrowserModel(
                    workspace: Workspace.load(
                        from: demo.folder.appendingPathComponent("flagscope.yml"), environment: [:],
                        remote: .known(model.workspace.remoteAnswers), device: name),
                    now: DemoFixture.today)
                #expect(model.workspace.activeDevice?.name == name)
                #expect(model.workspace.providers.map(\.config.name) == fresh.workspace.providers.map(\.config.name))
                #expect(model.nodes.map(\.id) == fresh.nodes.map(\.id), "tree")
                #expect(model.explanations == fresh.explanations, "features")
                for key in fresh.workspace.flags.keys {
                    #expect(model.resolution(key) == fresh.resolution(key), "\(key)")
                }
            }
        }
    }

    @Test("A what-if edit while comparing applies to both devices, so the difference it decided goes away")
    func editWhileComparing() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/QA iPad<Enter>c") { demo in
            #expect(demo.session.state.model.comparison?.otherValue("internal/turbo_downloads") != nil)
            // turbo_downloads turns on for qa-ana and qa-bo: the iPad is qa-bo, this device nobody.
            try demo.press("/userId<Enter>e<C-u>qa-ana<Enter>")
            #expect(try demo.localValues()["context/userId"] as? String == "qa-ana")
            let comparison = try #require(demo.session.state.model.comparison)
            #expect(comparison.otherValue("internal/turbo_downloads") == nil, "both read qa-ana from the writable file")
            #expect(comparison.flagCount == 10)
        }
    }

    @Test("A client inventing a name per request leaves at most 500 live devices, the least recent going first")
    func bounded() throws {
        let server = BrowserSessionServingTests.Server()
        try DemoFixture.opened(width: 120, height: 40, serving: server.serving) { demo in
            for index in 0..<520 {
                try server.ask(
                    #"{"context": {"targetingKey": "device-\#(index)"}}"#,
                    at: Date(timeIntervalSince1970: Double(index)))
            }
            demo.session.pollLive()
            let devices = try #require(demo.session.state.model.workspace.served?.devices)
            #expect(devices.count == 500)
            #expect(devices["device-19"] == nil && devices["device-20"] != nil && devices["device-519"] != nil)
            #expect(demo.session.state.liveActivity.count == 500)
        }
    }
}
