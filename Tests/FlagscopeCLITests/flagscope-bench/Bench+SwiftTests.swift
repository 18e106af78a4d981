import Foundation
import TestSupport
import Testing

/// `flagscope-bench --swift`: opening generated Swift-source workspaces.
@Suite("bench --swift")
struct BenchSwiftTests {
    @Test("prints the Swift table: files, source size, load, first frame and peak per size, with no errors")
    func swiftTable() throws {
        let run = try BenchRulesTests.runBench(["--swift", "--sizes", "100,300", "--runs", "1"])
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        let title = try #require(lines.firstIndex { $0.hasPrefix("Swift blueprints (") }, "\(run.out)")
        for column in ["flags", ".swift files", "source", "load", "first frame", "peak"] {
            #expect(lines[title + 1].contains(column), "\(lines[title + 1])")
        }
        #expect(lines[title + 3].hasPrefix("100 ") && lines[title + 3].contains(" 10 "), "\(run.out)")
        #expect(lines[title + 4].hasPrefix("300 ") && lines[title + 4].contains(" 30 "), "\(run.out)")
    }
}
