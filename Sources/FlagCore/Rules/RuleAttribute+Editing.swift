extension RuleAttribute {
    /// What typed text gives this attribute, read as its rules compare it: a number for rules
    /// that compare it with numbers, a semantic version (kept as text) for `sem_ver`, `true` or
    /// `false` for rules that compare it with a bool, the text itself for text rules. `nil`
    /// when the rules do not agree on a kind: the key's own value rules decide then.
    package func value(fromText text: String) -> Result<FlagValue, ValueError>? {
        switch typeHint {
        case .number?:
            switch JSONValue(parsingOrText: text) {
            case .int(let number): return .success(.json(.int(number)))
            case .double(let number): return .success(.json(.double(number)))
            default: return .failure(ValueError("its rules compare it with numbers: type a number, such as 42"))
            }
        case .bool?:
            switch text.lowercased() {
            case "true": return .success(.json(.bool(true)))
            case "false": return .success(.json(.bool(false)))
            default: return .failure(ValueError("its rules compare it with true or false: type one of them"))
            }
        case .version?:
            guard SemanticVersion(typed: text) != nil else {
                // Worded as the OS version's editor words it: both are versions to the person typing.
                let example = suggestions.first { SemanticVersion(typed: $0) != nil } ?? "4.12.0"
                return .failure(ValueError("'\(text)' is not a version: type one, such as \(example)"))
            }
            return .success(.string(text))
        case .text?:
            return .success(.string(text))
        case nil:
            return nil
        }
    }

    /// What its rules compare it with, in words (`a number`, `text: "de", "es"`), or `nil` when
    /// they do not agree on a kind.
    package var expectation: String? {
        guard let typeHint else { return nil }
        let kind: String
        switch typeHint {
        case .number: kind = "a number"
        case .bool: kind = "true or false"
        case .version: kind = "a semantic version"
        case .text: kind = "text"
        }
        return suggestions.isEmpty ? kind : kind + ": " + suggestions.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    /// The first `limit` rules that read it, each as `provider: flag (rule)`:
    /// `Rollouts: lab/compact_rows (email ends_with "@podcasts.example.com")`.
    package func readerLines(limit: Int = .max) -> [String] {
        readers.prefix(limit).map { "\($0.provider): \($0.flag) (\($0.rule))" }
    }
}
