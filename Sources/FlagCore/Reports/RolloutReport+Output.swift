import Foundation
import OrderedCollections

extension RolloutReport {
    /// The report as the terminal shows it: the split configured beside the split sampled, each
    /// as a bar, the largest gap between them, and where this device falls.
    package var text: String {
        let names = shares.map { TerminalText.capped(TerminalText.escaped($0.name), limit: 40) }
        let nameWidth = max(5, names.map(TerminalText.displayWidth(of:)).max() ?? 0)
        let countWidth = String(sampleSize).count
        var lines = [
            "\(TerminalText.escaped(key)): the split in \(TerminalText.escaped(provider)) (\(format)), over \(sampleSize) devices with a generated \(TerminalText.escaped(attribute))",
            "rule: \(TerminalText.capped(TerminalText.escaped(rule), limit: 200))",
            "",
            TerminalText.padded("share", toWidth: nameWidth) + "  " + TerminalText.padded("configured", toWidth: 17)
                + "   " + TerminalText.padded("sampled", toWidth: 18) + "  devices",
        ]
        for (share, name) in zip(shares, names) {
            let configured = PercentageBar.number(share.configured).leftAligned(to: 4, right: true)
            let sampledText = String(format: "%.1f", sampled(share)).leftAligned(to: 5, right: true)
            let count = String(share.count).leftAligned(to: max(countWidth, 7), right: true)
            lines.append(
                TerminalText.padded(name, toWidth: nameWidth) + "  " + PercentageBar.bar(share.configured)
                    + " \(configured) %   " + PercentageBar.bar(sampled(share)) + " \(sampledText) %  \(count)")
        }
        lines.append("")
        if unmatched > 0 {
            lines.append("\(unmatched) of \(sampleSize) devices fell in no share (another path through the rules)")
        }
        lines.append("largest gap: \(String(format: "%.1f", largestGap)) percentage points")
        let held = deviceValue.map { "\(TerminalText.escaped(attribute)) = \($0.compactText(limit: 60))" }
        if let device {
            let chosen = device.chosen.map { "\"\(TerminalText.escaped($0))\"" } ?? "no share"
            lines.append(
                "this device: bucket \(String(format: "%.1f", device.bucket)) → \(chosen)"
                    + " (\(held ?? "\(TerminalText.escaped(attribute)) unset"))")
        } else {
            lines.append(
                "this device: no bucket (\(held ?? "\(TerminalText.escaped(attribute)) is unset"));"
                    + " set \(TerminalText.escaped(attribute)) to see which share it falls in")
        }
        return lines.joined(separator: "\n")
    }

    /// The report as `rollout --json` writes it.
    package var json: JSONValue {
        let round: (Double) -> JSONValue = { LogicValue.number(($0 * 100).rounded() / 100).json }
        var object: OrderedDictionary<String, JSONValue> = [
            "key": .string(key), "provider": .string(provider), "format": .string(format), "rule": .string(rule),
            "attribute": .string(attribute), "sample": .int(sampleSize),
            "shares": .array(
                shares.map { share in
                    .object([
                        "name": .string(share.name), "configured": round(share.configured),
                        "sampled": round(sampled(share)), "count": .int(share.count),
                    ])
                }),
            "unmatched": .int(unmatched), "largestGap": round(largestGap),
        ]
        var device: OrderedDictionary<String, JSONValue> = [
            "bucket": self.device.map { round($0.bucket) } ?? .null, "value": deviceValue ?? .null,
        ]
        if let chosen = self.device?.chosen { device["share"] = .string(chosen) }
        object["device"] = .object(device)
        return .object(object)
    }
}

extension String {
    /// The text padded with spaces to `width` characters, on the left when `right`.
    fileprivate func leftAligned(to width: Int, right: Bool) -> String {
        let padding = String(repeating: " ", count: max(0, width - count))
        return right ? padding + self : self + padding
    }
}
