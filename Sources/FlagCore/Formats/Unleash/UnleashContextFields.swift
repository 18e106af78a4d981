import Foundation

/// How Unleash rules read the simulated device (docs/rules.md): a field `userId` (or `sessionId`,
/// `remoteAddress`, `environment`, `appName`, any property) is `context/<field>`, read as text
/// the way the SDKs hold every context field; `currentTime` is `context/currentTime`, else
/// `context/now`, else the clock.
enum UnleashContextFields {
    /// The field's text, recorded in `reads`; `nil` when unset.
    static func text(_ field: String, in context: EvaluationContext, reads: inout ReadLog) -> String? {
        if field == "currentTime" {
            return FlagDate.instantText(currentTime(in: context, reads: &reads))
        }
        return context.attribute(named: field, reads: &reads).flatMap(text(of:))
    }

    /// The instant `currentTime` stands for: `context/currentTime` when set and a date, else
    /// `context/now`, else the clock.
    static func currentTime(in context: EvaluationContext, reads: inout ReadLog) -> Date {
        if let value = context.attribute(named: "currentTime", reads: &reads) {
            switch value {
            case .string(let text): if let date = EvaluationContext.instant(text) { return date }
            case .int(let seconds): return Date(timeIntervalSince1970: TimeInterval(seconds))
            case .double(let seconds): return Date(timeIntervalSince1970: seconds)
            default: break
            }
        }
        return context.currentTime(reads: &reads)
    }

    /// A context value as the SDKs see it: text as is; a number or bool as its JSON text (the
    /// number 123 is "123"); lists and objects as compact JSON; `null` as unset.
    static func text(of value: JSONValue) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        default: return value.compactText
        }
    }

}

/// The draw that `random` stickiness and `gradualRolloutRandom` use: the SDKs draw anew on every
/// call, which would make a value flicker between two screens, so Flagscope draws once per run
/// and hashes it with each toggle's group, keeping every split's proportions (0 % and 100 % stay
/// exact, since they do not depend on the draw).
enum UnleashRandomDraw {
    /// This run's draw, a number 1–10000 written as text, as the SDKs make their random ids.
    static let identifier: String = String(Int.random(in: 1...10000))
}

/// The SDKs' bucketing: MurmurHash3 of `groupId:identifier`.
enum UnleashHashing {
    /// The seed of variant buckets.
    static let variantSeed: UInt32 = 86_028_157

    /// A strategy's bucket, 1–100: where `identifier` falls in the rollout of `groupId`.
    static func normalized(_ identifier: String, groupId: String, normalizer: UInt32 = 100, seed: UInt32 = 0)
        -> UInt32
    {
        MurmurHash3.hash32(Array("\(groupId):\(identifier)".utf8), seed: seed) % normalizer + 1
    }
}
