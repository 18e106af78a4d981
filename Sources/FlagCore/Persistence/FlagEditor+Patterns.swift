/// The keys a `reset` names: plain keys as given, patterns (`context/*`) expanded against the
/// keys the writable file holds.
package struct KeySelection: Sendable, Equatable {
    /// The keys to act on, in the order given (a pattern's matches in the file's order), without repeats.
    package var keys: [String]
    /// The patterns that matched no key of the writable file.
    package var unmatchedPatterns: [String]
}

extension FlagEditor {
    /// Expands `arguments`: a pattern stands for every key of the writable file it matches.
    package func select(_ arguments: [String]) -> KeySelection {
        let present = workspace.writableProvider?.keyOrder ?? []
        var keys: [String] = []
        var seen: Set<String> = []
        var unmatched: [String] = []
        for argument in arguments {
            guard let pattern = KeyPattern(argument) else {
                if seen.insert(argument).inserted { keys.append(argument) }
                continue
            }
            let matches = present.filter(pattern.matches)
            if matches.isEmpty { unmatched.append(argument) }
            for key in matches where seen.insert(key).inserted { keys.append(key) }
        }
        return KeySelection(keys: keys, unmatchedPatterns: unmatched)
    }

    /// The writable file as reports show it (relative to the workspace folder).
    package var writableFile: String? {
        workspace.config.writableProvider?.path.map {
            WorkspacePath.displayPath(of: WorkspacePath.url(ofPath: $0, in: workspace.folder), in: workspace.folder)
        }
    }

    /// "no key in Local (.flagscope/local.json) matches 'context/*'; nothing to remove", for each unmatched pattern.
    package func unmatchedLines(_ selection: KeySelection) -> [String] {
        let provider = workspace.config.writableProvider?.name ?? "the writable provider"
        let file = writableFile.map { " (\($0))" } ?? ""
        return selection.unmatchedPatterns.map { pattern in
            TerminalText.escaped("no key in \(provider)\(file) matches '\(pattern)'; nothing to remove")
        }
    }
}
