import FlagBrowser
import FlagCore
import Foundation
import TestSupport

extension BrowserSession {
    /// A session of `width`×`height`, on the demo's fixed day, over the workspace made of `files`
    /// (text by path) written into `folder`.
    static func opened(
        writing files: [String: String], in folder: TemporaryFolder, width: Int = 120, height: Int = 30
    ) throws -> BrowserSession {
        for (path, text) in files { try folder.write(path, text) }
        return BrowserSession(
            workspaceFile: folder.file("flagscope.yml"), environment: [:], width: width, height: height,
            now: DemoFixture.today)
    }

    /// Presses keys in the `snapshot --keys` notation.
    mutating func press(_ keys: String) throws {
        for key in try KeyEvent.parse(keys) { _ = press(key) }
    }
}
