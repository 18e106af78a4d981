import Foundation

/// A folder of test files, written and read by paths relative to it. Every temporary workspace
/// in the tests conforms, so writing a fixture file is the same call everywhere.
package protocol TestFolder {
    /// The folder itself.
    var url: URL { get }
}

extension TestFolder {
    /// The URL of a path inside the folder.
    package func file(_ path: String) -> URL { url.appendingPathComponent(path) }

    /// Writes text (creating folders) and returns the file's URL.
    @discardableResult
    package func write(_ path: String, _ text: String) throws -> URL {
        try write(path, bytes: Array(text.utf8))
    }

    /// Writes raw bytes (creating folders) and returns the file's URL.
    @discardableResult
    package func write(_ path: String, bytes: [UInt8]) throws -> URL {
        let target = file(path)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target)
        return target
    }

    /// The bytes of a file.
    package func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: file(path))) }

    /// The text of a file (invalid UTF-8 shows as U+FFFD).
    package func read(_ path: String) throws -> String { String(decoding: try bytes(path), as: UTF8.self) }

    /// The text of a file; the same as ``read(_:)``, under the name the provider tests use.
    package func text(_ path: String) throws -> String { try read(path) }

    /// Whether a file or folder exists.
    package func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: file(path).path) }

    /// The sorted names in a folder inside this one (hidden ones included).
    package func listing(_ folder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: file(folder).path).sorted()
    }

    /// Copies the bundled demo workspace (its hidden `.flagscope` folder included) to `path`
    /// inside this folder, or, with no path, its contents into this folder itself; returns where
    /// the demo's `flagscope.yml` now is.
    @discardableResult
    package func copyDemo(to path: String? = nil) throws -> URL {
        let bundled = Repository.demoFolder
        guard let path else {
            for item in try FileManager.default.contentsOfDirectory(atPath: bundled.path) {
                try FileManager.default.copyItem(at: bundled.appendingPathComponent(item), to: file(item))
            }
            return file("flagscope.yml")
        }
        let copy = file(path)
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: bundled, to: copy)
        return copy.appendingPathComponent("flagscope.yml")
    }

    /// Removes the folder and everything in it.
    package func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A fresh, empty folder under the system temp directory; the test removes it with `remove()`.
package struct TemporaryFolder: TestFolder, Sendable {
    package let url: URL

    /// Creates `<temp>/<prefix>-<UUID>`; the prefix says which tests left a folder behind.
    package init(prefix: String = "flagscope-test") throws {
        url = try Self.makeUnique(prefix: prefix)
    }

    /// Creates a new empty folder `<temp>/<prefix>-<UUID>` and returns it.
    package static func makeUnique(prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
