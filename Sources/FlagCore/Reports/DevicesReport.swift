import OrderedCollections

/// `flagscope devices` (docs/devices.md): every device profile, its attributes, and how many
/// features it leaves unavailable.
package struct DevicesReport: Sendable {
    /// One profile and what it leaves unavailable.
    package struct Row: Sendable {
        /// The profile.
        package var profile: DeviceProfile
        /// How many features are unavailable and unknown with it active, of how many.
        package var features: FeatureCounts
    }

    /// A row per profile, in file order.
    package var rows: [Row]

    /// Counts each profile's unavailable features in `workspace(profile)`, the workspace loaded
    /// with that profile active.
    package init(devices: [DeviceProfile], workspace: (DeviceProfile) -> Workspace) {
        rows = devices.map { profile in
            let explanations = FeatureEvaluator(workspace: workspace(profile)).explainAll().values
            return Row(profile: profile, features: FeatureCounts(explanations))
        }
    }

    /// A profile's attributes by key without `context/`, each with its value as written.
    static func attributes(of profile: DeviceProfile) -> OrderedDictionary<String, JSONValue> {
        var attributes: OrderedDictionary<String, JSONValue> = [:]
        for (key, attribute) in profile.context.attributes {
            let value: JSONValue
            switch attribute.given {
            case .json(let json): value = json
            case .argument(let text): value = .string(text)
            }
            attributes[String(key.dropFirst(ContextKeys.prefix.count))] = value
        }
        return attributes
    }

    /// `{"devices":[{"name","file","attributes":{…},"unavailable":N,"unknown":N,"features":N}]}`.
    package var json: JSONValue {
        .object([
            "devices": .array(
                rows.map { row in
                    var object: OrderedDictionary<String, JSONValue> = [
                        "name": .string(row.profile.name), "file": .string(row.profile.file),
                    ]
                    if let description = row.profile.description { object["description"] = .string(description) }
                    object["attributes"] = .object(Self.attributes(of: row.profile))
                    object["unavailable"] = .int(row.features.unavailable)
                    object["unknown"] = .int(row.features.unknown)
                    object["features"] = .int(row.features.total)
                    return .object(object)
                })
        ])
    }

    /// One line per profile, in columns: name, file, attributes, unavailable features; then
    /// how to use one.
    package var text: String {
        guard !rows.isEmpty else {
            return
                "no device profiles: add one as devices/NAME.yml with a name and a context, such as\n  name: QA iPhone\n  context: { platform: iOS, country: it }"
        }
        let names = rows.map { TerminalText.escaped($0.profile.name) }
        let files = rows.map { TerminalText.escaped($0.profile.file) }
        let nameWidth = names.map { TerminalText.displayWidth(of: $0) }.max() ?? 0
        let fileWidth = files.map { TerminalText.displayWidth(of: $0) }.max() ?? 0
        var lines: [String] = []
        for (index, row) in rows.enumerated() {
            let attributes = Plural.count(row.profile.context.attributes.count, "attribute")
            let unavailable = row.features.text
            lines.append(
                [
                    TerminalText.padded(names[index], toWidth: nameWidth),
                    TerminalText.padded(files[index], toWidth: fileWidth),
                    TerminalText.padded(attributes, toWidth: 13), unavailable,
                ].joined(separator: "  "))
        }
        lines.append("")
        lines.append("simulate one with --device NAME (flagscope get KEY --device \(Self.example(rows)))")
        return lines.joined(separator: "\n")
    }

    /// The shortest way to name the first profile on a command line.
    private static func example(_ rows: [Row]) -> String {
        guard let first = rows.first?.profile else { return "NAME" }
        return ShellWord.quoted(first.stem.count < first.name.count ? first.stem : first.name)
    }
}
