import OrderedCollections

/// A LaunchDarkly file read into flags and segments: the server-side SDK data
/// (`{"flags": {key: flag}, "segments": {key: segment}}`, as `GET /sdk/latest-all` returns it and
/// the Relay Proxy holds it), the file data source's `{"flagValues": {key: value}}` (each value a
/// flag that is on and serves it), or both in one file.
///
/// Lenient where the SDKs are not: a part that cannot be read is a located problem for
/// `validate`, and only its own flag (or the flags using its segment) fails to evaluate
/// (`MALFORMED_FLAG`); the rest of the file evaluates.
package struct LaunchDarklyData: Sendable {
    /// Which form the file is.
    package enum Form: String, Sendable {
        /// `flags` and `segments`.
        case sdkData = "server-side SDK data"
        /// `flagValues` alone.
        case flagValues = "flag values"
        /// `flags` (or `segments`) and `flagValues`.
        case combined = "flags and flag values"
    }

    /// The flags and segments, shared by every flag's rules.
    package var store: LaunchDarklyStore
    /// The form read.
    package var form: Form
    /// What `validate` reports, in file order.
    package var problems: [RuleProblem]

    /// The flags, in file order.
    package var flags: OrderedDictionary<String, LaunchDarklyFlag> { store.flags }
    /// The segments, in file order.
    package var segments: OrderedDictionary<String, LaunchDarklySegment> { store.segments }

    /// Reads a LaunchDarkly file; only a file that is not a JSON object fails as a whole.
    package static func read(_ bytes: [UInt8]) throws(DocumentError) -> LaunchDarklyData {
        try read(JSONReader.parse(bytes))
    }

    /// Reads the parsed file `root`.
    static func read(_ root: SourceNode) throws(DocumentError) -> LaunchDarklyData {
        var reader = LaunchDarklyDataReader()
        return try reader.read(root)
    }

    /// The rules of `flagKey` (evaluated against this file's other flags and segments), or `nil`
    /// when the file has no such flag.
    package func rules(for flagKey: String) -> LaunchDarklyRules? {
        flags[flagKey] == nil ? nil : LaunchDarklyRules(flagKey: flagKey, store: store)
    }

    /// What `flagKey` gives for `device`, as LaunchDarkly's server-side SDKs give it, with the
    /// steps when `tracing`.
    package func detail(of flagKey: String, in device: EvaluationContext, tracing: Bool = false) -> LaunchDarklyDetail {
        store.detail(of: flagKey, in: device, tracing: tracing)
    }
}
