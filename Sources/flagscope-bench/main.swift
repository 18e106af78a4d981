import Foundation

// flagscope-bench: generates workspaces of growing size and measures opening them, every kind
// of keystroke, a write to a large local file and peak memory, with `jq -c .` reading the same
// files as the yardstick, and what flagd targeting on every flag adds to opening. Run it with
// `swift run -c release flagscope-bench`.

let usage = """
    usage: flagscope-bench [--sizes 1000,10000,100000] [--runs N] [--keep DIR] [--rules-only] [--unleash-only] [--swift]
                           [--scale] [--devices] [--serve] [--flagscope PATH] [--hostile] [--engines]
      --sizes       flag counts to generate (default 1000,10000,100000)
      --runs        runs per figure; medians are reported (default 5)
      --keep        generate into DIR and leave it there (default: a temporary folder, removed)
      --rules-only  measure only the cost of flagd targeting (the Rules table)
      --unleash-only  measure only the cost of evaluating Unleash toggles (the Unleash table)
      --swift       measure only opening Swift-source blueprints (the Swift table)
      --scale       measure only the flagscope binary against jq and itself (the Scale table)
      --devices     measure only diff of two devices against list for one (the Devices table)
      --serve       measure only OFREP over HTTP: bulk against in process, and 64 clients (the Serve table)
      --flagscope   the flagscope binary the Scale table runs (default: the one beside this binary)
      --hostile     measure only how long each hostile rule takes to evaluate (the Hostile rules table)
      --engines     measure only GrowthBook and LaunchDarkly files against the vendors' Python engines
                    (the Vendor engines table; default size 10000)
    """

var arguments = Array(CommandLine.arguments.dropFirst())

// A child process opens one workspace and prints its figures (its peak memory is its own).
if arguments.first == "--child" {
    guard arguments.count == 2 else {
        FileHandle.standardError.write(Data(usage.utf8))
        exit(64)
    }
    print(Scenarios.openWorkspace(URL(fileURLWithPath: arguments[1])).line)
    exit(0)
}

// A measuring process runs one command and prints its exit status, wall time and peak memory
// (small itself, so the peak is the command's own: see `MeasuredRun.measure`).
if arguments.first == "--measure" {
    guard arguments.count >= 2 else {
        FileHandle.standardError.write(Data(usage.utf8))
        exit(64)
    }
    do {
        print(try MeasuredRun.measure(arguments[1], Array(arguments.dropFirst(2))).line)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("flagscope-bench: \(error)\n".utf8))
        exit(1)
    }
}

var sizes = [1_000, 10_000, 100_000]
var runs = 5
var keep: URL?
var rulesOnly = false
var unleashOnly = false
var swiftOnly = false
var scaleOnly = false
var hostileOnly = false
var devicesOnly = false
var serveOnly = false
var enginesOnly = false
var sizesGiven = false
var flagscope: String?
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--sizes":
        sizes = (arguments.first ?? "").split(separator: ",").compactMap { Int($0) }
        sizesGiven = true
        arguments = Array(arguments.dropFirst())
    case "--runs":
        runs = max(1, Int(arguments.first ?? "") ?? 5)
        arguments = Array(arguments.dropFirst())
    case "--keep":
        keep = URL(fileURLWithPath: arguments.first ?? ".")
        arguments = Array(arguments.dropFirst())
    case "--rules-only":
        rulesOnly = true
    case "--unleash-only":
        unleashOnly = true
    case "--swift":
        swiftOnly = true
    case "--hostile":
        hostileOnly = true
    case "--scale":
        scaleOnly = true
    case "--devices":
        devicesOnly = true
    case "--serve":
        serveOnly = true
    case "--engines":
        enginesOnly = true
    case "--flagscope":
        flagscope = arguments.first
        arguments = Array(arguments.dropFirst())
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("flagscope-bench: unknown argument \(argument)\n\(usage)\n".utf8))
        exit(64)
    }
}
guard !sizes.isEmpty else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}

do {
    if enginesOnly {
        try EnginesBench.run(sizes: sizesGiven ? sizes : [10_000], runs: runs, keep: keep, flagscope: flagscope)
        exit(0)
    }
    if hostileOnly {
        try HostileBench.run(runs: runs)
        exit(0)
    }
    try Bench(
        sizes: sizes, runs: runs, keep: keep, rulesOnly: rulesOnly, unleashOnly: unleashOnly, swiftOnly: swiftOnly,
        scaleOnly: scaleOnly, devicesOnly: devicesOnly, serveOnly: serveOnly, flagscope: flagscope
    ).run()
} catch {
    FileHandle.standardError.write(Data("flagscope-bench: \(error)\n".utf8))
    exit(1)
}
