import FlagCore
import Foundation

/// How targets that need two things (rule definitions and a context) read them from one input.
enum FuzzInput {
    /// The byte between the two parts: NUL, which no definition file needs.
    static let separator: UInt8 = 0

    /// The bytes before the first separator, and those after it (empty without one).
    static func split(_ bytes: [UInt8]) -> (first: [UInt8], second: [UInt8]) {
        guard let index = bytes.firstIndex(of: separator) else { return (bytes, []) }
        return (Array(bytes[..<index]), Array(bytes[(index + 1)...]))
    }

    /// A context from a JSON object of attributes (`{"email": "a@b.c", "user/age": 42}`); what
    /// is not a JSON object gives an empty context, as a device with nothing set.
    static func context(_ bytes: [UInt8]) -> EvaluationContext {
        var attributes: [String: JSONValue] = [:]
        if let root = try? JSONReader.parse(bytes), case .object(let members) = JSONValue(root) {
            for (key, value) in members { attributes[key] = value }
        }
        return EvaluationContext(attributes: attributes, now: FuzzWorkspace.now)
    }
}
