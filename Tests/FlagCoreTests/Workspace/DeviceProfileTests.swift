import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// Device profiles (docs/devices.md): files of context attributes, read, checked at their lines,
/// chosen by name, and made a layer below the writable file.
@Suite("Device profiles")
struct DeviceProfileTests {
    /// A flag flagd decides by country, and a feature that needs the camera.
    static let blueprint =
        [
            "name: App", "flags:", "  cellular: { type: bool, default: false, description: Downloads over cellular }",
            "features:",
            "  scanner: { name: Scanner, description: Scans codes, constraints: { permissions: [camera] } }",
        ].joined(separator: "\n") + "\n"

    /// flagd: cellular is on in Italy.
    static let flagd = """
        {"flags": {"cellular": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off",
          "targeting": {"if": [{"in": [{"var": "country"}, ["it"]]}, "on", "off"]}}}}
        """

    /// A workspace whose stack is Local (writable) over Rollouts (flagd) over Lab (json), with
    /// `devices` written under `devices/`.
    static func folder(devices: [String: String], local: String = "{}", more: String = "") throws -> TemporaryFolder {
        try WorkspaceBuilder(
            blueprints: ["app.yml"],
            providers: [
                .json("Local", "local.json", writable: true), .flagd("Rollouts", "rollouts.flagd.json"),
                .json("Lab", "lab.json"),
            ], more: more
        )
        .file("app.yml", blueprint).file("rollouts.flagd.json", flagd).file("local.json", local)
        .file("lab.json", #"{"context/country": "us", "context/platform": "iOS"}"#)
        .files(Dictionary(uniqueKeysWithValues: devices.map { ("devices/\($0.key)", $0.value) }))
        .folder(prefix: "flagscope-devices")
    }

    static func load(_ folder: TemporaryFolder, device: String? = nil) -> Workspace {
        Workspace.load(from: folder.file("flagscope.yml"), environment: [:], remote: .known([:]), device: device)
    }

    static let italy = "name: QA iPhone (Italy)\ncontext:\n  country: it\n  permissions:\n    camera: denied\n"

    @Test("The active device is a layer below the writable file: it beats the layers under it, a what-if edit beats it")
    func layerBelowWritable() throws {
        let folder = try Self.folder(devices: ["italy.yml": Self.italy])
        defer { folder.remove() }
        let workspace = Self.load(folder, device: "italy")
        #expect(workspace.providers.map(\.config.name) == ["Local", "Device: QA iPhone (Italy)", "Rollouts", "Lab"])
        let resolver = Resolver(workspace: workspace)
        #expect(resolver.resolve("context/country")?.value == .string("it"))
        #expect(resolver.resolve("context/country")?.source == "Device: QA iPhone (Italy)")
        // What the device does not say, the layers under it do.
        #expect(resolver.resolve("context/platform")?.source == "Lab")
        #expect(resolver.resolve("cellular")?.value == .bool(true))
        let note = try #require(workspace.providers[1].entries["context/country"])
        #expect(note.notes == ["from the device profile devices/italy.yml"])
        #expect(note.location == TextLocation(line: 3, column: 3))

        try folder.write("local.json", #"{"context/country": "de"}"#)
        let edited = Resolver(workspace: Self.load(folder, device: "italy"))
        #expect(edited.resolve("context/country")?.source == "Local")
        #expect(edited.resolve("cellular")?.value == .bool(false))
    }

    @Test(
        "A device is chosen by its name, file name, a unique start or a unique part of either, ignoring case",
        arguments: ["QA iPhone (Italy)", "italy", "ITALY", "qa iph", "(Ital"])
    func chosenBy(name: String) throws {
        let folder = try Self.folder(devices: ["italy.yml": Self.italy, "ipad.yml": "name: QA iPad\ncontext: {}\n"])
        defer { folder.remove() }
        let workspace = Self.load(folder, device: name)
        #expect(
            workspace.activeDevice?.name == "QA iPhone (Italy)", "\(String(describing: workspace.deviceChoiceError))")
    }

    @Test("A name that fits several devices lists them; one that fits none suggests the closest and lists all")
    func choiceErrors() throws {
        let folder = try Self.folder(devices: ["italy.yml": Self.italy, "ipad.yml": "name: QA iPad\ncontext: {}\n"])
        defer { folder.remove() }
        let several = Self.load(folder, device: "qa")
        #expect(several.activeDevice == nil)
        #expect(several.providers.map(\.config.name) == ["Local", "Rollouts", "Lab"])
        #expect(
            several.deviceChoiceError?.description
                == "--device 'qa' matches 2 devices: QA iPad (devices/ipad.yml), QA iPhone (Italy) (devices/italy.yml); write more of the name"
        )
        #expect(
            Self.load(folder, device: "itlay").deviceChoiceError?.description
                == "--device 'itlay' is no device; did you mean 'QA iPhone (Italy)'? Devices are QA iPad, QA iPhone (Italy)"
        )
        let none = try Self.folder(devices: [:])
        defer { none.remove() }
        #expect(
            Self.load(none, device: "x").deviceChoiceError?.description
                == "--device 'x': the workspace has no device profiles; add one as devices/NAME.yml with a name and a context (docs/devices.md)"
        )
    }

    @Test(
        "A profile that cannot be used is reported at its line and column, and cannot be chosen",
        arguments: [
            ("- just\n- a list\n", "devices/bad.yml:1:1: error: a device profile must be a mapping, found a list"),
            (
                "context: { country: it }\n",
                "devices/bad.yml:1:1: error: a device profile needs a 'name', such as name: QA iPhone 15 (Italy)"
            ),
            ("name: ''\n", "devices/bad.yml:1:7: error: the device's name is empty"),
            (
                "name: X\ncontext: [it]\n",
                "devices/bad.yml:2:10: error: 'context' is a mapping of attributes, such as country: it; found a list"
            ),
            (
                "name: X\ncolour: red\n",
                "devices/bad.yml:2:1: error: unknown field 'colour' in a device profile"
            ),
            (
                "name: X\ncontext:\n  permissions:\n    teleport: authorized\n",
                "devices/bad.yml:4:5: error: 'context/permissions/teleport' is not a context key: 'teleport' is not a permission Flagscope knows"
            ),
            (
                "name: QA iPhone (Italy)\n",
                "devices/bad.yml:1:7: error: another device profile, devices/a-italy.yml, is named 'QA iPhone (Italy)'; each device needs a name of its own"
            ),
        ])
    func unusable(text: String, headline: String) throws {
        let folder = try Self.folder(devices: ["a-italy.yml": Self.italy, "bad.yml": text])
        defer { folder.remove() }
        let workspace = Self.load(folder)
        let headlines = workspace.diagnostics.filter { $0.file == "devices/bad.yml" }.map(\.headline)
        #expect(headlines.contains { $0.hasPrefix(headline) }, "\(headlines)")
        #expect(workspace.devices.map(\.name) == ["QA iPhone (Italy)"])
    }

    @Test(
        "A value a key cannot take is an error at its line with the value meant; an attribute nothing reads a warning")
    func checkedAgainstTheWorkspace() throws {
        let folder = try Self.folder(devices: [
            "x.yml": "name: X\ncontext:\n  platform: ios\n  contry: it\n  country: it\n"
        ])
        defer { folder.remove() }
        let workspace = Self.load(folder)
        let headlines = workspace.diagnostics.filter { $0.file == "devices/x.yml" }.map(\.headline)
        #expect(
            headlines == [
                "devices/x.yml:3:3: error: context/platform does not take this value: 'ios' is not one of iOS, macOS, tvOS, watchOS, visionOS, linux, android; did you mean 'iOS'?",
                "devices/x.yml:4:3: warning: nothing reads context/contry; did you mean 'country'? (no rule, feature, computed flag or blueprint does: it changes nothing)",
            ], "\(headlines)")
    }

    @Test("`devices:` names the profiles; a pattern that matches none is a warning at its line")
    func devicesField() throws {
        let folder = try Self.folder(devices: [:], more: "devices:\n  - qa/*.yml\n  - nowhere/*.yml\n")
        defer { folder.remove() }
        try folder.write("qa/italy.yml", Self.italy)
        let workspace = Self.load(folder)
        #expect(workspace.devices.map(\.file) == ["qa/italy.yml"])
        #expect(
            workspace.diagnostics.map(\.headline).contains(
                "flagscope.yml:16:5: warning: 'nowhere/*.yml' matches no device profile"),
            "\(workspace.diagnostics.map(\.headline))")
    }
}
