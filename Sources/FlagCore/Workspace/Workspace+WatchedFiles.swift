import Foundation

extension Workspace {
    /// Every file the workspace reads: the workspace file, blueprints, code files, device
    /// profiles and provider files, and any file a diagnostic points into.
    package var watchedFiles: [URL] {
        var urls = [config.file]
        let blueprints = Set(blueprintFiles)
        urls += (blueprintFiles + codeFiles.filter { !blueprints.contains($0) } + deviceFiles).map {
            WorkspacePath.url(ofPath: $0, in: folder)
        }
        urls += config.providers.compactMap {
            $0.path.map { WorkspacePath.url(ofPath: $0, in: folder) }
        }
        // A blueprint that did not load is not among the blueprints; its diagnostic names it, and
        // saving the fix must reload like any other change.
        let named = Set(urls.map(\.standardizedFileURL.path))
        for file in Set(diagnostics.map(\.file)).sorted() {
            let url = WorkspacePath.url(ofPath: file, in: folder)
            if !named.contains(url.standardizedFileURL.path) { urls.append(url) }
        }
        return urls
    }
}
