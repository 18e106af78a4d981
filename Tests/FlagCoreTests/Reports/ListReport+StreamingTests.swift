import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// `list` and `list --json` write as they go (``ChunkedOutput``); what they write
/// must be, byte for byte, what the whole report gave before.
@Suite("Streamed reports")
struct ListReportStreamingTests {
    static let filters: [ListReport.Filter] = [
        .init(), .init(text: "ACCENT"), .init(overriddenOnly: true), .init(staleOnly: true),
        .init(text: "no such text"),
    ]

    @Test(
        "list --json written as each key is resolved is the whole report's JSON, byte for byte, for every filter and chunk size",
        arguments: [1, 7, 4096, 1 << 20])
    func listJSONIsTheWholeReport(chunkSize: Int) throws {
        let (folder, workspace) = try StreamedReportFixture.demoWithLocalFile()
        defer { folder.remove() }
        #expect(!workspace.unknownKeys.isEmpty)
        let resolver = Resolver(workspace: workspace, now: StreamedReportFixture.now, tracingRuleSteps: false)
        let features = Array(
            FeatureEvaluator(workspace: workspace, resolutions: resolver.resolveAll()).explainAll().values)
        #expect(!features.isEmpty)
        for var filter in Self.filters {
            filter.writableProvider = workspace.config.writableProvider?.name
            let whole = ListReport(
                resolutions: resolver.resolveAll(), features: features, unknownKeys: workspace.unknownKeys,
                filter: filter, now: StreamedReportFixture.now
            ).json.serialized(pretty: true, sortedKeys: false)
            let streamed = StreamedReportFixture.written(chunkSize: chunkSize) { output in
                ListReport.writeJSON(
                    resolver: resolver, filter: filter, unknownKeys: workspace.unknownKeys, features: { features },
                    now: StreamedReportFixture.now, to: &output)
            }
            #expect(String(decoding: streamed.bytes, as: UTF8.self) == whole, "filter \(filter)")
            if chunkSize == 1 { #expect(streamed.chunks > 10, "handed on as it was written") }
        }
    }

    @Test("The list table written a line at a time is the whole table, fitted or not, with every marker")
    func listTextIsTheWholeTable() throws {
        let (folder, workspace) = try StreamedReportFixture.demoWithLocalFile()
        defer { folder.remove() }
        let resolver = Resolver(workspace: workspace, now: StreamedReportFixture.now, tracingRuleSteps: false)
        for var filter in Self.filters {
            filter.writableProvider = workspace.config.writableProvider?.name
            let report = ListReport(
                resolutions: resolver.resolveAll(), features: [], filter: filter, now: StreamedReportFixture.now)
            for width in [nil, 60, 200] as [Int?] {
                var listed = 0
                let streamed = StreamedReportFixture.written(chunkSize: 64) { output in
                    listed = ListReport.writeText(
                        resolver: resolver, filter: filter, width: width, now: StreamedReportFixture.now, to: &output)
                }
                #expect(listed == report.rows.count)
                let text = String(decoding: streamed.bytes, as: UTF8.self)
                #expect(
                    text == (report.rows.isEmpty ? "" : report.text(width: width)), "width \(String(describing: width))"
                )
            }
        }
        let table = StreamedReportFixture.written(chunkSize: 64) { output in
            ListReport.writeText(
                resolver: resolver, filter: .init(writableProvider: "Local"), width: nil,
                now: StreamedReportFixture.now, to: &output)
        }
        let text = String(decoding: table.bytes, as: UTF8.self)
        #expect(text.hasPrefix("KEY "))
        #expect(text.contains("(Local ignored: "), "\(text)")
        #expect(!text.contains("\u{07}"), "control characters are escaped")
    }
}
