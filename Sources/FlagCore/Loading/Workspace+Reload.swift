import Foundation

extension Workspace {
    /// The workspace after the writable provider's file changed (this app wrote it): that layer is read
    /// again and its diagnostics and unknown keys replaced, and nothing else is read — at 100k
    /// flags a full load takes about a second, this a few tens of milliseconds.
    ///
    /// `nil` when the change reaches past the layer, and only a full load gives the right answer:
    /// a `context/*` key no blueprint declares came or went with the file (each such key is a key
    /// of the simulated device, docs/blueprints.md#features), or `name` is not the writable provider.
    package func rereadingProvider(named name: String, fileSystem: FileSystem = LocalFileSystem()) -> Workspace? {
        guard let position = providers.firstIndex(where: { $0.config.name == name }) else { return nil }
        let old = providers[position]
        guard old.config.writable, !old.config.isRemote, old.config.path != nil else { return nil }
        var loading = ProviderLoading(fileSystem: fileSystem, folder: folder, environment: environment)
        loading.fileSizeLimit = config.fileSizeLimit
        loading.warnsOfUndeclaredKeys = unreadBlueprints.isEmpty
        let fresh = loading.load(old.config, flags: flags)
        // A `context/*` key no blueprint declares is a key of its own because a provider sets
        // it: one appearing, or one that only this file brought going away, changes the keys.
        let appeared = fresh.keyOrder.contains { $0.hasPrefix(ContextKeys.prefix) && flags[$0] == nil }
        let broughtHere = old.keyOrder.contains { key in
            key.hasPrefix(ContextKeys.prefix) && fresh.entries[key] == nil && flags[key]?.origin.file == old.displayPath
        }
        guard !appeared, !broughtHere else { return nil }
        let unknown = loading.check([fresh], flags: flags)

        var workspace = self
        workspace.providers[position] = fresh
        // The layer's diagnostics are all about its own file, but for the note that the file is missing.
        let files: Set<String> = [old.displayPath, fresh.displayPath]
        let wasMissing = WorkspaceLoading.missingWritableNote(old)
        workspace.diagnostics =
            diagnostics.filter { !files.contains($0.file) && $0 != wasMissing } + loading.diagnostics
        if let note = WorkspaceLoading.missingWritableNote(fresh) { workspace.diagnostics.append(note) }
        workspace.diagnostics += WorkspaceLoading.uncheckedKeyNotes(unknown, unreadBlueprints: unreadBlueprints)
        workspace.unknownKeys = providers.indices.flatMap { index in
            index == position ? unknown : unknownKeys.filter { $0.provider == providers[index].config.name }
        }
        for file in files {
            workspace.sources[file] = nil
            if workspace.diagnostics.contains(where: { $0.file == file }) {
                workspace.sources[file] = WorkspaceLoading.quotable(
                    file, diagnostics: workspace.diagnostics, quoted: loading.quoted, filesRead: loading.filesRead,
                    fileSystem: fileSystem)
            }
        }
        return workspace
    }
}
