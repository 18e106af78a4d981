import ArgumentParser
import FlagCore

/// `flagscope reset KEY…` / `reset --all`: remove keys from the writable provider.
struct Reset: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove keys from the writable provider, so lower layers decide again.",
        discussion:
            "A key with * is a pattern: 'context/*' removes every key of the writable file under context/ (the simulated device) and leaves your other overrides; * matches any characters, / included."
    )

    @OptionGroup var workspace: WorkspaceOptions
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Remove every key of the writable provider (declared or not) and list them.") var all = false
    @Argument(help: "Keys or patterns (such as 'context/*') to remove.") var keys: [String] = []

    func validate() throws {
        if all, !keys.isEmpty { throw ValidationError("give keys or --all, not both") }
        if !all, keys.isEmpty { throw ValidationError("name at least one key to reset, or pass --all") }
    }

    func run() throws {
        let editor = FlagEditor(workspace: try workspace.loadValid())
        do {
            if all {
                let report = try editor.resetAll()
                if json { Console.json(report.json) } else { Console.out(report.resetText) }
                return
            }
            let (provider, _) = try editor.writer()
            let selection = editor.select(keys)
            let unmatched = editor.unmatchedLines(selection)
            // Patterns that match nothing leave nothing to write: the file is not touched.
            let report = selection.keys.isEmpty ? nil : try editor.reset(selection.keys)
            if json {
                var object: [(String, JSONValue)] = [
                    ("provider", .string(provider.name)), ("file", .string(editor.writableFile ?? "")),
                    ("changes", .array([])),
                ]
                if case .object(let written)? = report?.json { object = written.map { ($0.key, $0.value) } }
                object.append(("unmatched", .array(selection.unmatchedPatterns.map(JSONValue.string))))
                Console.json(.object(.init(uniqueKeysWithValues: object)))
            } else {
                if let report { Console.out(report.resetText) }
                for line in unmatched { Console.out(line) }
            }
        } catch {
            Console.error("error: \(error.description)")
            throw ExitCode.failure
        }
    }
}
