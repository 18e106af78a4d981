import Foundation

/// Notices when watched files change (size, modification time or inode), by polling.
package struct FileWatcher: Sendable {
    private var stamps: [URL: FileStatus?]
    private let fileSystem = LocalFileSystem()

    /// Watches `urls` from now on.
    package init(urls: [URL]) {
        var stamps: [URL: FileStatus?] = [:]
        for url in urls { stamps[url] = LocalFileSystem().status(of: url) }
        self.stamps = stamps
    }

    /// Files whose stamp changed since the last call.
    package mutating func changedFiles() -> [URL] {
        var changed: [URL] = []
        for (url, stamp) in stamps {
            let now = fileSystem.status(of: url)
            if now != stamp {
                changed.append(url)
                stamps[url] = now
            }
        }
        return changed.sorted { $0.path < $1.path }
    }
}
