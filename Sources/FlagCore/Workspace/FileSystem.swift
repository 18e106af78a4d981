import Foundation

/// The file operations Flagscope performs, behind one seam so tests can inject faults.
public protocol FileSystem: Sendable {
    /// The bytes of a file.
    func contents(of url: URL) throws -> [UInt8]
    /// Whether a file (or folder) exists at `url`.
    func fileExists(at url: URL) -> Bool
    /// Paths (relative to `folder`) matching a shell glob pattern, sorted.
    func glob(_ pattern: String, in folder: URL) -> [String]
}

/// The real file system.
public struct LocalFileSystem: FileSystem {
    /// Creates the real file system.
    public init() {}

    public func contents(of url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }

    public func fileExists(at url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    public func glob(_ pattern: String, in folder: URL) -> [String] {
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        let absolute = pattern.hasPrefix("/") ? pattern : base + pattern
        var result = glob_t()
        defer { globfree(&result) }
        guard Glibc.glob(absolute, 0, nil, &result) == 0 else { return [] }
        var paths: [String] = []
        for index in 0..<Int(result.gl_pathc) {
            guard let cString = result.gl_pathv[index] else { continue }
            let path = String(cString: cString)
            paths.append(path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path)
        }
        return paths.sorted()
    }
}
