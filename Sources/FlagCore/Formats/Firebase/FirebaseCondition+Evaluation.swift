import Foundation

/// What one element gave for a device, with why when the answer needs explaining.
struct FirebaseClauseResult {
    /// Whether the element holds.
    var matched: Bool
    /// Why it does not hold, when the device lacks what it reads or holds something it cannot compare.
    var note: String?
    /// For `percent`, the device's bucket and the split.
    var split: PercentageSplit?
}

extension FirebaseCondition {
    /// Whether every element holds for `context`, evaluated in order and stopping at the first
    /// that does not, as Firebase does; with the note and split of the elements evaluated.
    func evaluate(in context: EvaluationContext, reads: inout ReadLog) -> FirebaseClauseResult {
        var outcome = FirebaseClauseResult(matched: true)
        for clause in clauses {
            let result = clause.test.evaluate(in: context, reads: &reads)
            outcome.split = outcome.split ?? result.split
            if !result.matched {
                outcome.matched = false
                // With several elements, the note says which one it is about.
                outcome.note = result.note.map { clauses.count > 1 ? "\(clause.text): \($0)" : $0 }
                return outcome
            }
        }
        return outcome
    }
}

extension FirebaseTest {
    /// What the element gives for `context`: an attribute the device does not set never
    /// matches (as the SDK sees that device), and the note says which key to set.
    func evaluate(in context: EvaluationContext, reads: inout ReadLog) -> FirebaseClauseResult {
        func read(_ path: [String]) -> JSONValue? { context.attribute(path, reads: &reads) }
        func unset(_ path: [String]) -> FirebaseClauseResult {
            FirebaseClauseResult(
                matched: false,
                note: RuleStep.unsetNote(ContextKeys.prefix + path.joined(separator: "/")))
        }
        switch self {
        case .constant(let value):
            return FirebaseClauseResult(matched: value)
        case .platform(let target, let equal):
            guard let value = read(["platform"]) else { return unset(["platform"]) }
            return FirebaseClauseResult(matched: (Self.text(value).lowercased() == target.lowercased()) == equal)
        case .language(let targets):
            guard let value = read(["locale"]) else { return unset(["locale"]) }
            let locale = Self.languageTag(Self.text(value))
            let matched = targets.map(Self.languageTag).contains { target in
                locale == target || (!target.contains("-") && locale.hasPrefix(target + "-"))
            }
            return FirebaseClauseResult(matched: matched)
        case .country(let targets):
            guard let value = read(["country"]) else { return unset(["country"]) }
            let country = Self.text(value).uppercased()
            return FirebaseClauseResult(matched: targets.contains { $0.uppercased() == country })
        case .appID(let target, let equal):
            guard let value = read(["app_id"]) else { return unset(["app_id"]) }
            return FirebaseClauseResult(matched: (Self.text(value) == target) == equal)
        case .text(let attribute, let match, let targets):
            guard let value = read(attribute.path) else { return unset(attribute.path) }
            return FirebaseClauseResult(matched: Self.matches(Self.text(value), match, targets))
        case .pattern(let attribute, let patterns):
            guard let value = read(attribute.path) else { return unset(attribute.path) }
            let text = Self.text(value)
            return FirebaseClauseResult(matched: patterns.contains { $0.matches(in: text) })
        case .number(let attribute, let comparison, let target):
            guard let value = read(attribute.path) else { return unset(attribute.path) }
            guard let number = Self.number(value) else {
                return FirebaseClauseResult(matched: false, note: "\(Self.shown(value)) is not a number")
            }
            return FirebaseClauseResult(matched: comparison.holds(number < target ? -1 : number > target ? 1 : 0))
        case .version(let attribute, let comparison, let target):
            guard let value = read(attribute.path) else { return unset(attribute.path) }
            guard let parts = FirebaseConditionParser.versionParts(Self.text(value)) else {
                return FirebaseClauseResult(
                    matched: false, note: "\(Self.shown(value)) is not a version of numbers and dots")
            }
            return FirebaseClauseResult(matched: comparison.holds(Self.order(parts, target)))
        case .audiences(let match, let targets):
            guard let value = read(["audiences"]) else { return unset(["audiences"]) }
            let audiences = Set(Self.names(value))
            let contained = targets.map { audiences.contains($0) }
            let matched: Bool
            switch match {
            case .inAtLeastOne: matched = contained.contains(true)
            case .notInAtLeastOne: matched = contained.contains(false)
            case .inAll: matched = !contained.contains(false)
            case .notInAll: matched = !contained.contains(true)
            }
            return FirebaseClauseResult(matched: matched)
        case .installationID(let targets):
            guard let value = read(["firebase_installation_id"]) else { return unset(["firebase_installation_id"]) }
            return FirebaseClauseResult(matched: targets.contains(Self.text(value)))
        case .dateTime(let comparison, let target):
            let now = context.currentTime(reads: &reads)
            return FirebaseClauseResult(matched: comparison.holds(now < target ? -1 : now > target ? 1 : 0))
        case .firstOpen(let comparison, let target):
            guard let value = read(["first_open_timestamp"]) else { return unset(["first_open_timestamp"]) }
            guard let instant = Self.instant(value) else {
                return FirebaseClauseResult(
                    matched: false, note: "\(Self.shown(value)) is not an ISO 8601 date and time")
            }
            return FirebaseClauseResult(matched: comparison.holds(instant < target ? -1 : instant > target ? 1 : 0))
        case .percent(let seed, let lower, let upper):
            guard let value = read(["firebase_installation_id"]) else { return unset(["firebase_installation_id"]) }
            let bucket = FirebasePercent.microPercentile(of: Self.text(value), seed: seed)
            let split = FirebasePercent.split(lower: lower, upper: upper, bucket: bucket)
            return FirebaseClauseResult(matched: lower < bucket && bucket <= upper, split: split)
        }
    }

