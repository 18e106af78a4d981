import Foundation

/// The files `flagscope init` writes: a workspace, one blueprint (flags, a product and a
/// feature that needs it), an empty local file and a `.gitignore` for the write locks beside it.
enum StarterWorkspace {
    /// Relative path and contents of each starter file.
    static let files: [(path: String, contents: String)] = [
        (
            "flagscope.yml",
            """
            # Flagscope workspace: which blueprints declare flags, and the provider stack that sets them.
            blueprints:
              - blueprints/*.yml
            providers:                 # highest priority first; blueprint defaults are always the last layer
              - name: Local
                format: json
                path: .flagscope/local.json
                writable: true         # `flagscope set` and the browser write here
              - name: Environment
                format: env
                prefix: FLAGSCOPE_

            """
        ),
        (
            "blueprints/app.yml",
            """
            name: App
            description: Flags of this app
            flags:
              newOnboarding:
                type: bool
                default: false
                description: Show the redesigned onboarding flow
              maxUploadSizeMB:
                type: int
                default: 25
                min: 1
                max: 500
                description: Largest upload accepted, in megabytes
              theme:
                type: enum
                values: [system, light, dark]
                default: system
                description: Colour theme
            products:                  # what can be bought; the simulated device's state is context/purchases/PRO0001
              pro:
                name: Pro subscription
                productID: PRO0001
            features:                  # available only when every constraint holds: `flagscope explain photo_import`
              photoImport:
                description: Import photos from the library
                constraints:
                  permissions: [photos]        # context/permissions/photos must be authorized
                  purchase: pro
                  userToggled: { default: true }  # the user's own switch: photo_import/user_toggled

            """
        ),
        (".flagscope/local.json", "{}\n"),
        // Writes take a lock file beside the file they change; it is never worth committing.
        (".flagscope/.gitignore", "# Lock files Flagscope takes while it writes local.json\n*.lock\n"),
    ]

    /// Why `init` refused.
    struct InitError: Error, Sendable, CustomStringConvertible {
        /// The files that already exist.
        var existing: [String]
        /// The refusal and what to do, as `init` prints it.
        var description: String {
            "refusing to overwrite existing \(existing.count == 1 ? "file" : "files"): \(existing.joined(separator: ", "))\n  hint: `flagscope init` only starts new workspaces; nothing was written"
        }
    }

    /// The files of a workspace whose blueprints are the app's own Swift sources under `sources`
    /// (docs/blueprints.md#swift-sources-as-blueprints): no blueprint file of its own, and the same local file and lock ignore.
    static func swiftFiles(sources: String) -> [(path: String, contents: String)] {
        var folder = sources
        while folder.hasSuffix("/") { folder.removeLast() }
        let workspace = """
            # Flagscope workspace: the app's own RealFlags, Vexil and Flint declarations are the blueprints
            # (read, never compiled), and the provider stack that sets them.
            blueprints:
              - \(folder)/**/*.swift
            providers:                 # highest priority first; blueprint defaults are always the last layer
              - name: Local
                format: json
                path: .flagscope/local.json
                writable: true         # `flagscope set` and the browser write here; Swift sources never change
              - name: Environment
                format: env
                prefix: FLAGSCOPE_

            """
        return [("flagscope.yml", workspace)] + files.filter { $0.path.hasPrefix(".flagscope/") }
    }

    /// Writes the starter files into `folder`, or writes nothing when any of them exists.
    @discardableResult
    static func create(in folder: URL) throws -> [String] {
        try create(files, in: folder)
    }

    /// Writes `files` into `folder`, or writes nothing when any of them exists.
    @discardableResult
    static func create(_ files: [(path: String, contents: String)], in folder: URL) throws -> [String] {
        let manager = FileManager.default
        let existing = files.map(\.path).filter { manager.fileExists(atPath: folder.appendingPathComponent($0).path) }
        guard existing.isEmpty else { throw InitError(existing: existing) }
        for (path, contents) in files {
            let url = folder.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url, options: .withoutOverwriting)
        }
        return files.map(\.path)
    }
}

extension StarterWorkspace {
    /// The folders in `folder` (`.` for itself) that hold `.swift` files, at most `depth`
    /// folders down: what `init --swift` suggests when the folder named is not there. Hidden
    /// folders and build output are not looked into, and the search stops after `limit` entries,
    /// so a huge tree costs a bounded walk.
    static func swiftSourceFolders(in folder: URL, depth: Int = 4, limit: Int = 20_000) -> [String] {
        let manager = FileManager.default
        let skipped: Set<String> = [".build", "build", "DerivedData", "Pods", "Carthage", "node_modules"]
        var visited = 0
        func holdsSwift(_ url: URL, _ level: Int) -> Bool {
            guard level <= depth, visited < limit,
                let names = try? manager.contentsOfDirectory(atPath: url.path)
            else { return false }
            visited += names.count
            if names.contains(where: { $0.hasSuffix(".swift") }) { return true }
            return names.sorted().contains { name in
                guard !name.hasPrefix("."), !skipped.contains(name) else { return false }
                var isFolder: ObjCBool = false
                let child = url.appendingPathComponent(name)
                return manager.fileExists(atPath: child.path, isDirectory: &isFolder) && isFolder.boolValue
                    && holdsSwift(child, level + 1)
            }
        }
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return [] }
        var found: [String] = names.contains { $0.hasSuffix(".swift") } ? ["."] : []
        for name in names.sorted() where !name.hasPrefix(".") && !skipped.contains(name) {
            var isFolder: ObjCBool = false
            let child = folder.appendingPathComponent(name)
            if manager.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue,
                holdsSwift(child, 1)
            {
                found.append(name)
            }
        }
        return found
    }
}
