import Foundation

// flagscope-conformance [DIR]: runs the public conformance data in DIR (default
// ../shared/conformance, beside the package) through FlagCore's rule engines.
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("-h") || arguments.contains("--help") {
    print("usage: flagscope-conformance [DIR]   (default: ../shared/conformance)")
    print("       flagscope-conformance --evaluate FLAGS.json CASES.json")
    print("       flagscope-conformance --differential < CASES.jsonl   (Scripts/differential)")
    exit(0)
}
if arguments.first == "--differential" {
    exit(DifferentialMode.run())
}
if arguments.first == "--evaluate" {
    let paths = Array(arguments.dropFirst())
    guard paths.count == 2 else {
        print("usage: flagscope-conformance --evaluate FLAGS.json CASES.json")
        exit(1)
    }
    exit(EvaluateMode.run(flags: paths[0], cases: paths[1]))
}
let directory = URL(fileURLWithPath: arguments.first ?? "../shared/conformance")
guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("flagd-testbed").path) else {
    FileHandle.standardError.write(Data("flagscope-conformance: no flagd-testbed in \(directory.path)\n".utf8))
    exit(1)
}

var flagd = FlagdSuite(directory: directory, report: ConformanceReport())
flagd.run()
var schemas = SchemaSuite(directory: directory, report: flagd.report)
print("flagd-schemas negative files, as validate reports them:")
schemas.run()
var unleash = UnleashSuite(directory: directory, report: schemas.report)
unleash.run()
var ofrep = OFREPSuite(directory: directory, report: unleash.report)
ofrep.run()
var growthbook = GrowthBookSuite(directory: directory, report: ofrep.report)
if FileManager.default.fileExists(atPath: directory.appendingPathComponent(GrowthBookSuite.path).path) {
    growthbook.run()
}
var report = growthbook.report
if FileManager.default.fileExists(atPath: directory.appendingPathComponent(LaunchDarklySuite.folder).path) {
    var launchDarkly = LaunchDarklySuite(directory: directory, report: report)
    launchDarkly.run()
    report = launchDarkly.report
}

print("")
for line in report.skips { print(line) }
for line in report.failures { print(line) }
print("")
for (path, counts) in report.files {
    let skipped = counts.skipped > 0 ? ", \(counts.skipped) skipped" : ""
    print("\(path): \(counts.passed) passed, \(counts.failed) failed\(skipped)")
}
print("")
for kind in [
    "value", "reason", "error code", "metadata", "schema file", "isEnabled", "variant", "OFREP status", "OFREP schema",
    "OFREP header", "OFREP body", "LaunchDarkly evaluation",
] + GrowthBookSuite.kinds {
    guard let counts = report.kinds[kind] else { continue }
    print("\(kind) checks: \(counts.passed) of \(counts.passed + counts.failed) pass")
}
print("\(report.passed) passed, \(report.failed) failed")
let withoutKind = DifferentialMode.formatsWithoutKind
for name in withoutKind {
    print("the rule format '\(name)' answers no --differential kind: give it one in DifferentialMode.kinds")
}
exit(report.failed == 0 && withoutKind.isEmpty ? 0 : 1)
