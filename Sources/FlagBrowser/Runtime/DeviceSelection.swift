import FlagCore
import Foundation

/// The devices the browser shows a workspace through: the profile simulated and the one compared
/// (by name: each model chooses them again), and, when the browser serves, the live devices that
/// asked, when each last did, and the one whose view is shown.
struct DeviceSelection: Sendable {
    /// The device profile made active at every load (docs/devices.md).
    var simulated: String?
    /// The device profile pinned for comparison (`c`).
    var compared: String?
    /// The live device whose view is shown (Enter on its row).
    var shownLive: String?
    /// The devices that asked the server sharing the process; `nil` when the browser does not serve.
    private(set) var live: ServedDevices?
    /// When each live device last asked: the least recent goes first past the bound.
    private var lastSeen: [String: Date] = [:]

    /// Simulates the profile named `simulated`, compares none, and lists the devices that ask
    /// `serving`, when the browser serves.
    init(simulated: String?, serving: BrowserServing?) {
        self.simulated = simulated
        live = serving.map { ServedDevices(address: $0.address) }
    }

    /// The model of `workspace` as the browser shows it: with the live devices, the shown one's
    /// layer on top, compared with the pinned device.
    func model(of workspace: Workspace, now: Date) -> BrowserModel {
        var workspace = workspace
        workspace.served = live
        let shown = shownLive.flatMap { live?.devices[$0] }
        if workspace.liveDevice != shown {
            workspace =
                workspace.simulating(device: workspace.activeDevice, context: workspace.contextLayer, live: shown)
                ?? workspace
        }
        return comparing(BrowserModel(workspace: workspace, now: now))
    }

    /// `workspace` with the layers of ``simulated`` swapped in, nothing read again (a switch costs
    /// what a context edit does); `nil` when the profile is unknown or a server must be asked, so
    /// a load must do it.
    func simulating(in workspace: Workspace) -> Workspace? {
        let profile = simulated.flatMap { try? workspace.devices.choose($0).get() }
        guard simulated == nil || profile != nil else { return nil }
        return workspace.simulating(device: profile, context: workspace.contextLayer)
    }

    /// `model` compared with ``compared`` (docs/devices.md), unless none is pinned, the profile is
    /// gone, or a server would have to be asked with the other device's context.
    func comparing(_ model: BrowserModel) -> BrowserModel {
        guard let name = compared else { return model.comparison == nil ? model : model.comparing(nil, in: nil) }
        let workspace = model.workspace
        guard let profile = workspace.devices.first(where: { $0.name == name }),
            let other = workspace.simulating(device: profile, context: workspace.contextLayer)
        else { return model.comparing(nil, in: nil) }
        return model.comparing(profile, in: other)
    }

    /// Takes in the devices that asked; whether one is new or sent another context. A client that
    /// invents a name per request must not grow the tree without bound: past
    /// ``BrowserServing/deviceLimit`` the one that asked least recently goes.
    mutating func take(_ asks: [LiveAsk]) -> Bool {
        guard var devices = live else { return false }
        var changed = false
        for ask in asks {
            let name = ask.device.name
            lastSeen[name] = ask.at
            if devices.devices[name] != ask.device {
                devices.devices[name] = ask.device
                changed = true
            }
        }
        while devices.devices.count > BrowserServing.deviceLimit,
            let oldest = devices.devices.keys.min(by: {
                (lastSeen[$0] ?? .distantPast) < (lastSeen[$1] ?? .distantPast)
            })
        {
            devices.devices[oldest] = nil
            lastSeen[oldest] = nil
            if shownLive == oldest { shownLive = nil }
        }
        live = devices
        return changed
    }
}
