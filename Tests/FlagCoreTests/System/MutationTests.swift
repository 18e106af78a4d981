import Foundation
import TestSupport
import Testing

@testable import FlagCore

// Seeded mutation testing over every file kind a workspace reads:
// each mutant is loaded in-process the way the CLI and the browser load a workspace, then
// validated, listed, resolved key by key and explained. A crash kills the test runner (the
// crash handler of Support/Mutator.swift first prints which mutant was running); every other problem is
// recorded with the kind, seed and mutation steps so it can be reproduced:
//
//     FLAGSCOPE_MUTANT=<kind>:<seed> swift test --filter MutationTests
//
// runs that one mutant only (the seed is printed in hexadecimal, `0x…`, as in the failure);
// FLAGSCOPE_MUTATION_STATS=1 prints each kind's time and slowest mutant.

@Suite("Mutation: malformed files of every kind never crash, hang or leak control characters")
struct MutationTests {
    static let mutantsPerKind = 90
    static let secondsPerMutant = 5.0

    /// The seed of mutant `index` of `kind` (stable across runs and platforms).
    static func seed(_ kind: MutationKind, _ index: Int) -> UInt64 {
        var random = MutationRandom(
            seed: 0x0F1A_650C_0DE5_0000 &+ UInt64(MutationKind.allCases.firstIndex(of: kind)!) << 32 &+ UInt64(index))
        return random.next()
    }

    /// `FLAGSCOPE_MUTANT=kind:0xSEED` replays one mutant.
    static var replay: (kind: MutationKind, seed: UInt64)? {
        guard let value = ProcessInfo.processInfo.environment["FLAGSCOPE_MUTANT"] else { return nil }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let kind = MutationKind(rawValue: String(parts[0])) else { return nil }
        let digits = parts[1].hasPrefix("0x") ? parts[1].dropFirst(2) : parts[1]
        guard let seed = UInt64(digits, radix: 16) else { return nil }
        return (kind, seed)
    }

    @Test("The unmutated seed workspace loads cleanly (so mutants start from something valid)")
    func seedsAreValid() {
        let files = MutationSeeds.workspace()
        let workspace = Workspace.load(
            from: MutationSeeds.folder.appendingPathComponent("flagscope.yml"),
            fileSystem: MutationFileSystem(files: files), environment: MutationSeeds.environment)
        #expect(!workspace.hasErrors, "\(Diagnostic.listing(workspace.diagnostics))")
        #expect(workspace.blueprints.count == 2)
        #expect(workspace.providers.count == 6)
        // Every provider file contributes values, so its mutants really exercise its reader.
        let resolver = Resolver(workspace: workspace)
        #expect(resolver.resolve("lab/sson")?.source == "Remote")
        #expect(resolver.resolve("lab/secrets/force_paywall")?.source == "Rollout")
        #expect(resolver.resolve("lab/compact_rows")?.source == "Flagd")
        #expect(resolver.resolve("store/catalog/featured_shows_count")?.source == "Local")
        #expect(resolver.resolve("lab/legacy_player_ui")?.source == "Prefs")
        #expect(resolver.resolve("store/charts_region")?.source == "Environment")
        #expect(MutationCheck.problems(in: files) == [])
        let binary = MutationSeeds.workspace(
            replacing: MutationKind.binaryPlist.path, with: MutationKind.binaryPlist.seedBytes)
        #expect(MutationKind.binaryPlist.seedBytes.starts(with: Array("bplist00".utf8)))
        let binaryWorkspace = Workspace.load(
            from: MutationSeeds.folder.appendingPathComponent("flagscope.yml"),
            fileSystem: MutationFileSystem(files: binary), environment: MutationSeeds.environment)
        #expect(!binaryWorkspace.hasErrors, "\(Diagnostic.listing(binaryWorkspace.diagnostics))")
        #expect(Resolver(workspace: binaryWorkspace).resolve("lab/legacy_player_ui")?.source == "Prefs")
    }

    @Test("The mutator is deterministic: the same seed gives the same mutant")
    func deterministic() {
        for index in 0..<20 {
            let seed = Self.seed(.yamlBlueprint, index)
            var first = Mutator(seed: seed)
            var second = Mutator(seed: seed)
            let original = MutationKind.yamlBlueprint.seedBytes
            #expect(first.mutate(original) == second.mutate(original))
            #expect(first.steps == second.steps)
        }
    }

