import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// `list`, `list --json` and `get --json` write as they go (``ChunkedOutput``); what they write
/// must be, byte for byte, what the whole report gave before.
@Suite("Streamed reports")
struct StreamedReportTests {
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

    static let filters: [ListReport.Filter] = [
        .init(), .init(text: "ACCENT"), .init(overriddenOnly: true), .init(staleOnly: true),
        .init(text: "no such text"),
    ]

    @Test(
        "list --json written as each key is resolved is the whole report's JSON, byte for byte, for every filter and chunk size",
        arguments: [1, 7, 4096, 1 << 20])
    func listJSONIsTheWholeReport(chunkSize: Int) throws {
        let (folder, workspace) = try Self.demoWithLocalFile()
        defer { folder.remove() }
        #expect(!workspace.unknownKeys.isEmpty)
        let resolver = Resolver(workspace: workspace, now: Self.now, tracingRuleSteps: false)
        let features = Array(
            FeatureEvaluator(workspace: workspace, resolutions: resolver.resolveAll()).explainAll().values)
        #expect(!features.isEmpty)
        for var filter in Self.filters {
            filter.writableProvider = workspace.config.writableProvider?.name
            let whole = ListReport(
                resolutions: resolver.resolveAll(), features: features, unknownKeys: workspace.unknownKeys,
                filter: filter, now: Self.now
            ).json.serialized(pretty: true, sortedKeys: false)
            let streamed = Self.written(chunkSize: chunkSize) { output in
                ListReport.writeJSON(
                    resolver: resolver, filter: filter, unknownKeys: workspace.unknownKeys, features: { features },
                    now: Self.now, to: &output)
            }
            #expect(String(decoding: streamed.bytes, as: UTF8.self) == whole, "filter \(filter)")
            if chunkSize == 1 { #expect(streamed.chunks > 10, "handed on as it was written") }
        }
    }

    @Test("The list table written a line at a time is the whole table, fitted or not, with every marker")
    func listTextIsTheWholeTable() throws {
        let (folder, workspace) = try Self.demoWithLocalFile()
        defer { folder.remove() }
        let resolver = Resolver(workspace: workspace, now: Self.now, tracingRuleSteps: false)
        for var filter in Self.filters {
            filter.writableProvider = workspace.config.writableProvider?.name
            let report = ListReport(
                resolutions: resolver.resolveAll(), features: [], filter: filter, now: Self.now)
            for width in [nil, 60, 200] as [Int?] {
                var listed = 0
                let streamed = Self.written(chunkSize: 64) { output in
                    listed = ListReport.writeText(
                        resolver: resolver, filter: filter, width: width, now: Self.now, to: &output)
                }
                #expect(listed == report.rows.count)
                let text = String(decoding: streamed.bytes, as: UTF8.self)
                #expect(
                    text == (report.rows.isEmpty ? "" : report.text(width: width)), "width \(String(describing: width))"
                )
            }
        }
        let table = Self.written(chunkSize: 64) { output in
            ListReport.writeText(
                resolver: resolver, filter: .init(writableProvider: "Local"), width: nil, now: Self.now, to: &output)
        }
        let text = String(decoding: table.bytes, as: UTF8.self)
        #expect(text.hasPrefix("KEY "))
        #expect(text.contains("(Local ignored: "), "\(text)")
        #expect(!text.contains("\u{07}"), "control characters are escaped")
    }

    @Test("get --json written in chunks is the whole JSON of every key")
    func getJSONIsTheWholeReport() throws {
        let (folder, workspace) = try Self.demoWithLocalFile()
        defer { folder.remove() }
        let resolver = Resolver(workspace: workspace, now: Self.now)
        for key in workspace.flags.keys {
            let report = GetReport(resolution: try #require(resolver.resolve(key)), now: Self.now, workspace: workspace)
            let streamed = Self.written(chunkSize: 16) { report.writeJSON(to: &$0) }
            #expect(
                String(decoding: streamed.bytes, as: UTF8.self)
                    == report.json.serialized(pretty: true, sortedKeys: false),
                "\(key)")
        }
    }
}
