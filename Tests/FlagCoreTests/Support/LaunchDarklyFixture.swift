import Foundation
import Testing

@testable import FlagCore

/// LaunchDarkly data and devices written the short way, for the LaunchDarkly engine's tests.
enum LaunchDarklyFixture {
    /// The data of a file's text.
    static func data(_ text: String) throws -> LaunchDarklyData {
        try LaunchDarklyData.read(Array(text.utf8))
    }

    /// A file with one flag, `flag`, whose other members are `members` (JSON object members
    /// without braces), and the `segments` given.
    static func flag(_ members: String, segments: String = "{}", others: String = "") throws -> LaunchDarklyData {
        let extra = others.isEmpty ? "" : ", " + others
        return try data(
            #"{"flags": {"flag": {"key": "flag", "version": 1, \#(members)}\#(extra)}, "segments": \#(segments)}"#)
    }

    /// A device holding the context keys of a JSON object (`{"key": "ana", "org/key": "acme"}`).
    static func device(_ json: String) throws -> EvaluationContext {
        let value = JSONValue(try JSONReader.parse(json))
        var attributes: [String: JSONValue] = [:]
        for (key, member) in value.object ?? [:] { attributes[key] = member }
        return EvaluationContext(attributes: attributes)
    }

    /// A device standing for a context as LaunchDarkly's SDKs take one in JSON.
    static func context(_ json: String) throws -> EvaluationContext {
        EvaluationContext(attributes: LaunchDarklyContext.deviceAttributes(of: JSONValue(try JSONReader.parse(json))))
    }

    /// What `flag` gives `device`.
    static func detail(_ data: LaunchDarklyData, _ device: EvaluationContext, flag: String = "flag")
        -> LaunchDarklyDetail
    {
        data.detail(of: flag, in: device, tracing: true)
    }

    /// A clause of `op` with `values` (JSON) on `attribute`.
    static func clause(_ attribute: String, _ op: String, _ values: String, negate: Bool = false) throws
        -> LaunchDarklyClause
    {
        LaunchDarklyClause(
            attribute: LaunchDarklyAttributeReference(attribute, isReference: false), operatorName: op,
            values: JSONValue(try JSONReader.parse(values)).arrayValue ?? [], negate: negate)
    }
}

extension JSONValue {
    /// The items when this is a list.
    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
