import Foundation
import FuzzTargets

#if FUZZING
    // Built by Scripts/fuzz with libFuzzer (which brings its own `main`): libFuzzer calls this
    // with each input; FLAGSCOPE_FUZZ_TARGET names the target.

    /// The target this process fuzzes, read once.
    private let fuzzedTarget: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["FLAGSCOPE_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("error: set FLAGSCOPE_FUZZ_TARGET to one of: \(names)\n".utf8))
            exit(2)
        }
        return target
    }()

    /// libFuzzer's entry point: one input.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        fuzzedTarget.run(bytes)
        return 0
    }
#else
    /// Without libFuzzer (the normal build): replays inputs, which is how a crash found by the
    /// fuzzer is reproduced in a debugger: `flagscope-fuzz TARGET FILE...` (a folder: every
    /// file in it); `--list` names the targets.
    @main
    struct ReplayFuzzInputs {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "--list" {
                for target in FuzzTarget.allCases {
                    print(target.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0) + target.summary)
                }
                return
            }
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
                print("usage: flagscope-fuzz TARGET FILE_OR_FOLDER...   (flagscope-fuzz --list names the targets)")
                exit(2)
            }
            for path in arguments.dropFirst() {
                for file in files(at: path) {
                    guard let data = FileManager.default.contents(atPath: file) else {
                        print("error: cannot read \(file)")
                        exit(1)
                    }
                    let start = ContinuousClock.now
                    target.run(Array(data))
                    print("ok \(file) (\(ContinuousClock.now - start))")
                }
            }
        }

        /// The file itself, or every file in the folder, sorted.
        static func files(at path: String) -> [String] {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                return [path]
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.sorted().map { path + "/" + $0 }
        }
    }
#endif
