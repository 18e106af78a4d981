import FlagCore
import Foundation
import TestSupport
import Testing

/// The width tables are fitted to: COLUMNS, else the terminal's, else none for a pipe; `list` fits
/// its table to it without ever cutting a key.
@Suite("list width")
struct TerminalWidthTests {
    static let longKey = "lab/" + String(repeating: "very_long_segment_", count: 4) + "end"

    @Test(
        "With COLUMNS=60 every row fits in 60 columns, values are cut with …, and a longer key is printed whole on its own line"
    )
    func fitsTheWidth() throws {
        let folder = try CLIFixture.folder(["blueprints/app.yml": Self.wideBlueprintFile])
        defer { folder.remove() }
        let output = try CLIRunner.run(["list"], in: folder.url, environment: ["COLUMNS": "60"])
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains(Self.longKey), "the key is whole, alone on its line:\n\(output.stdout)")
        for line in lines where line != Self.longKey {
            #expect(TerminalText.displayWidth(of: line) <= 60, "\(line)")
        }
        let afterKey = try #require(lines.firstIndex(of: Self.longKey)).advanced(by: 1)
        #expect(lines[afterKey].hasPrefix(" "), "the rest of the row follows under the columns: \(lines[afterKey])")
        #expect(lines[afterKey].contains("string  wide"), "\(lines[afterKey])")
        #expect(lines[afterKey].contains("…"), "\(lines[afterKey])")
        #expect(CLIFixture.row("lab/sson", in: output.stdout) == ["lab/sson", "bool", "false", "default"])
    }

    @Test("Without COLUMNS and without a terminal (a pipe), rows are not cut")
    func pipeIsNotCut() throws {
        let folder = try CLIFixture.folder(["blueprints/app.yml": Self.wideBlueprintFile])
        defer { folder.remove() }
        let output = try CLIRunner.run(["list"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let row = try #require(output.stdout.split(separator: "\n").first { $0.hasPrefix(Self.longKey) })
        #expect(row.contains(String(repeating: "wide value ", count: 4) + "wide value  "), "\(row)")
        #expect(!row.contains("…"))
    }

    @Test("In a real terminal, list fits the terminal's width")
    func fitsARealTerminal() async throws {
        let folder = try CLIFixture.folder(["blueprints/app.yml": Self.wideBlueprintFile])
        defer { folder.remove() }
        let session = try TmuxSession(
            name: "list-width", arguments: ["list"], directory: folder.url, width: 50, height: 40)
        defer { session.close() }
        #expect(try await session.waitForExit() == 0)
        let lines = try session.screen().lines
        // tmux wraps anything wider than the pane onto the next line: a row that fits is one line.
        let row = try #require(lines.first { $0.hasPrefix("lab/future_banner") }, "\(lines.joined(separator: "\n"))")
        #expect(row.contains("string") && row.contains("hello"), "\(row)")
        #expect(lines.contains { $0.hasPrefix("lab/theme") && $0.contains("enum") && $0.contains("system") })
    }

    static var wideBlueprintFile: String {
        CLIFixture.blueprint.replacingOccurrences(
            of: "features:\n",
            with: """
                  longOne:
                    key: \(longKey.dropFirst(4))
                    type: string
                    default: \(String(repeating: "wide value ", count: 5).trimmingCharacters(in: .whitespaces))
                    description: A long key with a long value
                features:

                """)
    }
}
