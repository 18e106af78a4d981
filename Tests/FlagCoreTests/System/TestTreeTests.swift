import Foundation
import TestSupport
import Testing

/// The test tree mirrors the sources (docs/architecture.md#tests), both ways: a folder of unit
/// tests is the folder of the code it tests, every source folder has one (or a reason it has
/// none), and a test file is named for what it tests, `Name` or `Name+Topic` followed by
/// `Tests`, where `Name` is a type or a source file of the project.
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

    /// Source folders with no folder of unit tests, each with the reason; none at present. A
    /// folder whose code is reached only through another's tests is listed here, not left out.
    static let untestedFolders: [String: String] = [:]

    @Test(
        "Every source folder has its folder of unit tests, or a reason it has none",
        arguments: [("FlagCoreTests", "FlagCore"), ("FlagBrowserTests", "FlagBrowser")])
    func sourcesMirrored(tests: String, sources: String) throws {
        let sourceFolders = try Self.folders(under: "Sources/\(sources)")
        let testFolders = Set(try Self.folders(under: "Tests/\(tests)"))
        #expect(sourceFolders.count >= 3, "the folders of \(sources) were read")
        for folder in sourceFolders.sorted() where !testFolders.contains(folder) {
            let path = "Sources/\(sources)/\(folder)"
            if Self.untestedFolders[path] != nil { continue }
            Issue.record(
                "\(path) has no Tests/\(tests)/\(folder): give it its tests, or say in untestedFolders why not")
        }
        for (path, _) in Self.untestedFolders where path.hasPrefix("Sources/\(sources)/") {
            let folder = String(path.dropFirst("Sources/\(sources)/".count))
            #expect(sourceFolders.contains(folder), "\(path), listed as untested, does not exist")
            #expect(!testFolders.contains(folder), "\(path), listed as untested, has tests now: take it off the list")
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
