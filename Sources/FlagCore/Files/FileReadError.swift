import Foundation

/// Why a file could not be read: what the path names when it is not a regular file, or the
/// system's reason. One wording for every reader (``FileErrorText/describe(_:)``).
package struct FileReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What stood in the way.
    package enum Kind: Sendable, Equatable {
        /// Nothing at the path (ENOENT, or a link to nothing).
        case missing
        /// The file or a folder on its way may not be read (EACCES, EPERM).
        case permissionDenied
        /// A folder where a file is expected.
        case folder
        /// Symbolic links that lead back to themselves (ELOOP).
        case linkLoop
        /// A FIFO, socket or device: opening or reading it may wait forever or never end.
        case notRegular(String)
        /// Larger than the limit: the size found and the limit, in bytes.
        case tooLarge(size: Int64, limit: Int64)
        /// A part of the path that should be a folder is a file (ENOTDIR).
        case notAFolderOnTheWay
        /// A file where a folder is expected (the folder a glob looks in).
        case notAFolder
        /// Any other system reason, as `strerror` words it.
        case other(String)
    }

    /// What stood in the way.
    package var kind: Kind

    /// Creates an error of `kind`.
    package init(_ kind: Kind) { self.kind = kind }

    /// The error for a failed system call's `errno`.
    package init(errno code: Int32) {
        switch code {
        case ENOENT: kind = .missing
        case EACCES, EPERM: kind = .permissionDenied
        case EISDIR: kind = .folder
        case ELOOP: kind = .linkLoop
        case ENOTDIR: kind = .notAFolderOnTheWay
        default: kind = .other(String(cString: strerror(code)))
        }
    }

    /// The kind of a file that `stat` found, or `nil` for a regular file.
    package init?(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: kind = .folder
        case S_IFIFO: kind = .notRegular("a FIFO (named pipe)")
        case S_IFSOCK: kind = .notRegular("a socket")
        case S_IFCHR: kind = .notRegular("a character device")
        case S_IFBLK: kind = .notRegular("a block device")
        default: kind = .notRegular("not a file Flagscope can read")
        }
    }

    /// A short reason, lower case, that follows "cannot read file: " ("it is a FIFO (named
    /// pipe), not a regular file").
    package var description: String {
        switch kind {
        case .missing: return "no such file"
        case .permissionDenied: return "permission denied"
        case .folder: return "it is a folder, not a file"
        case .linkLoop: return "it is a symbolic link loop (a link that leads back to itself)"
        case .notRegular(let what): return "it is \(what), not a regular file"
        case .notAFolderOnTheWay: return "a part of the path is a file, not a folder"
        case .notAFolder: return "it is a file, not a folder"
        case .tooLarge(let size, let limit):
            return "it is \(FileSizeLimit.text(size)), larger than the \(FileSizeLimit.text(limit)) limit for one file"
        case .other(let reason): return reason.prefix(1).lowercased() + reason.dropFirst()
        }
    }
}

/// The largest file or server answer Flagscope reads whole (`limits: { fileSize: 256MB }` in the
/// workspace file): anything larger is refused before it is read, so a stray disk image or a
/// runaway server cannot take the machine's memory.
package enum FileSizeLimit {
    /// 256 MB: several times the largest workspace file the bench generates (an 83 MB Unleash
    /// payload at 100k toggles), and small enough that reading one costs at most a few GB.
    package static let defaultBytes: Int64 = 256 * megabyte

    static let kilobyte: Int64 = 1024
    static let megabyte: Int64 = 1024 * 1024
    static let gigabyte: Int64 = 1024 * 1024 * 1024

    /// `256 MB`, `1.5 GB`, `900 KB`, `12 bytes` (binary units, as `parse` reads them).
    package static func text(_ bytes: Int64) -> String {
        func scaled(_ unit: Int64, _ name: String) -> String {
            let value = Double(bytes) / Double(unit)
            let rounded =
                value >= 10 || value == value.rounded()
                ? String(Int(value.rounded(.down))) : String(format: "%.1f", value)
            return "\(rounded) \(name)"
        }
        if bytes >= gigabyte { return scaled(gigabyte, "GB") }
        if bytes >= megabyte { return scaled(megabyte, "MB") }
        if bytes >= kilobyte { return scaled(kilobyte, "KB") }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    /// How to raise the limit so that `size` bytes pass: `raise it with 'limits: { fileSize: 4GB }'
    /// in flagscope.yml`.
    package static func hint(toRead size: Int64, over limit: Int64) -> String {
        let raised = text(suggestion(above: size, limit: limit)).replacingOccurrences(of: " ", with: "")
        return "raise it with 'limits: { fileSize: \(raised) }' in flagscope.yml"
    }

    /// A limit that lets `size` through: the next power of two in MB or GB above it.
    static func suggestion(above size: Int64, limit: Int64) -> Int64 {
        var candidate = max(limit, 1)
        while candidate < size, candidate < Int64.max / 2 { candidate *= 2 }
        return candidate
    }

    /// Reads `512MB`, `2GB`, `900KB` or a number of bytes (units are powers of 1024, case and a
    /// space before the unit do not matter); `nil` when the text is none of these.
    package static func parse(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [(String, Int64)] = [("GB", gigabyte), ("MB", megabyte), ("KB", kilobyte), ("B", 1)]
        var number = Substring(trimmed)
        var multiplier: Int64 = 1
        for (suffix, value) in units where trimmed.hasSuffix(suffix) {
            number = trimmed.dropLast(suffix.count)
            multiplier = value
            break
        }
        let digits = number.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let count = Int64(digits), count > 0 else { return nil }
        let (product, overflow) = count.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }
}

/// Human text for file errors: one wording for every reader and writer (Foundation's own are
/// long, vary by platform, and on Linux read "NSCocoaErrorDomain error 256").
package enum FileErrorText {
    /// A short reason such as "no such file", "permission denied" or "it is a folder, not a file".
    /// `raisable`: the limit a file went past is the workspace's `limits: { fileSize: }`, and
    /// the reason says how to raise it.
    package static func describe(_ error: Error, raisable: Bool = false) -> String {
        if let error = error as? FileReadError {
            if raisable, case .tooLarge(let size, let limit) = error.kind {
                return "\(error.description); \(FileSizeLimit.hint(toRead: size, over: limit))"
            }
            return error.description
        }
        if let error = error as? FileSystemError { return error.description }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return FileReadError(errno: Int32(underlying.code)).description
        }
        if nsError.domain == NSPOSIXErrorDomain { return FileReadError(errno: Int32(nsError.code)).description }
        guard nsError.domain == NSCocoaErrorDomain else { return String(describing: error) }
        switch nsError.code {
        case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "no space left on device"
        case NSFileWriteVolumeReadOnlyError: return "read-only file system"
        case NSFileWriteFileExistsError: return "something is already there"
        case NSFileReadTooLargeError: return "it is too large to read"
        case NSFileReadUnknownError, NSFileReadCorruptFileError: return "it cannot be read"
        default: return "the system refused (error \(nsError.code))"
        }
    }
}
