import Foundation
import TestSupport
import Testing

/// `explain` ends with where each key its constraints read gets its value, in the words `get`
/// uses for layers: a missing profile is named, not left as a quiet "unknown".
@Suite("explain says where the device state comes from")
struct ExplainCommandSourcesTests {
    @Test("Each key the constraints read, its value and the layer it comes from")
    func sourcesListed() throws {
        let demo = try DemoCopy()
        defer { demo.remove() }
        let output = try demo.run(["explain", "podcast_favourites/smart_playlists"])
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let tail = output.stdout.components(separatedBy: "Where the device state comes from:\n").last ?? ""
        let rows = tail.split(separator: "\n").map { CLIFixture.cells($0) }
        #expect(
            rows.contains(["context/permissions/location_when_in_use", "notDetermined", "from QA profile"]),
            "\(output.stdout)")
        #expect(rows.contains(["context/purchases/SUB0001", "notPurchased", "from QA profile"]), "\(output.stdout)")
    }

    @Test("A missing profile is named once, where every state it should give falls back")
    func missingProfileNamed() throws {
        let demo = try DemoCopy()
        defer { demo.remove() }
        try FileManager.default.removeItem(at: demo.folder.file("profiles/qa.json"))
        let output = try demo.run(["explain", "podcast_favourites/smart_playlists"])
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let tail = output.stdout.components(separatedBy: "Where the device state comes from:\n").last ?? ""
        #expect(
            tail.contains("context/purchases/SUB0001                 unknown        blueprint default"),
            "\(output.stdout)")
        #expect(
            tail.components(separatedBy: "QA profile: profiles/qa.json does not exist").count == 2,
            "said once\n\(output.stdout)")
    }
}
