import Foundation
import FuzzTargets
import TestSupport
import Testing

/// Every seed of `Fuzz/Corpus/` and every kept crash of `Fuzz/Reproducers/` goes through the
/// same target entry points as under libFuzzer, in the normal build: each must return, well
/// within a generous time, so a fixed crash or hang stays fixed.
@Suite("Fuzz corpus and reproducers replay")
struct FuzzReplayTests {
    /// An input's longest run: a hang under the fuzzer is `-timeout=10`; a debug build is slower.
    static let timeLimit = Duration.seconds(30)

    /// Every (target, file) under `folder`/TARGET/.
    static func inputs(in folder: String) -> [(target: FuzzTarget, file: URL)] {
        let base = Repository.root.appendingPathComponent(folder)
        return FuzzTarget.allCases.flatMap { target in
            let directory = base.appendingPathComponent(target.rawValue)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.sorted().map { (target, directory.appendingPathComponent($0)) }
        }
    }

    @Test("every target has seeds", arguments: FuzzTarget.allCases)
    func everyTargetHasSeeds(target: FuzzTarget) {
        let seeds = Self.inputs(in: "Fuzz/Corpus").filter { $0.target == target }
        #expect(seeds.count >= 3, "Fuzz/Corpus/\(target.rawValue) has \(seeds.count) seeds")
    }

    @Test("no folder names a target that does not exist")
    func foldersNameTargets() throws {
        for folder in ["Fuzz/Corpus", "Fuzz/Reproducers"] {
            let path = Repository.root.appendingPathComponent(folder).path
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            for name in names where !name.hasPrefix(".") {
                #expect(FuzzTarget(rawValue: name) != nil, "\(folder)/\(name) is no fuzz target")
            }
        }
    }

    @Test("seeds and reproducers return in time")
    func replay() throws {
        let inputs = Self.inputs(in: "Fuzz/Corpus") + Self.inputs(in: "Fuzz/Reproducers")
        #expect(!inputs.isEmpty)
        for (target, file) in inputs {
            let bytes = Array(try Data(contentsOf: file))
            let start = ContinuousClock.now
            target.run(bytes)
            let elapsed = ContinuousClock.now - start
            #expect(elapsed < Self.timeLimit, "\(target.rawValue) \(file.lastPathComponent) took \(elapsed)")
        }
    }
}
