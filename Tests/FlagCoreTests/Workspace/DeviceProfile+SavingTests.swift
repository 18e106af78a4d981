import Foundation
import OrderedCollections
import Testing

@testable import FlagCore

/// A saved device profile's text: read back, it gives the values it was made from.
@Suite("Device profiles: saving")
struct DeviceProfileSavingTests {
    @Test("Every kind of value comes back with its type; text YAML would take for something else is quoted")
    func roundTrip() throws {
        let values: OrderedDictionary<String, FlagValue> = [
            "context/platform": .string("iOS"), "context/os_version": .string("17.4"),
            "context/permissions/camera": .string("denied"), "context/purchases/SUB0001": .string("purchased"),
            "context/answer": .string("yes"), "context/age": .int(42), "context/ratio": .double(0.5),
            "context/beta": .bool(true), "context/email": .string("ana@example.com"),
            "context/user/plan": .string("pro: annual"), "context/tags": .json(.array([.string("a"), .int(1)])),
            "context/blank": .string(""),
        ]
        let text = DeviceProfile.text(name: "QA: iPhone", values: values)
        var diagnostics: [Diagnostic] = []
        let profile = try #require(
            DeviceProfile.read(try YAMLReader.parse(text), file: "devices/x.yml", diagnostics: &diagnostics),
            "\(diagnostics.map(\.headline))\n\(text)")
        #expect(profile.name == "QA: iPhone")
        var read: [String: JSONValue] = [:]
        for (key, attribute) in profile.context.attributes {
            if case .json(let value) = attribute.given { read[key] = value }
        }
        for (key, value) in values {
            #expect(read[key] == value.json, "\(key) in\n\(text)")
        }
        #expect(text.contains("  os_version: \"17.4\"\n"))
        #expect(text.contains("  permissions:\n    camera: denied\n"))
    }

    @Test(
        "A new profile's file is named for it, in the folder devices: names first",
        arguments: [
            ("QA iPhone 15 (Italy)", nil, "devices/qa-iphone-15-italy.yml"),
            ("ÄÖ", nil, "devices/device.yml"),
            ("Ana", "qa/devices/*.yml", "qa/devices/ana.yml"),
            ("Ana", "profiles/ana.yml", "profiles/ana.yml"),
        ] as [(String, String?, String)])
    func newFile(name: String, pattern: String?, file: String) {
        var config = WorkspaceConfig(
            file: URL(fileURLWithPath: "/w/flagscope.yml"), blueprintPatterns: [], providers: [])
        config.devicePatterns = pattern.map { [($0, SourceReference(file: "flagscope.yml", location: .start))] }
        #expect(DeviceProfile.newFile(named: name, in: config) == file)
    }
}
