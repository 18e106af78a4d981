import ArgumentParser
import FlagCore
import Foundation

extension ExportReport.Format: ExpressibleByArgument {}
extension ExportReport.Scope: ExpressibleByArgument {}

/// `flagscope export`: what the device gets, in a form the app or its tools read (docs/export.md).
struct Export: ParsableCommand, TakesContext {
    static let configuration = CommandConfiguration(
        abstract:
            "Write what the device gets as launch arguments, simulator defaults, a scheme, env, json, plist or flagd.",
        discussion:
            "Keys a format cannot carry are listed on standard error with the reason, never dropped silently."
    )

    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var context: ContextOptions
    @Option(
        help: ArgumentHelp("The form to write (docs/export.md).", valueName: "format"))
    var format: ExportReport.Format
    @Option(
        name: .customLong("only"),
        help: "overridden (the flags the writable provider sets) or all (every flag with a value).")
    var scope: ExportReport.Scope = .overridden
    @Flag(help: "Write the context/* keys too.") var includeContext = false
    @Option(name: .customLong("bundle-id"), help: "The app's bundle identifier (simctl).") var bundleID: String?
    @Option(help: "The variable prefix (env), when the workspace's env provider does not give one.") var prefix: String?
    @Flag(help: "Launch arguments on one line.") var oneLine = false
    @Option(help: "Write to FILE instead of standard output (never half written).") var output: String?

    func run() throws {
        var options = ExportReport.Options(format: format)
        options.scope = scope
        options.includeContext = includeContext
        options.bundleID = bundleID
        options.prefix = prefix
        options.oneLine = oneLine
        if format == .simctl, bundleID?.isEmpty ?? true {
            Console.error(
                "error: --format simctl writes into one app's defaults: add --bundle-id, such as --bundle-id com.example.podcasts"
            )
            throw ExitCode.validationFailure
        }
        let loaded = try context.load(workspace)
        let report: ExportReport
        do {
            report = try ExportReport(workspace: loaded, options: options)
        } catch {
            Console.error("error: \(error.description)")
            throw ExitCode.validationFailure
        }
        for refusal in report.refused {
            Console.error("not exported: \(TerminalText.escaped(refusal.key)): \(refusal.reason)")
        }
        for kept in report.rulesKept { Console.error("note: " + kept.note) }
        if includeContext, scope == .overridden, !report.keys.contains(where: { $0.hasPrefix(ContextKeys.prefix) }) {
            Console.error(
                "note: the writable provider sets no context/* key; --only all --include-context writes the device's")
        }
        if report.keys.isEmpty {
            Console.error(
                scope == .overridden
                    ? "note: the writable provider sets no key for this export; --only all writes every flag with a value"
                    : "note: no flag has a value to export")
        }
        guard let output else {
            Console.write(report.text)
            return
        }
        let url = URL(fileURLWithPath: output, relativeTo: WorkspaceOptions.currentDirectory)
        let files = LocalFileSystem()
        let folder = url.deletingLastPathComponent()
        guard files.fileExists(at: folder) else {
            Console.error(
                "error: cannot write \(TerminalText.escaped(output)): the folder \(TerminalText.escaped(folder.path)) does not exist; make it first"
            )
            throw ExitCode.failure
        }
        do {
            let temporary = try files.writeTemporary(Array(report.text.utf8), beside: url, permissions: 0o644)
            try files.replace(url, with: temporary)
        } catch {
            Console.error("error: cannot write \(TerminalText.escaped(output)): \(FileErrorText.describe(error))")
            throw ExitCode.failure
        }
        Console.error("exported \(Plural.count(report.keys.count, "key")) to \(TerminalText.escaped(output))")
    }
}
