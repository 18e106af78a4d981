/// Counts per file and per kind of check, and the failures, for the final report.
struct ConformanceReport {
    struct Counts {
        var passed = 0
        var failed = 0
        var skipped = 0
    }

    /// Counts by file, in the order files were first seen.
    private(set) var files: [(path: String, counts: Counts)] = []
    /// Counts by kind of check (value, reason, error code, metadata, schema file).
    private(set) var kinds: [String: Counts] = [:]
    /// One line per failure.
    private(set) var failures: [String] = []
    /// One line per group of rows not run, and why.
    private(set) var skips: [String] = []

    var passed: Int { files.reduce(0) { $0 + $1.counts.passed } }
    var failed: Int { files.reduce(0) { $0 + $1.counts.failed } }

    mutating func pass(_ path: String, kind: String) {
        update(path) { $0.passed += 1 }
        kinds[kind, default: Counts()].passed += 1
    }

    mutating func fail(_ path: String, _ message: String, kind: String = "file") {
        update(path) { $0.failed += 1 }
        kinds[kind, default: Counts()].failed += 1
        failures.append("FAIL \(path): \(message)")
    }

    mutating func skip(_ path: String, _ why: String, rows: Int) {
        update(path) { $0.skipped += rows }
        skips.append("skipped \(rows) row\(rows == 1 ? "" : "s") of \(path): \(why)")
    }

    private mutating func update(_ path: String, _ change: (inout Counts) -> Void) {
        if let index = files.firstIndex(where: { $0.path == path }) {
            change(&files[index].counts)
        } else {
            var counts = Counts()
            change(&counts)
            files.append((path, counts))
        }
    }
}
