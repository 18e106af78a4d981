import ArgumentParser
import FlagBrowser
import FlagCore
import Foundation

/// `flagscope snapshot`: the browser run headless, printing its final screen as text.
struct Snapshot: ParsableCommand, TakesContext {
    static let configuration = CommandConfiguration(
        abstract: "Run the browser headless with scripted keys and print the final screen.",
        discussion:
            "Keys: <Up> <Down> <Left> <Right> <Enter> <Esc> <Space> <Tab> <BTab> <PgUp> <PgDn> <Home> <End> <BS> <C-x> <M-x> (Alt); other characters are typed. Edits go to an in-memory copy unless --write."
    )

    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var context: ContextOptions
    @Option(help: ArgumentHelp("Screen size as WIDTHxHEIGHT.", valueName: "size")) var size = "100x30"
    @Option(help: ArgumentHelp("Keys to press, such as 'jj/sson<Enter><Space>'.", valueName: "keys")) var keys = ""
    @Flag(help: "Write edits to the real files (default: an in-memory copy).") var write = false

    func validate() throws {
        guard parsedSize != nil else {
            throw ValidationError("--size must look like 100x30 (at least 1x1, at most 1000x1000)")
        }
        do { _ = try KeyEvent.parse(keys) } catch { throw ValidationError(error.message) }
    }

    var parsedSize: (width: Int, height: Int)? {
        let parts = size.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...1000).contains(width), (1...1000).contains(height)
        else { return nil }
        return (width, height)
    }

    func run() throws {
        let file = try workspace.locate()
        let (width, height) = parsedSize!
        let fileSystem: FileSystem = write ? LocalFileSystem() : OverlayFileSystem()
        var session = BrowserSession(
            workspaceFile: file, fileSystem: fileSystem, width: width, height: height, context: try context.layer(),
            device: context.device)
        // As in the browser, a warning about the context is its first status line.
        let warnings = try context.check(session.state.model.workspace, printsWarnings: false)
        if let warning = ContextOptions.statusMessage(warning: warnings) { session.greet(warning) }
        for key in try KeyEvent.parse(keys) {
            if !session.press(key) { break }
        }
        Console.out(session.render().text)
    }
}