    @Test(
        "Mutants of every file kind: no crash, valid diagnostic positions, no raw control characters, no hang",
        .timeLimit(.minutes(3)), arguments: MutationKind.allCases)
    func mutants(kind: MutationKind) {
        MutationCrashReport.prepareThread()
        let slot = MutationKind.allCases.firstIndex(of: kind)!
        defer { MutationCrashReport.set(slot, "") }
        var seeds = (0..<Self.mutantsPerKind).map { Self.seed(kind, $0) }
        if let replay = Self.replay {
            guard replay.kind == kind else { return }
            seeds = [replay.seed]
        }
        let original = kind.seedBytes
        var failures = 0
        var reported: Set<String> = []
        var slowest: (Double, String) = (0, "")
        let suiteStart = Date()
        for (index, seed) in seeds.enumerated() {
            var mutator = Mutator(seed: seed)
            let bytes = mutator.mutate(original)
            let replay = "FLAGSCOPE_MUTANT=\(kind.rawValue):0x\(String(seed, radix: 16))"
            let label =
                "kind \(kind.rawValue), mutant #\(index), seed 0x\(String(seed, radix: 16)), mutations: \(mutator.steps.joined(separator: "; "))"
            MutationCrashReport.set(slot, label + " (replay: \(replay))")
            let start = Date()
            var problems = MutationCheck.problems(in: MutationSeeds.workspace(replacing: kind.path, with: bytes))
            let elapsed = Date().timeIntervalSince(start)
            if elapsed > slowest.0 { slowest = (elapsed, label) }
            if elapsed > Self.secondsPerMutant {
                problems.append("took \(String(format: "%.1f", elapsed)) s (limit \(Self.secondsPerMutant) s)")
            }
            guard !problems.isEmpty else { continue }
            failures += 1
            // One systematic bug would flood the log and hide others: report the first mutant of each
            // kind of problem (the problem text without its numbers), at most 8 per file kind.
            let categories = Set(problems.map { String($0.filter { !$0.isNumber }.prefix(60)) })
            let fresh = categories.subtracting(reported)
            if !fresh.isEmpty, reported.count < 8 {
                reported.formUnion(fresh)
                let details = problems.prefix(8).joined(separator: "\n  ")
                Issue.record("\(label)\nreplay with \(replay)\n  \(details)")
            }
        }
        if failures > 0 {
            Issue.record(
                "kind \(kind.rawValue): \(failures) of \(seeds.count) mutants failed (one example of each problem shown)"
            )
        }
        let total = Date().timeIntervalSince(suiteStart)
        if ProcessInfo.processInfo.environment["FLAGSCOPE_MUTATION_STATS"] != nil {
            print(
                "mutation stats: \(kind.rawValue): \(seeds.count) mutants in \(String(format: "%.2f", total)) s; slowest \(String(format: "%.2f", slowest.0)) s: \(slowest.1)"
            )
        }
        #expect(
            total < 60,
            "kind \(kind.rawValue): \(seeds.count) mutants took \(total) s; slowest \(slowest.0) s: \(slowest.1)")
    }

    @Test("Every kind of mutation is exercised by the seeds (the mutator is not stuck on a few)")
    func coverage() {
        for kind in MutationKind.allCases {
            var used: Set<Int> = []
            for index in 0..<Self.mutantsPerKind {
                var mutator = Mutator(seed: Self.seed(kind, index))
                _ = mutator.mutate(kind.seedBytes)
                used.formUnion(mutator.usedKinds)
            }
            // A binary plist has no `: ` separators to put anchors after (mutation 7).
            let expected = kind == .binaryPlist ? Set(0...15).subtracting([7]) : Set(0...15)
            #expect(
                used.isSuperset(of: expected),
                "\(kind.rawValue): mutation kinds never used: \(expected.subtracting(used).sorted())")
        }
    }

    // MARK: Targeted cases found while writing the mutator

    /// libyaml also ends lines at U+2028, U+2029 and NEL; editors, `SourceText` and the renderer do not. A
    /// diagnostic must still point at a line the file has, and quote the line it names.
    @Test(
        "YAML with U+2028 / NEL / CR-only line breaks: the diagnostic's line exists and is the one quoted",
        arguments: [
            ("U+2028", "\u{2028}"), ("U+2029", "\u{2029}"), ("NEL", "\u{85}"),
        ])
    func unusualLineBreaks(name: String, separator: String) {
        // The error (`]` where a value belongs) is on the third line as every editor counts lines.
        let text = "name: App\(separator)description: x\nflags:\n  a: ]\nlast: 1\n"
        var files = MutationSeeds.workspace()
        files[MutationSeeds.folder.appendingPathComponent("blueprints/experiments.yml").path] = Array(text.utf8)
        let workspace = Workspace.load(
            from: MutationSeeds.folder.appendingPathComponent("flagscope.yml"),
            fileSystem: MutationFileSystem(files: files), environment: MutationSeeds.environment)
        let diagnostics = workspace.diagnostics.filter {
            $0.file == "blueprints/experiments.yml" && $0.severity == .error
        }
        let diagnostic = diagnostics.first
        #expect(diagnostic?.location?.line == 3, "\(name): \(Diagnostic.listing(diagnostics))")
        let rendered = diagnostic.map { workspace.diagnosticRenderer.render($0) } ?? ""
        #expect(rendered.contains("  a: ]"), "\(name): the quoted line is the offending one:\n\(rendered)")
        #expect(MutationCheck.rawControls(rendered).isEmpty, "\(name): \(rendered.debugDescription)")
    }

    /// The mutants' most common finding, reduced: libyaml reports errors at the end of the stream on the
    /// line after the last one when the file does not end in a line break.
    @Test(
        "A YAML syntax error at the end of a file without a final newline points at a line the file has",
        arguments: ["name: App\nflags:\n  a: [", "name: App\nflags:\n  a: b\n  c"])
    func errorAtEndOfFileWithoutNewline(text: String) {
        var files = MutationSeeds.workspace()
        files[MutationSeeds.folder.appendingPathComponent("blueprints/experiments.yml").path] = Array(text.utf8)
        let workspace = Workspace.load(
            from: MutationSeeds.folder.appendingPathComponent("flagscope.yml"),
            fileSystem: MutationFileSystem(files: files), environment: MutationSeeds.environment)
        let diagnostic = workspace.diagnostics.first {
            $0.file == "blueprints/experiments.yml" && $0.severity == .error
        }
        let lines = MutationCheck.lineCount(Array(text.utf8))
        #expect(
            (diagnostic?.location?.line ?? .max) <= lines,
            "\(text.debugDescription) has \(lines) lines: \(Diagnostic.listing(workspace.diagnostics))")
        let rendered = diagnostic.map { workspace.diagnosticRenderer.render($0) } ?? ""
        #expect(rendered.split(separator: "\n").count == 3, "headline, quoted line and caret:\n\(rendered)")
    }

    @Test("A YAML blueprint with CR-only line endings: the diagnostic quotes its line with a caret")
    func crOnlyYAMLIsQuoted() {
        let text = "name: App\rdescription: x\rflags:\r  a: ]\rlast: 1\r"
        var files = MutationSeeds.workspace()
        files[MutationSeeds.folder.appendingPathComponent("blueprints/experiments.yml").path] = Array(text.utf8)
        let workspace = Workspace.load(
            from: MutationSeeds.folder.appendingPathComponent("flagscope.yml"),
            fileSystem: MutationFileSystem(files: files), environment: MutationSeeds.environment)
        let diagnostic = workspace.diagnostics.first {
            $0.file == "blueprints/experiments.yml" && $0.severity == .error
        }
        #expect(diagnostic?.location?.line == 4, "\(Diagnostic.listing(workspace.diagnostics))")
        let rendered = diagnostic.map { workspace.diagnosticRenderer.render($0) } ?? ""
        let lines = rendered.split(separator: "\n")
        #expect(lines.count == 3, "headline, quoted line and caret:\n\(rendered)")
        #expect(
            lines.dropFirst().first?.contains("a: ]") == true,
            "quotes line 4 only, not the whole file:\n\(rendered.debugDescription)")
    }
}
