import Foundation
import Testing

@testable import FlagCore

/// Unleash files and evaluations for the Unleash tests.
enum UnleashFixture {
    /// A client payload holding `features` (a JSON list) and `segments`.
    static func document(features: String, segments: String = "[]") throws -> UnleashDocument {
        try UnleashDocument.read(Array(#"{"version": 2, "features": \#(features), "segments": \#(segments)}"#.utf8))
    }

    /// A payload of one toggle `t`, enabled, with `strategies` (a JSON list) and more fields.
    static func toggle(strategies: String, extra: String = "") throws -> UnleashFeatures {
        let more = extra.isEmpty ? "" : ", " + extra
        return try document(features: #"[{"name": "t", "enabled": true, "strategies": \#(strategies)\#(more)}]"#)
            .features
    }

    /// A payload of one toggle `t` with one `default` strategy constrained by `constraint`.
    static func constrained(_ constraint: String) throws -> UnleashFeatures {
        try toggle(strategies: #"[{"name": "default", "constraints": [\#(constraint)]}]"#)
    }

    /// Whether toggle `name` is on for `attributes` (a JSON object of context keys).
    static func enabled(_ features: UnleashFeatures, _ name: String = "t", _ attributes: String = "{}") throws -> Bool {
        features.evaluate(name, in: try RuleFixture.context(attributes)).enabled
    }

    /// The trace of toggle `name` read by a flag of `answer`, for `attributes`.
    static func outcome(
        _ features: UnleashFeatures, _ name: String = "t", _ attributes: String = "{}",
        answer: UnleashRules.Answer = .isEnabled
    ) throws -> RuleOutcome {
        CompiledRules(UnleashRules(toggleName: name, features: features, answer: answer)).evaluate(
            in: try RuleFixture.context(attributes))
    }
}
