import Foundation
import Testing

@testable import FlagCore

/// get --json written in chunks as it goes is the report made whole in memory.
@Suite("get reports")
struct GetReportTests {
    @Test("get --json written in chunks is the whole JSON of every key")
    func getJSONIsTheWholeReport() throws {
        let (folder, workspace) = try StreamedReportFixture.demoWithLocalFile()
        defer { folder.remove() }
        let resolver = Resolver(workspace: workspace, now: StreamedReportFixture.now)
        for key in workspace.flags.keys {
            let report = GetReport(
                resolution: try #require(resolver.resolve(key)), now: StreamedReportFixture.now, workspace: workspace)
            let streamed = StreamedReportFixture.written(chunkSize: 16) { report.writeJSON(to: &$0) }
            #expect(
                String(decoding: streamed.bytes, as: UTF8.self)
                    == report.json.serialized(pretty: true, sortedKeys: false),
                "\(key)")
        }
    }
}
