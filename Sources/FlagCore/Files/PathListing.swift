import Foundation

/// Files known by a list of their paths (held in memory, or listed by git at a revision):
/// whether one exists and which match a glob, answered from the list alone.
package struct PathListing: Sendable {
    /// Every file's absolute, standardized path.
    package let paths: Set<String>

    /// A listing of `paths` (absolute).
    package init(_ paths: some Sequence<String>) {
        self.paths = Set(paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
    }

    /// Whether `url` is a listed file.
    package func isFile(_ url: URL) -> Bool { paths.contains(url.standardizedFileURL.path) }

    /// Whether `url` is a listed file or a folder some listed file is in.
    package func exists(_ url: URL) -> Bool {
        let path = url.standardizedFileURL.path
        let folder = path.hasSuffix("/") ? path : path + "/"
        return paths.contains(path) || paths.contains { $0.hasPrefix(folder) }
    }

    /// The listed files matching a shell glob `pattern`, relative to `folder`, sorted: `**` spans
    /// folders as ``RecursiveGlob`` does; otherwise a `*` stays within one.
    package func glob(_ pattern: String, in folder: URL) -> [String] {
        let base = folder.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        let absolute = pattern.hasPrefix("/") ? pattern : prefix + pattern
        let flags = pattern.contains("**") ? 0 : FNM_PATHNAME
        return paths.filter { fnmatch(absolute, $0, flags) == 0 }
            .map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }.sorted()
    }
}
