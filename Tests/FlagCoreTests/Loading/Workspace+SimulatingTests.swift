import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// One load answering for many devices: the workspace with other device layers gives what a
/// load for that device gives.
@Suite("Workspace: simulating another device")
struct WorkspaceSimulatingTests {
    @Test("Every key resolves as a load with that device and --context would resolve it, and the stack is the same")
    func sameAsALoad() throws {
        let folder = try DeviceProfileTests.folder(devices: [
            "italy.yml": DeviceProfileTests.italy,
            "us.yml": "name: US\ncontext:\n  country: us\n  app_version: 1.0.0\n",
        ])
        defer { folder.remove() }
        var context = ContextLayer()
        try context.add(argument: "email=ana@example.com")
        let tree = DeviceProfileTests.load(folder, device: "us")
        for (device, layer) in [("italy", nil), ("us", context), ("italy", context)] as [(String, ContextLayer?)] {
            let loaded = Workspace.load(
                from: folder.file("flagscope.yml"), environment: [:], remote: .known([:]), context: layer,
                device: device)
            let simulated = try #require(
                tree.simulating(device: loaded.activeDevice, context: layer))
            #expect(simulated.providers.map(\.config.name) == loaded.providers.map(\.config.name))
            #expect(simulated.activeDevice?.name == loaded.activeDevice?.name)
            let one = Resolver(workspace: loaded)
            let other = Resolver(workspace: simulated)
            for key in loaded.flags.keys {
                #expect(one.resolve(key)?.value == other.resolve(key)?.value, "\(device): \(key)")
                #expect(one.resolve(key)?.source == other.resolve(key)?.source, "\(device): \(key)")
            }
        }
        let none = try #require(tree.simulating(device: nil, context: nil))
        #expect(none.providers.map(\.config.name) == ["Local", "Rollouts", "Lab"])
    }

    @Test("A workspace whose server reads the context cannot be simulated without asking it: nil")
    func serverReadsTheContext() throws {
        let folder = try WorkspaceBuilder(
            blueprints: ["app.yml"], providers: [.ofrep("Server", url: "http://127.0.0.1:9")]
        ).file("app.yml", DeviceProfileTests.blueprint).folder(prefix: "flagscope-simulating")
        defer { folder.remove() }
        let workspace = Workspace.load(from: folder.file("flagscope.yml"), environment: [:], remote: .known([:]))
        #expect(workspace.simulating(device: nil, context: ContextLayer()) == nil)
    }
}
