import FlagCore
import Foundation

/// flagd-schemas' test files: each `positive` file loads with no problem, each `negative` one
/// is reported with a located problem — by the reader `validate` uses.
struct SchemaSuite {
    let directory: URL
    var report: ConformanceReport

    mutating func run() {
        let tests = directory.appendingPathComponent("flagd-schemas/json/test")
        for group in ["flags", "flagd", "targeting"] {
            for expectation in ["positive", "negative"] {
                let folder = tests.appendingPathComponent("\(group)/\(expectation)")
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
                    $0.hasSuffix(".json")
                }.sorted()
                for name in names {
                    check(
                        folder.appendingPathComponent(name),
                        path: "flagd-schemas/json/test/\(group)/\(expectation)/\(name)",
                        targeting: group == "targeting", positive: expectation == "positive")
                }
            }
        }
    }

    private mutating func check(_ file: URL, path: String, targeting: Bool, positive: Bool) {
        let problems: [RuleProblem]
        do {
            let bytes = Array(try Data(contentsOf: file))
            problems = targeting ? try FlagdDocument.targetingProblems(bytes) : try FlagdDocument.read(bytes).problems
        } catch let error as DocumentError {
            problems = [RuleProblem(error.message, at: error.location)]
        } catch {
            report.fail(path, "cannot read: \(error)", kind: "schema file")
            return
        }
        if positive {
            if let first = problems.first {
                report.fail(
                    path, "must load without problems, got \(location(first)): \(first.message)", kind: "schema file")
            } else {
                report.pass(path, kind: "schema file")
            }
        } else if let first = problems.first, first.location != nil {
            report.pass(path, kind: "schema file")
            print("  \(path):\(location(first)): error: \(first.message)")
        } else {
            report.fail(path, "must be reported with a located error, got none", kind: "schema file")
        }
    }

    private func location(_ problem: RuleProblem) -> String {
        problem.location.map { "\($0.line):\($0.column)" } ?? "?"
    }
}
