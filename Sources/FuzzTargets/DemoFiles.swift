import DemoWorkspace
import Foundation

/// The bundled demo workspace's files, read once: the blueprints, features and providers the
/// targets put a fuzz input beside, so it meets real declarations (types, limits, features,
/// computed flags, context keys) and not an empty workspace.
enum DemoFiles {
    /// File contents by path relative to the demo folder (its README aside).
    static let all: [String: [UInt8]] = {
        guard let folder = DemoWorkspace.folder?.standardizedFileURL else { return [:] }
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(folder.path + "/"), !path.hasSuffix("README.md"),
                let data = FileManager.default.contents(atPath: path), !url.hasDirectoryPath
            else { continue }
            files[String(path.dropFirst(folder.path.count + 1))] = Array(data)
        }
        return files
    }()

    /// The demo's blueprints and QA profile, without its `flagscope.yml` and provider files.
    static var declarations: [String: [UInt8]] {
        all.filter { $0.key.hasPrefix("blueprints/") || $0.key.hasPrefix("profiles/") }
    }
}
