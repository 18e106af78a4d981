import FlagBrowser
import FlagCore
import Foundation
import TestSupport
import Testing

/// Golden screens under `Tests/FlagBrowserTests/Snapshots/`; `RECORD_SNAPSHOTS=1` re-records them.
enum Golden {
    static let folder = DemoFixture.packageRoot.appendingPathComponent("Tests/FlagBrowserTests/Snapshots")

    static func check(_ screen: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = folder.appendingPathComponent(name + ".txt")
        let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        if recording || !FileManager.default.fileExists(atPath: file.path) {
            try Data((screen + "\n").utf8).write(to: file)
            if !recording {
                Issue.record(
                    "recorded a new golden screen \(name).txt; check it and run again", sourceLocation: sourceLocation)
            }
            return
        }
        let expected = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(
            screen + "\n" == expected, "screen \(name) differs from its golden file; RECORD_SNAPSHOTS=1 re-records",
            sourceLocation: sourceLocation)
    }
}
