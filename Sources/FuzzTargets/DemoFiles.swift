import DemoWorkspace

/// The bundled demo workspace's files, read once: the blueprints, features and providers the
/// targets put a fuzz input beside, so it meets real declarations (types, limits, features,
/// computed flags, context keys) and not an empty workspace.
enum DemoFiles {
    /// File contents by path relative to the demo folder (its README aside).
    static let all: [String: [UInt8]] = {
        var files: [String: [UInt8]] = [:]
        for (path, text) in DemoWorkspace.podcast.files where path != "README.md" { files[path] = Array(text.utf8) }
        return files
    }()

    /// The demo's blueprints and QA profile, without its `flagscope.yml` and provider files.
    static var declarations: [String: [UInt8]] {
        all.filter { $0.key.hasPrefix("blueprints/") || $0.key.hasPrefix("profiles/") }
    }
}