    /// A value as the text conditions compare (numbers as JSON writes them).
    static func text(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.compactText
    }

    private static func shown(_ value: JSONValue) -> String { value.compactText(limit: 60) }

    /// `en_US` and `EN-us` alike: lower case, `-` between the parts.
    private static func languageTag(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    private static func matches(_ value: String, _ match: FirebaseTextMatch, _ targets: [String]) -> Bool {
        switch match {
        case .contains:
            return targets.contains { value.contains($0) }
        case .notContains:
            return !targets.contains { value.contains($0) }
        case .exactlyMatches:
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            return targets.contains { $0.trimmingCharacters(in: .whitespaces) == trimmed }
        case .matches:
            // The parser makes `.pattern` of these; a `.text` with `.matches` is built by hand only.
            return targets.contains { target in
                (try? LinearPattern(target, dialect: .re2))?.matches(in: value) ?? false
            }
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        case .string(let text): return Double(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// -1, 0 or 1 as `actual` is below, at or above `target`, missing parts counting as 0.
    private static func order(_ actual: [Int], _ target: [Int]) -> Int {
        for index in 0..<max(actual.count, target.count) {
            let left = index < actual.count ? actual[index] : 0
            let right = index < target.count ? target[index] : 0
            if left != right { return left < right ? -1 : 1 }
        }
        return 0
    }

    /// Audience names: a list, or text with commas between names.
    private static func names(_ value: JSONValue) -> [String] {
        if case .array(let items) = value { return items.map(text) }
        return text(value).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// An ISO 8601 text (no zone: UTC) or epoch seconds.
    private static func instant(_ value: JSONValue) -> Date? {
        switch value {
        case .string(let text): return EvaluationContext.instant(text)
        case .int(let seconds): return Date(timeIntervalSince1970: TimeInterval(seconds))
        case .double(let seconds): return Date(timeIntervalSince1970: seconds)
        default: return nil
        }
    }
}

/// Firebase's percentile of an installation id, as its server-side template evaluation computes
/// it (firebase-admin's `remote_config`): SHA-256 of `seed.id` (or the id alone without a seed),
/// the digest read as one number, modulo 100,000,000 micro-percents.
package enum FirebasePercent {
    /// The device's position, 0 ≤ value < 100,000,000.
    package static func microPercentile(of installationID: String, seed: String?) -> Int64 {
        let hashed = (seed.map { $0 + "." } ?? "") + installationID
        return Int64(SHA256.digest(Array(hashed.utf8), modulo: 100_000_000))
    }

    /// The split a percent element makes, in bucket order: `in`/`out` around its bounds.
    static func split(lower: Int64, upper: Int64, bucket: Int64) -> PercentageSplit {
        var shares: [(String, Int64, Int64)] = []
        if lower >= 0 { shares.append(("out", -1, lower)) }
        shares.append(("in", max(lower, -1), upper))
        if upper < 100_000_000 { shares.append((lower >= 0 ? "above" : "out", upper, 100_000_000)) }
        if lower >= 0, upper < 100_000_000 { shares[0].0 = "below" }
        let made = shares.compactMap { name, from, to -> PercentageSplit.Share? in
            let percent = Double(to - max(from, 0)) / 1_000_000
            return percent > 0 ? PercentageSplit.Share(name: name, weight: percent, percent: percent) : nil
        }
        let chosen = shares.first { $0.1 < bucket && bucket <= $0.2 }?.0
        return PercentageSplit(bucket: Double(bucket) / 1_000_000, shares: made, chosen: chosen)
    }
}
