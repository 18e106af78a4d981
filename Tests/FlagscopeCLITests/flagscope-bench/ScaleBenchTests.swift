import Foundation
import TestSupport
import Testing

/// `flagscope-bench --scale`: the flagscope binary beside the bench, run as a user runs it,
/// against jq and against itself, with the goals of docs/performance.md.
@Suite("Benchmark: the Scale table")
struct ScaleBenchTests {
    @Test("prints each figure with its ratio per size, its goal and whether it is met, then the times and peaks")
    func scaleTable() throws {
        let run = try BenchRulesTests.runBench(["--scale", "--sizes", "100,200", "--runs", "1"])
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        let title = try #require(lines.firstIndex { $0.hasPrefix("Scale (") }, "\(run.out)")
        #expect(lines[title + 1].contains("figure") && lines[title + 1].contains("goal"), "\(lines[title + 1])")
        let figures = [
            ("validate vs jq -c . on the same files", "≤ 1×"), ("list --json vs validate", "≤ 1.2×"),
            ("list --json peak memory vs input bytes", "≤ 3×"), ("validate peak memory vs input bytes", "≤ 3×"),
            ("first frame (snapshot, 120×40) vs validate", "≤ 1.2×"),
        ]
        for (figure, goal) in figures {
            let row = try #require(lines.first { $0.hasPrefix(figure) }, "\(run.out)")
            let cells = row.dropFirst(figure.count).split(separator: "  ").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
            // A ratio per size (jq may be missing: then the first figure is n/a), the goal, met or not.
            #expect(cells.count == 4, "\(row)")
            #expect(cells[0].hasSuffix("×") || cells[0] == "n/a", "\(row)")
            #expect(cells[1].hasSuffix("×"), "\(row)")
            #expect(cells[2] == goal, "\(row)")
            #expect(["met", "not met", "n/a"].contains(cells[3]), "\(row)")
        }
        for size in ["100", "200"] {
            let row = try #require(lines.last { $0.hasPrefix(size + " ") }, "\(run.out)")
            #expect(row.contains("MB") && row.contains("ms"), "\(row)")
        }
        #expect(!run.out.contains("Per keystroke"), "only the Scale table")
    }

    @Test("says where the flagscope binary was looked for when it is not there")
    func missingBinary() throws {
        let run = try BenchRulesTests.runBench([
            "--scale", "--sizes", "100", "--runs", "1", "--flagscope", "/nonexistent/flagscope",
        ])
        #expect(run.status == 1)
        #expect(run.err.contains("no flagscope binary at /nonexistent/flagscope"), "\(run.err)")
    }
}
