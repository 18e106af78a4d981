extension FirebaseParameter: RuleEngine {
    /// The default and every conditional value (`useInAppDefault` gives none).
    var outcomes: [RawValue] {
        (conditionalValues.map(\.value) + (defaultValue.map { [$0] } ?? [])).compactMap { value in
            if case .text(let text) = value { return .text(text) }
            return nil
        }
    }

    /// Every attribute the conditions of this parameter read, in evaluation order, each with
    /// the condition that reads it (so the browser's Context branch lists `context/country`).
    /// What each is compared with is at hand in the condition, so `keysOnly` saves nothing here.
    func attributeReads(keysOnly: Bool) -> [AttributeRead] {
        evaluatedConditions.flatMap { condition in
            condition.clauses.flatMap { clause in
                clause.test.attributes.map { key, hint, suggestions in
                    AttributeRead(
                        key: ContextKeys.prefix + key, typeHint: hint, suggestions: suggestions,
                        rule: condition.wording,
                        location: condition.location)
                }
            }
        }
    }
}

extension FirebaseTest {
    /// The keys below `context/` this element reads, with what it compares them with.
    var attributes: [(key: String, hint: AttributeTypeHint?, suggestions: [String])] {
        switch self {
        case .constant: return []
        case .platform(let target, _): return [("platform", .text, [target.lowercased()])]
        case .language(let targets): return [("locale", .text, targets)]
        case .country(let targets): return [("country", .text, targets)]
        case .appID(let target, _): return [("app_id", .text, [target])]
        case .text(let attribute, let match, let targets):
            return [(attribute.key, .text, match == .matches ? [] : targets)]
        case .pattern(let attribute, _): return [(attribute.key, .text, [])]
        case .number(let attribute, _, _): return [(attribute.key, .number, [])]
        case .version(let attribute, _, let parts):
            return [(attribute.key, .version, [parts.map(String.init).joined(separator: ".")])]
        case .audiences(_, let targets): return [("audiences", .text, targets)]
        case .installationID(let targets): return [("firebase_installation_id", .text, targets)]
        case .dateTime: return [("now", .text, [])]
        case .firstOpen: return [("first_open_timestamp", .text, [])]
        case .percent: return [("firebase_installation_id", .text, [])]
        }
    }
}

extension FirebaseAttribute {
    /// The key below `context/`: `app_version`, `user_properties/tier`.
    var key: String { path.joined(separator: "/") }
}
