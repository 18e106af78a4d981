import Foundation
import TestSupport
import Testing

/// The test tree mirrors the sources (docs/architecture.md#tests): a folder of unit tests is the
/// folder of the code it tests, and a test file is named for what it tests, `Name` or
/// `Name+Topic` followed by `Tests`, where `Name` is a type or a source file of the project.
/// `Support/` holds fixtures, `System/` the tests of the whole (layering, hostile input, the
/// docs), `Snapshots/` the golden screens.
@Suite("Test tree")
struct TestTreeTests {
    /// Folders of a test target that are not the folders of a source target.
    static let ownFolders: Set<String> = ["Support", "System", "Snapshots"]

    /// The folders under `path` (relative to the repository), as paths relative to it.
    static func folders(under path: String) throws -> [String] {
        let root = Repository.root.appendingPathComponent(path)
        return try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { sub in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(sub).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
    }

    @Test(
        "Every folder of unit tests is a folder of the code it tests",
        arguments: [("FlagCoreTests", "FlagCore"), ("FlagBrowserTests", "FlagBrowser")])
    func foldersMirror(tests: String, sources: String) throws {
        let sourceFolders = Set(try Self.folders(under: "Sources/\(sources)"))
        let testFolders = try Self.folders(under: "Tests/\(tests)").filter {
            !Self.ownFolders.contains(String($0.split(separator: "/")[0]))
        }
        #expect(testFolders.count >= 3, "the folders of \(tests) were read")
        for folder in testFolders.sorted() where !sourceFolders.contains(folder) {
            Issue.record("Tests/\(tests)/\(folder) has no Sources/\(sources)/\(folder) to mirror")
        }
    }

    @Test("Every test file is named for a type or a source file of the project")
    func filesNamedForWhatTheyTest() throws {
        let sources = Repository.root.appendingPathComponent("Sources")
        let sourceFiles = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter {
            $0.hasSuffix(".swift")
        }
        var names = Set(sourceFiles.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent })
        // The word after a declaring keyword, read word by word (a regular expression over every
        // source is many times slower).
        let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "extension"]
        for path in sourceFiles {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            for (word, next) in zip(words, words.dropFirst()) where keywords.contains(word) {
                names.insert(String(next))
            }
        }
        let tests = Repository.root.appendingPathComponent("Tests")
        let testFiles = try FileManager.default.subpathsOfDirectory(atPath: tests.path).filter {
            $0.hasSuffix("Tests.swift") && !$0.split(separator: "/").contains { Self.ownFolders.contains(String($0)) }
        }
        #expect(testFiles.count >= 50, "the test files were read")
        for path in testFiles.sorted() {
            let file = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let subject = String(file.dropLast("Tests".count).split(separator: "+").first ?? "")
            if names.contains(subject) { continue }
            Issue.record("Tests/\(path) names \(subject), which no source file or type is called")
        }
    }
}
