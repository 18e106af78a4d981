import Foundation

/// Glob patterns with `**` (any number of folders, none included), which the C library's
/// `glob` does not know: `Sources/**/*.swift` (docs/blueprints.md#swift-sources-as-blueprints).
enum RecursiveGlob {
    /// Paths relative to `folder` that match `pattern`, sorted. Folders whose name starts with a
    /// dot (`.build`, `.git`) are not entered, as shells skip them.
    static func matches(_ pattern: String, in folder: URL) -> [String] {
        let components = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        // Start the walk below the fixed leading folders.
        var fixed: [String] = []
        for component in components {
            if component.contains(where: { "*?[".contains($0) }) { break }
            fixed.append(component)
        }
        let start = fixed.reduce(folder) { $0.appendingPathComponent($1) }
        let prefix = fixed.isEmpty ? "" : fixed.joined(separator: "/") + "/"
        let rest = Array(components.dropFirst(fixed.count))
        var result: [String] = []
        walk(start, relative: prefix) { path in
            if match(rest[...], Array(path.dropFirst(prefix.count).split(separator: "/").map(String.init))[...]) {
                result.append(path)
            }
        }
        return result.sorted()
    }

    private static func walk(_ url: URL, relative: String, visit: (String) -> Void) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let child = url.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                walk(child, relative: relative + name + "/", visit: visit)
            } else {
                visit(relative + name)
            }
        }
    }

    /// Whether path components match pattern components, `**` standing for zero or more.
    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            var remaining = path
            while true {
                if match(pattern.dropFirst(), remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let component = path.first, fnmatch(first, component, 0) == 0 else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }
}
