import FlagCore

extension Reducer {
    /// The rule attribute (docs/rules.md) a flag stands for, when it is one whose value any JSON fits:
    /// its editor follows what its rules compare it with. Well-known keys (platform, targeting
    /// key) keep their own editors.
    static func ruleAttribute(of flag: FlagDefinition, _ state: BrowserState) -> RuleAttribute? {
        guard flag.rules.acceptsAnyJSON else { return nil }
        return state.model.workspace.ruleAttribute(flag.key)
    }

    /// What typed text gives a key: read as its rules compare it for a rule attribute, else by
    /// the key's own value rules.
    static func typedValue(_ text: String, flag: FlagDefinition, _ state: BrowserState) -> Result<
        FlagValue, ValueError
    > {
        // An attribute of the device set to nothing is never what was meant (an empty "other…"
        // Enter): unset is, and x does that.
        if flag.key.hasPrefix(ContextKeys.prefix), text.isEmpty {
            return .failure(ValueError("type a value (x removes the attribute instead)"))
        }
        return ruleAttribute(of: flag, state)?.value(fromText: text) ?? flag.rules.value(fromText: text)
    }

    /// A picker for a rule attribute when its rules make one sensible: `true`/`false` for an
    /// attribute compared with bools; the values its rules compare it with for text, plus
    /// "other…" for anything else. `nil` for the line editor.
    static func attributePicker(for flag: FlagDefinition, current: FlagValue?, _ state: BrowserState) -> Picker? {
        guard let attribute = ruleAttribute(of: flag, state) else { return nil }
        var picker: Picker
        switch attribute.typeHint {
        case .bool?:
            picker = Picker(key: flag.key, options: [.json(.bool(true)), .json(.bool(false))], selected: 0)
        case .text?, nil:
            guard !attribute.suggestions.isEmpty else { return nil }
            picker = Picker(key: flag.key, options: attribute.suggestions.map(FlagValue.string), selected: 0)
            picker.offersOther = true
        default:
            return nil
        }
        picker.selected =
            current.flatMap { picker.options.firstIndex(of: $0) } ?? (current == nil ? 0 : picker.options.count)
        picker.select(row: picker.selected)
        return picker
    }

    /// "other…" in a picker: the line editor, with what the key holds now.
    static func editOther(_ picker: Picker, _ state: inout BrowserState) -> [Effect] {
        guard let flag = state.model.workspace.flags[picker.key] else {
            state.mode = .normal
            return []
        }
        let current = writableValue(flag.key, state) ?? state.model.value(flag.key)?.value
        let text = Array(current.map(\.displayText) ?? "")
        var editor = TextEditor(key: flag.key, text: text, cursor: text.count, problem: nil)
        validate(&editor, flag: flag, state)
        state.mode = .edit(editor)
        return []
    }
}
