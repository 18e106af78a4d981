import FlagCore
import Foundation

extension DetailText {
    /// A device profile: whether it is simulated or compared, its file and its attributes.
    static func deviceLines(_ profile: DeviceProfile, _ model: BrowserModel, _ out: inout Builder) {
        let active = model.workspace.activeDevice?.name == profile.name
        let compared = model.comparison?.device.name == profile.name
        out.text((active ? "✓ " : "") + profile.name, .header)
        if let description = profile.description { out.text(description, .normal) }
        out.blank()
        out.field("file", profile.file)
        out.field("simulated", active ? "yes: its layer is in the stack" : "no", active ? .success : .muted)
        if let comparison = model.comparison, compared {
            out.field("compared", comparison.summary, .warning)
        }
        attributeLines(profile.context, &out)
        out.blank()
        out.text(
            (active ? "Enter stops simulating it" : "Enter simulates it")
                + (compared ? "; c stops comparing." : "; c compares it with the simulated device."), .muted)
    }

    /// A device that asked the server (docs/serve.md): whether its view is shown, when and how
    /// often it asked, and the context of its last request.
    static func liveDeviceLines(
        _ device: LiveDevice, _ activity: LiveActivity?, _ model: BrowserModel, _ out: inout Builder
    ) {
        let shown = model.workspace.liveDevice?.name == device.name
        out.text((shown ? "✓ " : "") + device.name, .header)
        out.blank()
        if let activity {
            out.field("requests", String(activity.requests))
            out.field("first asked", clockTime(activity.firstSeen))
            out.field("last asked", clockTime(activity.lastSeen))
        }
        out.field(
            "shown", shown ? "yes: its context is the \(device.layerName) layer on top" : "no",
            shown ? .success : .muted)
        attributeLines(device.context, &out)
        if !device.context.skipped.isEmpty {
            out.blank()
            out.text("Skipped (sent, but no context key can hold them):", .warning)
            for skipped in device.context.skipped {
                let name = skipped.name.isEmpty ? "\"\" (an empty name)" : skipped.name
                out.text("\(name): \(skipped.reason)", .normal, indent: 2)
            }
        }
        out.blank()
        out.text(
            (shown ? "Enter goes back to the simulated device" : "Enter shows what it gets and why")
                + "; a keeps it as a device profile.", .muted)
    }

    /// A context's attributes, each as `name: value`, under `Attributes:`.
    private static func attributeLines(_ context: ContextLayer, _ out: inout Builder) {
        out.blank()
        out.text(context.isEmpty ? "Attributes: none" : "Attributes:", .key)
        for attribute in context.attributes.values {
            let value: String
            switch attribute.given {
            case .argument(let text): value = text
            case .json(.string(let text)): value = text
            case .json(let json): value = json.compactText(limit: PreviewLimits.row)
            }
            out.text("\(attribute.key.dropFirst(ContextKeys.prefix.count)): \(value)", .normal, indent: 2)
        }
    }

    /// A moment as the local time of day, `14:03:27`.
    static func clockTime(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970) + TimeZone.current.secondsFromGMT(for: date)
        let day = ((seconds % 86_400) + 86_400) % 86_400
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(day / 3600)):\(two(day / 60 % 60)):\(two(day % 60))"
    }
}
