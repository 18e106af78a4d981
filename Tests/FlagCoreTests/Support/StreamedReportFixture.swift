import Foundation
import TestSupport

@testable import FlagCore

/// What the streamed-report tests write and compare: a workspace whose output has every marker,
/// and the bytes a chunked output hands on.
enum StreamedReportFixture {
    /// The demo workspace with a local file that adds a value that does not fit, an override
    /// and a key no blueprint declares, so every marker and the unknown keys are in the output.
    static func demoWithLocalFile() throws -> (folder: FixtureFolder, workspace: Workspace) {
        let folder = try FixtureFolder()
        let workspaceFile = try folder.copyDemo()
        try folder.write(
            ".flagscope/local.json",
            ##"{"lab/search/results_per_page": "many", "playback/auto_play_next": false, "lab/nobody_declares": true, "lab/accent_color": "#00\u0007"}"##
                + "\n")
        return (folder, Workspace.load(from: workspaceFile))
    }

    /// Everything a chunked output hands on, with chunks of `chunkSize` bytes.
    static func written(chunkSize: Int, _ body: (inout ChunkedOutput) -> Void) -> (bytes: [UInt8], chunks: Int) {
        nonisolated(unsafe) var bytes: [UInt8] = []
        nonisolated(unsafe) var chunks = 0
        var output = ChunkedOutput(chunkSize: chunkSize) { chunk in
            bytes += chunk
            chunks += 1
        }
        body(&output)
        output.flush()
        return (bytes, chunks)
    }

    static let now = Date(timeIntervalSince1970: 1_790_000_000)
}
