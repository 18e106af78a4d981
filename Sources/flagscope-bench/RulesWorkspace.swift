import Foundation

/// Two generated workspaces that differ only in rules, to measure what flagd targeting costs.
///
/// Both have the same JSON blueprints (``BenchWorkspace/writeBlueprints(flagCount:syntax:in:)``),
/// the same device (a json provider with the `context/*` keys the rules read) and a flagd file
/// that sets every flag to one of two variants. In one, every flag has targeting, a mix of what
/// real flagd files hold: `ends_with` on an email, `sem_ver` on the app version, `in` on a
/// country list, a `fractional` split on the targeting key, and a chain of all four. In the
/// other, the same file has no targeting: each flag is its default variant.
struct RulesWorkspace {
    /// The folder holding both workspace files.
    let folder: URL
    /// How many flags the blueprints declare (and the flagd files set).
    let flagCount: Int
    /// The workspace whose flagd file has targeting on every flag.
    let withRules: URL
    /// The same workspace, its flagd file without targeting.
    let withoutRules: URL
    /// Bytes of the flagd file with targeting.
    let withRulesBytes: Int
    /// Bytes of the flagd file without targeting.
    let withoutRulesBytes: Int

    /// The device the rules see: it matches some of each kind of rule and not others.
    static let device: KeyValuePairs<String, String> = [
        "context/email": "qa.tester@example.com",
        "context/app_version": "2.4.1",
        "context/country": "IT",
        "context/targeting_key": "device-7f3a9c",
    ]

    /// The countries `in` rules list.
    static let countries = ["DE", "FR", "IT", "ES", "NL", "BE", "AT", "PT"]

    /// Writes both workspaces of `flagCount` flags under `parent`.
    static func generate(flagCount: Int, under parent: URL) throws -> RulesWorkspace {
        let folder = try emptyFolder(parent.appendingPathComponent("rules-\(flagCount)"))
        let keys = try BenchWorkspace.writeBlueprints(flagCount: flagCount, syntax: .json, in: folder).keys
        try Data(JSONText.write(device.map { ($0.key, $0.value as Any) }).utf8).write(
            to: folder.appendingPathComponent("providers/device.json"))

        var withRules: [(String, Any)] = []
        var withoutRules: [(String, Any)] = []
        withRules.reserveCapacity(keys.count)
        withoutRules.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() {
            let type = BenchWorkspace.types[index % BenchWorkspace.types.count]
            let plain: [(String, Any)] = [
                ("state", "ENABLED"),
                (
                    "variants",
                    [
                        ("on", BenchWorkspace.providerValue(type, index)),
                        ("off", BenchWorkspace.defaultValue(type, index)),
                    ] as [(String, Any)]
                ),
                ("defaultVariant", "off"),
            ]
            withoutRules.append((key, plain))
            withRules.append((key, plain + [("targeting", targeting(index))]))
        }
        return try writePair(
            in: folder, flagCount: flagCount, provider: "Targeting", format: "flagd",
            rules: JSONText.write([("flags", withRules)] as [(String, Any)]),
            plain: JSONText.write([("flags", withoutRules)] as [(String, Any)]))
    }

    /// `folder`, made anew with its `blueprints` and `providers` folders.
    static func emptyFolder(_ folder: URL) throws -> URL {
        try? FileManager.default.removeItem(at: folder)
        for sub in ["blueprints", "providers"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        return folder
    }

    /// Writes the provider file with rules and the one without into `folder` (as
    /// `providers/FORMAT-rules.json` and `-plain.json`), each with a workspace reading it above
    /// the device, and returns the pair.
    static func writePair(
        in folder: URL, flagCount: Int, provider: String, format: String, rules: String, plain: String
    ) throws -> RulesWorkspace {
        var sizes: [Int] = []
        for (name, text) in [("rules", rules), ("plain", plain)] {
            try Data(text.utf8).write(to: folder.appendingPathComponent("providers/\(format)-\(name).json"))
            sizes.append(text.utf8.count)
            let config = """
                blueprints:
                  - blueprints/*.json
                providers:
                  - name: \(provider)
                    format: \(format)
                    path: providers/\(format)-\(name).json
                  - name: Device
                    format: json
                    path: providers/device.json

                """
            try Data(config.utf8).write(to: folder.appendingPathComponent("\(name).yml"))
        }
        return RulesWorkspace(
            folder: folder, flagCount: flagCount, withRules: folder.appendingPathComponent("rules.yml"),
            withoutRules: folder.appendingPathComponent("plain.yml"), withRulesBytes: sizes[0],
            withoutRulesBytes: sizes[1])
    }

    /// The targeting of flag `index`: one of five shapes, in turn.
    static func targeting(_ index: Int) -> [(String, Any)] {
        func email(_ domain: String) -> [(String, Any)] {
            [("ends_with", [[("var", "email")] as [(String, Any)], domain] as [Any])]
        }
        let version: [(String, Any)] = [
            ("sem_ver", [[("var", "app_version")] as [(String, Any)], ">=", "2.\(index % 10).0"] as [Any])
        ]
        let country: [(String, Any)] = [("in", [[("var", "country")] as [(String, Any)], countries] as [Any])]
        let rollout = 10 * (1 + index % 9)
        let split: [(String, Any)] = [
            ("fractional", [["on", rollout] as [Any], ["off", 100 - rollout] as [Any]] as [Any])
        ]
        switch index % 5 {
        case 0: return [("if", [email("@example.com"), "on", "off"] as [Any])]
        case 1: return [("if", [version, "on", "off"] as [Any])]
        case 2: return [("if", [country, "on", "off"] as [Any])]
        case 3: return split
        default:
            // Staff first (not this device), then a rollout to recent versions in some countries.
            let both: [(String, Any)] = [("and", [country, version] as [Any])]
            return [("if", [email("@staff.example.com"), "on", both, split, "off"] as [Any])]
        }
    }
}
