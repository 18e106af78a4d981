import Foundation
import OrderedCollections

/// One change to a key of the writable provider.
package enum KeyChange: Sendable, Hashable {
    /// Store this value.
    case set(JSONValue)
    /// Remove the key.
    case remove
}

/// Why a write was refused or failed. The file is untouched in every case.
package struct WriteError: Error, Sendable, CustomStringConvertible {
    /// What went wrong and what to do.
    package var description: String
}

/// What a write did.
package struct WriteResult: Sendable, Hashable {
    /// The file written (after following symlinks).
    package var file: URL
    /// Keys whose values were stored.
    package var storedKeys: [String]
    /// Keys that were removed (present before).
    package var removedKeys: [String]
    /// Keys asked to be removed that were not in the file.
    package var absentKeys: [String]
}

/// Writes the writable provider's file safely (docs/providers.md): exclusive lock, re-read, apply only
/// the changed keys, temporary file flushed to disk, atomic rename; permission bits and
/// symlinks kept; an invalid file is never overwritten.
package struct ProviderFileWriter: Sendable {
    /// The file as the workspace names it.
    package var file: URL
    /// json or plist.
    package var format: WritableFormat
    /// The file operations (a seam for fault-injection tests).
    package var fileSystem: FileSystem
    /// Declared keys, so nested plist dictionaries that are json flag values are not descended into.
    package var isDeclaredKey: @Sendable (String) -> Bool
    /// How long to wait for another writer's lock.
    package var lockTimeout: Double = 5
    /// The largest file read back before writing (the workspace's `limits: { fileSize: }`).
    package var sizeLimit = FileSizeLimit.defaultBytes
    /// The file as messages name it (relative to the workspace folder, as the CLI and the
    /// browser show paths); the file's name when not given.
    package var shownPath: String?

    /// Creates a writer.
    package init(
        file: URL, format: WritableFormat, fileSystem: FileSystem = LocalFileSystem(),
        isDeclaredKey: @escaping @Sendable (String) -> Bool = { _ in false }
    ) {
        self.file = file
        self.format = format
        self.fileSystem = fileSystem
        self.isDeclaredKey = isDeclaredKey
    }

    /// Applies `changes` (or removes every key with `removeAll`) and returns what happened.
    package func apply(_ changes: OrderedDictionary<String, KeyChange>, removeAll: Bool = false) throws(WriteError)
        -> WriteResult
    {
        let target = fileSystem.resolvingSymlinks(file)
        let shown = shownPath ?? target.lastPathComponent
        // A FIFO, a device, a folder or a link loop is refused before anything is created or
        // locked: writing would replace it (or, for a loop, the link itself).
        if let problem = fileSystem.readProblem(at: target) {
            throw WriteError(description: "refusing to write \(shown): \(problem); nothing was written")
        }
        do {
            try fileSystem.createDirectory(target.deletingLastPathComponent())
        } catch {
            throw WriteError(description: FileErrorText.describe(error))
        }
        let lock: FileLock
        do {
            lock = try fileSystem.lock(
                target.deletingLastPathComponent().appendingPathComponent(target.lastPathComponent + ".lock"),
                timeout: lockTimeout)
        } catch {
            throw WriteError(description: FileErrorText.describe(error))
        }
        defer { lock.release() }

        // Someone who ignores the lock may still replace the file between our read and our
        // rename: notice it and start over from their version, a few times at most.
        for _ in 0..<5 {
            let before = fileSystem.status(of: target)
            var members = try read(target, exists: before != nil)
            var result = WriteResult(file: target, storedKeys: [], removedKeys: [], absentKeys: [])
            if removeAll {
                result.removedKeys = members.map(\.key)
                members.removeAll()
            }
            // The file is kept in key order, so each change is a binary search and a splice.
            Self.sortByKey(&members)
            for (key, change) in changes {
                let index = Self.position(of: key, in: members)
                let present = index < members.count && members[index].key == key
                switch change {
                case .set(let value):
                    if present { members[index].value = value } else { members.insert((key, value), at: index) }
                    result.storedKeys.append(key)
                case .remove:
                    if present {
                        members.remove(at: index)
                        result.removedKeys.append(key)
                    } else if !removeAll {
                        result.absentKeys.append(key)
                    }
                }
            }
            let bytes: [UInt8]
            do {
                bytes = try encode(members)
            } catch {
                throw WriteError(description: "cannot encode \(shown): \(error)")
            }
            let permissions = before?.permissions ?? Self.defaultPermissions()
            let temporary: URL
            do {
                temporary = try fileSystem.writeTemporary(bytes, beside: target, permissions: permissions)
            } catch {
                throw WriteError(description: "\(FileErrorText.describe(error)); \(shown) was not changed")
            }
            guard fileSystem.status(of: target) == before else {
                fileSystem.removeFile(temporary)
                continue
            }
            do {
                try fileSystem.replace(target, with: temporary)
            } catch {
                fileSystem.removeFile(temporary)
                throw WriteError(description: "\(FileErrorText.describe(error)); \(shown) was not changed")
            }
            return result
        }
        throw WriteError(description: "\(shown) kept changing while writing; nothing was written, try again")
    }

    /// The current keys of the file, in file order; a file that exists but cannot be parsed is refused.
    private func read(_ target: URL, exists: Bool) throws(WriteError) -> [(key: String, value: JSONValue)] {
        guard exists else { return [] }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.contents(of: target, limit: sizeLimit)
        } catch {
            throw WriteError(
                description:
                    "cannot read \(shownPath ?? target.path): \(FileErrorText.describe(error, raisable: true)); nothing was written"
            )
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [] }
        do throws(DocumentError) {
            switch format {
            case .plist:
                let entries = try ProviderReaders.plist(bytes, isKey: isDeclaredKey)
                return entries.compactMap { key, entry in
                    if case .native(let value)? = entry.value { return (key, value) }
                    return nil
                }
            case .json:
                // No positions are needed unless the file is broken, and then the error has them.
                return try JSONReader.members(bytes)
            }
        } catch {
            throw WriteError(
                description:
                    "refusing to write \(shownPath ?? target.path):\(error.location.line):\(error.location.column): it is not valid \(format.rawValue) (\(error.message)); fix or remove it first, nothing was written"
            )
        }
    }

    /// Puts members in key order (UTF-8 bytes), unless they already are, as files this writer wrote are.
    private static func sortByKey(_ members: inout [(key: String, value: JSONValue)]) {
        let sorted = zip(members, members.dropFirst()).allSatisfy { JSONValue.keyPrecedes($0.key, $1.key) }
        if !sorted { members.sort { JSONValue.keyPrecedes($0.key, $1.key) } }
    }

    /// Where `key` is, or would go, among members in key order.
    private static func position(of key: String, in members: [(key: String, value: JSONValue)]) -> Int {
        var low = 0
        var high = members.count
        while low < high {
            let middle = (low + high) / 2
            if JSONValue.keyPrecedes(members[middle].key, key) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// JSON: sorted keys, two-space indent, trailing newline. Plist: one dictionary per segment.
    private func encode(_ members: [(key: String, value: JSONValue)]) throws -> [UInt8] {
        switch format {
        case .plist:
            return try PlistValues.fileBytes(members)
        case .json:
            return JSONValue.prettySortedBytes(members: members) + [0x0A]
        }
    }

    /// What a new file gets: 0666 minus the process umask.
    static func defaultPermissions() -> UInt32 {
        let mask = umask(0o022)
        umask(mask)
        return 0o666 & ~UInt32(mask)
    }
}
