import FlagCore
import Foundation
import OrderedCollections

/// Writes what the browser changes into the workspace's files: flag edits through `FlagEditor`
/// (an undo or a redo is an edit too, of the entries it replays), and exports and device
/// profiles as new files, never over one that exists.
struct WorkspaceWriter: Sendable {
    /// Files are written through this.
    let fileSystem: FileSystem

    /// Applies `request` to the writable provider of `workspace`.
    func edit(_ request: WriteRequest, in workspace: Workspace) throws(FlagEditor.EditError) -> EditReport {
        try FlagEditor(workspace: workspace, fileSystem: fileSystem).apply(
            request.changes, removeAll: request.removeAll)
    }

    /// Writes an export to `path` (relative to the workspace folder); what to say.
    func writeExport(_ text: String, to path: String, in workspace: Workspace) -> StatusMessage {
        let url = WorkspacePath.url(ofPath: path, in: workspace.folder)
        guard !fileSystem.fileExists(at: url) else {
            return StatusMessage("not written: \(path) exists; w again with another name", .error)
        }
        do {
            try writeNewFile(text, at: url)
        } catch {
            return StatusMessage("not written: \(path): \(FileErrorText.describe(error))", .error)
        }
        return StatusMessage("wrote \(path) in the workspace folder")
    }

    /// Writes the simulated device — every `context/*` value the stack resolves — as a new
    /// profile; what to say.
    func saveDevice(named name: String, from workspace: Workspace) -> StatusMessage {
        var values: OrderedDictionary<String, FlagValue> = [:]
        let resolver = Resolver(workspace: workspace, tracingRuleSteps: false)
        for key in workspace.flags.keys where key.hasPrefix(ContextKeys.prefix) {
            if let value = resolver.resolve(key)?.value { values[key] = value }
        }
        return writeProfile(named: name, values: values, in: workspace, again: "S")
    }

    /// Writes a live device — the attributes its last request sent, as its layer reads them —
    /// as a new profile named `name`; what to say.
    func adopt(_ device: LiveDevice, named name: String, from base: Workspace) -> StatusMessage {
        let workspace =
            base.simulating(device: base.activeDevice, context: base.contextLayer, live: device) ?? base
        var values: OrderedDictionary<String, FlagValue> = [:]
        let resolver = Resolver(workspace: workspace, tracingRuleSteps: false)
        for key in device.context.attributes.keys {
            if let value = resolver.resolve(key)?.value { values[key] = value }
        }
        return writeProfile(named: name, values: values, in: base, again: "a")
    }

    /// Writes a new device profile of `values`; what to say, `key` being the key to press to try
    /// another name.
    private func writeProfile(
        named name: String, values: OrderedDictionary<String, FlagValue>, in workspace: Workspace, again key: String
    ) -> StatusMessage {
        let file = DeviceProfile.newFile(named: name, in: workspace.config)
        let url = WorkspacePath.url(ofPath: file, in: workspace.folder)
        guard !fileSystem.fileExists(at: url) else {
            return StatusMessage("not saved: \(file) exists; \(key) again with another name", .error)
        }
        do {
            try writeNewFile(DeviceProfile.text(name: name, values: values), at: url)
        } catch {
            return StatusMessage("not saved: \(file): \(FileErrorText.describe(error))", .error)
        }
        return StatusMessage(
            "saved \(name) as \(file): \(Plural.count(values.count, "attribute")); p simulates it")
    }

    /// Writes `text` at `url`, its folder made when missing: a temporary file beside it, then a
    /// rename, so a reader never sees half of it.
    private func writeNewFile(_ text: String, at url: URL) throws {
        try fileSystem.createDirectory(url.deletingLastPathComponent())
        let temporary = try fileSystem.writeTemporary(Array(text.utf8), beside: url, permissions: 0o644)
        try fileSystem.replace(url, with: temporary)
    }
}
