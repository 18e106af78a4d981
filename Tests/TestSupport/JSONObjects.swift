import Foundation
import Testing

/// Parses a JSON object a command printed; the test fails at the caller when it is not one.
package func parseJSONObject(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any]
{
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    return try #require(value as? [String: Any], "not a JSON object: \(text)", sourceLocation: sourceLocation)
}

/// The error ``readJSONObject(at:)`` throws for a file that holds JSON but not an object.
package struct NotAJSONObject: Error, CustomStringConvertible {
    /// The file that was read.
    package var file: URL
    /// What it holds.
    package var text: String

    package var description: String { "\(file.lastPathComponent) is not a JSON object: \(text)" }
}

/// Reads the JSON object in `file` (a writable layer's file, typically). Throws without recording
/// a test issue, so a caller polling a file that is being written may simply try again.
package func readJSONObject(at file: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: file)
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw NotAJSONObject(file: file, text: String(decoding: data, as: UTF8.self))
    }
    return object
}
