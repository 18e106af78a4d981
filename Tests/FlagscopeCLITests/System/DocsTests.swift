import Foundation
import TestSupport
import Testing

/// The README, CONTRIBUTING.md, CHANGELOG.md and `docs/` are checked like code: the example
/// workspaces load as the pages say, every `$ flagscope …` transcript prints what the page shows,
/// every link stays inside the repository and leads to a file (and heading) that exists, every
/// docs page the code names exists, and the changelog's newest version is the one the binary prints.
@Suite("Documentation")
struct DocsTests {
    static let everyFormat = "docs/examples/every-format/flagscope.yml"

    /// `flagscope validate` of the example workspace `config`, run from the repository's root.
    static func validate(_ config: String) throws -> CLIRunner.Output {
        try CLIRunner.run(
            ["validate", "--config", config], in: CLIRunner.packageRoot, environment: DocsPages.quietEnvironment)
    }

    @Test("The every-format example validates with no error and no warning (its expired and constant flags are notes)")
    func everyFormatIsClean() throws {
        let output = try Self.validate(Self.everyFormat)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        #expect(output.stdout.contains("✓ 0 errors, 0 warnings, 2 notes (2 blueprints"), "\(output.stdout)")
        #expect(!output.stdout.contains("warning:") && !output.stdout.contains("error:"), "\(output.stdout)")
        #expect(output.stderr.isEmpty, "\(output.stderr)")
    }

    @Test("The GrowthBook and LaunchDarkly example, with its device profile, validates with nothing to say")
    func vendorExampleIsClean() throws {
        let output = try Self.validate("docs/examples/growthbook-launchdarkly/flagscope.yml")
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        #expect(
            output.stdout == "✓ workspace is valid: 1 blueprint, 5 flags, 0 features, 4 providers, 1 device\n",
            "\(output.stdout)")
        #expect(output.stderr.isEmpty, "\(output.stderr)")
    }

    @Test("The mistakes example fails validation with exit 1")
    func mistakesFail() throws {
        let output = try Self.validate("docs/examples/mistakes/flagscope.yml")
        #expect(output.status == 1, "\(CLIFixture.describe(output))")
        #expect(output.stdout.contains("✗ 5 errors, 0 warnings"), "\(output.stdout)")
    }

    /// Key → (value as compact JSON, source) that docs/providers.md says each format gives.
    static let documentedValues: [(key: String, value: String, source: String)] = [
        ("reader/dark_mode", "true", "Flagd"),
        ("reader/reading_goals", #"{"booksPerYear":12}"#, "Flagd"),
        ("store/show_charts", "true", "default"),  // flagd DISABLED: unset
        ("reader/new_library", "true", "Unleash"),
        ("reader/type/hyphenation", "false", "Unleash"),  // a disabled toggle is a set false
        ("reader/font_size", "18", "Unleash"),  // heaviest variant's payload, Local's 20 shadowed
        ("store/checkout/retry_limit", "3", "default"),  // disabled toggle: unset for an int
        ("reader/line_spacing", "1.4", "Remote Config"),
        ("reader/sson", "true", "Remote Config"),
        ("reader/help_center", #""https:\/\/support.reader.example.com""#, "Remote Config"),
        ("reader/launch_date", #""2026-09-01""#, "default"),  // useInAppDefault: unset
        ("reader/theme", #""sepia""#, "Local"),
        ("reader/page_cache_size", "16", "Local"),
        ("reader/welcome_text", #""Welcome back, team!""#, "Team"),
        ("reader/toolbar", #"{"items":["search","bookmarks","dictionary"]}"#, "Team"),
        ("reader/debug_overlay", "false", "default"),  // Team excluded
        ("reader/sync_interval", "600", "Environment"),
        ("reader/large_print", "true", "computed"),
        ("reader/eu_notice", "false", "default"),
        ("context/platform", #""iOS""#, "Device"),
        ("context/permissions/microphone", #""notDetermined""#, "default"),
    ]

    @Test("Each provider format of the example gives the value and source the docs quote")
    func documentedValuesHold() throws {
        var environment = DocsPages.quietEnvironment
        environment["EXAMPLE_READER__SYNC_INTERVAL"] = "600"
        let output = try CLIRunner.run(
            ["list", "--json", "--config", Self.everyFormat], in: CLIRunner.packageRoot,
            environment: environment)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let flags = try #require(try CLIFixture.object(output.stdout)["flags"] as? [[String: Any]])
        var byKey: [String: (value: String, source: String)] = [:]
        for flag in flags {
            guard let key = flag["key"] as? String, let source = flag["source"] as? String else { continue }
            let value =
                try flag["value"].map { value in
                    String(
                        decoding: try JSONSerialization.data(
                            withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]),
                        as: UTF8.self)
                } ?? "null"
            byKey[key] = (value, source)
        }
        for expected in Self.documentedValues {
            let found = byKey[expected.key]
            #expect(
                found?.value == expected.value && found?.source == expected.source,
                "\(expected.key): docs say \(expected.value) from \(expected.source), flagscope says \(String(describing: found))"
            )
        }
    }

    @Test("Every `$ flagscope …` transcript in the pages prints what the page shows")
    func transcriptsAreReal() throws {
        // The commands run on a copy, so one that writes cannot change the repository.
        let copy = try TemporaryFolder()
        defer { copy.remove() }
        for folder in ["docs/examples", "Resources/Demo", "Resources/SwiftDemo"] {
            let target = copy.url.appendingPathComponent(folder)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent(folder), to: target)
        }
        let transcripts = try DocsPages.all().flatMap { try $0.transcripts() }
        #expect(transcripts.count >= 10, "found only \(transcripts.count) transcripts")
        for transcript in transcripts {
            let quiet = DocsPages.quietEnvironment
            var environment = quiet
            environment.merge(transcript.environment) { _, new in new }
            var arguments = transcript.arguments
            // `$demo` is the folder `flagscope demo --path` prints, as the README sets it up: a
            // fresh copy of the demo for each transcript, shown as `$demo` in the output too.
            var demo: String?
            if arguments.contains(where: { $0.contains(Transcript.demoVariable) }) {
                let made = try CLIRunner.run(["demo", "--path"], in: copy.url, environment: environment)
                let folder = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                try #require(made.status == 0 && !folder.isEmpty, "demo --path: \(CLIFixture.describe(made))")
                arguments = arguments.map { $0.replacingOccurrences(of: Transcript.demoVariable, with: folder) }
                demo = folder
            }
            defer {
                if demo != nil || transcript.page == "README.md", let scratch = quiet["XDG_STATE_HOME"] {
                    try? FileManager.default.removeItem(atPath: scratch)
                }
            }
            // The README's commands run in the demo's copy, as its reader does after
            // `cd "$(flagscope demo --path)"`.
            var folder = copy.url
            if transcript.page == "README.md" {
                let made = try CLIRunner.run(["demo", "--path"], in: copy.url, environment: environment)
                folder = URL(fileURLWithPath: made.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            let output = try CLIRunner.run(arguments, in: folder, environment: environment)
            var actual = Transcript.lines(output.stdout + output.stderr)
            if let demo {
                actual = actual.map { $0.replacingOccurrences(of: demo, with: Transcript.demoVariable) }
            }
            #expect(
                Transcript.matches(expected: transcript.expected, actual: actual),
                """
                \(transcript.page):\(transcript.line): `$ \(transcript.command)` prints something else now; its output:
                \(actual.joined(separator: "\n"))
                """)
        }
    }

    @Test("Every command in the README's shell blocks runs as written, in order, from a copy of the repository")
    func readmeCommandsRun() throws {
        let readme = try #require(try DocsPages.all().first { $0.path == "README.md" })
        let script = try ReadmeScript(readme)
        #expect(script.commands.count >= 15, "found only \(script.commands.count) commands")
        #expect(script.lineCount <= 250, "the README is \(script.lineCount) lines; a front page is at most 250")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A fresh clone's files: what git tracks, nothing built.
        let tracked = try CLIFixture.shell("git -C '\(CLIRunner.packageRoot.path)' ls-files -z")
        for path in tracked.split(separator: "\0").map(String.init) where !path.isEmpty {
            let target = folder.url.appendingPathComponent("clone/" + path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent(path), to: target)
        }
        // `flagscope` on the PATH is the one these tests built, as `swift package experimental-install` puts it there.
        let bin = folder.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("flagscope"), withDestinationURL: CLIRunner.executable)
        let result = try CLIFixture.shell(
            script.text, in: folder.url.appendingPathComponent("clone"),
            environment: [
                "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
                "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path,
            ])
        #expect(result.hasSuffix("README: every command ran\n"), "\(result)")
    }

    @Test("Every link in the pages leads to a file and heading inside the repository")
    func linksResolve() throws {
        let root = CLIRunner.packageRoot.standardizedFileURL.path
        let pages = try DocsPages.all()
        #expect(pages.count >= 9, "found only \(pages.map(\.path))")
        var checked = 0
        for page in pages {
            for link in page.links() {
                checked += 1
                let place = "\(page.path):\(link.line): (\(link.target))"
                let lowered = link.target.lowercased()
                guard !["http:", "https:", "//", "mailto:"].contains(where: lowered.hasPrefix) else {
                    Issue.record("\(place) leaves the repository")
                    continue
                }
                let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(
                    String.init)
                let target: URL
                if parts[0].isEmpty {
                    target = page.url
                } else {
                    target = page.url.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                }
                guard target.path == root || target.path.hasPrefix(root + "/") else {
                    Issue.record("\(place) points outside the repository")
                    continue
                }
                guard FileManager.default.fileExists(atPath: target.path) else {
                    Issue.record("\(place): no such file \(target.path.dropFirst(root.count + 1))")
                    continue
                }
                if parts.count == 2, target.pathExtension == "md" {
                    if !DocsPage(url: target, root: root).anchors().contains(parts[1]) {
                        Issue.record("\(place): no heading with anchor #\(parts[1]) in \(target.lastPathComponent)")
                    }
                }
            }
        }
        #expect(checked >= 40, "found only \(checked) links")
    }

    @Test("Every docs page and heading named in Sources/ and Tests/ exists")
    func sourceReferencesResolve() throws {
        let root = CLIRunner.packageRoot.standardizedFileURL
        let pattern = try NSRegularExpression(pattern: #"docs/[A-Za-z-]+\.md(#[a-z0-9-]+)?"#)
        var checked = 0
        for folder in ["Sources", "Tests"] {
            let enumerator = FileManager.default.enumerator(
                at: root.appendingPathComponent(folder), includingPropertiesForKeys: [.isRegularFileKey])
            while let url = enumerator?.nextObject() as? URL {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                    let text = try? String(contentsOf: url, encoding: .utf8)
                else { continue }
                let file = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
                let range = NSRange(text.startIndex..., in: text)
                for match in pattern.matches(in: text, range: range) {
                    guard let found = Range(match.range, in: text) else { continue }
                    checked += 1
                    let reference = String(text[found])
                    let line = text[..<found.lowerBound].filter { $0 == "\n" }.count + 1
                    let parts = reference.split(separator: "#", maxSplits: 1).map(String.init)
                    let page = root.appendingPathComponent(parts[0])
                    guard FileManager.default.fileExists(atPath: page.path) else {
                        Issue.record("\(file):\(line): \(reference): no such page")
                        continue
                    }
                    if parts.count == 2, !DocsPage(url: page, root: root.path).anchors().contains(parts[1]) {
                        Issue.record("\(file):\(line): \(reference): no heading with anchor #\(parts[1])")
                    }
                }
            }
        }
        #expect(checked >= 20, "found only \(checked) references to docs pages")
    }

    @Test("CHANGELOG.md's newest released version is what flagscope --version prints")
    func changelogMatchesVersion() throws {
        let changelog = DocsPage(
            url: CLIRunner.packageRoot.appendingPathComponent("CHANGELOG.md"), root: CLIRunner.packageRoot.path)
        let released = changelog.split().prose.lazy.map { $0.text }
            .filter { $0.hasPrefix("## ") }
            .map { $0.dropFirst(3).split(separator: " ").first.map(String.init) ?? "" }
            .first { $0.lowercased() != "unreleased" }
        let newest = try #require(released, "CHANGELOG.md has no released version heading (## 1.2.3)")
        let output = try CLIRunner.run(["--version"])
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        #expect(
            output.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == newest,
            "CHANGELOG.md's newest release is \(newest); flagscope --version prints \(output.stdout)")
    }

    @Test("The shell completion scripts the README installs are generated", arguments: ["bash", "zsh", "fish"])
    func completionScripts(shell: String) throws {
        let output = try CLIRunner.run(["--generate-completion-script", shell])
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        for command in ["demo", "init", "validate", "list", "get", "set", "reset", "explain", "snapshot"] {
            #expect(output.stdout.contains(command), "the \(shell) script does not offer \(command)")
        }
        // bash and zsh spell the option `--config`, fish `-l 'config'`.
        #expect(
            output.stdout.contains("--config") || output.stdout.contains("-l 'config'"),
            "no --config in the \(shell) script")
    }
}

/// The Markdown pages under test: README.md, CONTRIBUTING.md, CHANGELOG.md and every `.md` file
/// under docs/.
enum DocsPages {
    /// No user cache or state: nothing a command prints depends on the machine.
    static var quietEnvironment: [String: String] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flagscope-docs-\(UUID().uuidString)"
        ).path
        return ["XDG_CACHE_HOME": scratch, "XDG_STATE_HOME": scratch]
    }

    static func all() throws -> [DocsPage] {
        let root = CLIRunner.packageRoot.standardizedFileURL
        var urls = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"].map { root.appendingPathComponent($0) }
        let docs = root.appendingPathComponent("docs")
        let enumerator = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "md" { urls.append(url.standardizedFileURL) }
        }
        return urls.sorted { $0.path < $1.path }.map { DocsPage(url: $0, root: root.path) }
    }
}

/// One Markdown page, read as lines with its fenced code blocks told apart.
struct DocsPage {
    let url: URL
    /// The path relative to the repository, for messages.
    let path: String
    let lines: [String]

    init(url: URL, root: String) {
        self.url = url
        path = String(url.path.dropFirst(root.count + 1))
        lines = ((try? String(contentsOf: url, encoding: .utf8)) ?? "").components(separatedBy: "\n")
    }

    /// A fenced code block: its first line number (1-based, of the opening fence) and its lines
    /// with the fence's indentation removed.
    struct Block {
        var line: Int
        var lines: [String]
        /// What follows the opening fence: `sh`, `text`, or nothing.
        var language = ""
    }

    /// The fenced blocks, and the prose lines (with their numbers) outside them.
    func split() -> (blocks: [Block], prose: [(number: Int, text: String)]) {
        var blocks: [Block] = []
        var prose: [(Int, String)] = []
        var open: (block: Block, indent: Int)?
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") {
                if let current = open {
                    blocks.append(current.block)
                    open = nil
                } else {
                    let language = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                    open = (Block(line: index + 1, lines: [], language: language), line.count - trimmed.count)
                }
                continue
            }
            if var current = open {
                current.block.lines.append(String(line.dropFirst(min(current.indent, line.prefix { $0 == " " }.count))))
                open = current
            } else {
                prose.append((index + 1, line))
            }
        }
        return (blocks, prose)
    }

    /// Inline links `[text](target)` in prose, outside code spans.
    func links() -> [(line: Int, target: String)] {
        var result: [(Int, String)] = []
        for (number, text) in split().prose {
            let withoutCode = text.replacingOccurrences(of: "`[^`]*`", with: "", options: .regularExpression)
            var rest = withoutCode[...]
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                let target = after[..<close].split(separator: " ").first.map(String.init) ?? ""
                result.append((number, target))
                rest = after[close...]
            }
            // Bare web addresses in angle brackets are links too.
            if withoutCode.contains("<http") { result.append((number, "http")) }
        }
        return result
    }

    /// The anchors of the page's headings, as GitHub makes them.
    func anchors() -> Set<String> {
        var seen: [String: Int] = [:]
        var result: Set<String> = []
        for (_, text) in split().prose where text.hasPrefix("#") {
            let title = text.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            var slug = ""
            for character in title.lowercased() {
                if character == " " {
                    slug.append("-")
                } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                    slug.append(character)
                }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            result.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return result
    }

    /// Code blocks whose first line is `$ [NAME=value …] flagscope …`.
    func transcripts() throws -> [Transcript] {
        try split().blocks.compactMap { block in
            guard let first = block.lines.first, first.hasPrefix("$ ") else { return nil }
            let command = String(first.dropFirst(2))
            var words = try Transcript.words(command)
            var environment: [String: String] = [:]
            while let word = words.first, let equals = word.firstIndex(of: "="),
                word[..<equals].allSatisfy({ $0.isUppercase || $0 == "_" || $0.isNumber })
            {
                environment[String(word[..<equals])] = String(word[word.index(after: equals)...])
                words.removeFirst()
            }
            guard words.first == "flagscope" else {
                throw Transcript.Problem(
                    description: "\(path):\(block.line): a transcript runs flagscope, not \(command)")
            }
            return Transcript(
                page: path, line: block.line, command: command, environment: environment,
                arguments: Array(words.dropFirst()),
                expected: Transcript.lines(block.lines.dropFirst().joined(separator: "\n")))
        }
    }
}

/// A command shown with its output on a page.
struct Transcript {
    var page: String
    var line: Int
    var command: String
    var environment: [String: String]
    var arguments: [String]
    /// The output as the page shows it; a line that is only `…` (indented or not) stands for any
    /// number of lines.
    var expected: [String]

    /// In a command, the folder of the demo's copy (`demo="$(flagscope demo --path)"`); in the
    /// output, where that folder is printed.
    static let demoVariable = "$demo"

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Lines without trailing blanks, and without empty lines at the end.
    static func lines(_ text: String) -> [String] {
        var result = text.components(separatedBy: "\n").map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    /// Whether `actual` is `expected`, where each `…` line in `expected` matches any run of lines.
    static func matches(expected: [String], actual: [String]) -> Bool {
        var memo: [Int: Bool] = [:]
        func match(_ e: Int, _ a: Int) -> Bool {
            let key = e * (actual.count + 1) + a
            if let known = memo[key] { return known }
            let result: Bool
            if e == expected.count {
                result = a == actual.count
            } else if expected[e].trimmingCharacters(in: .whitespaces) == "…" {
                result = match(e + 1, a) || (a < actual.count && match(e, a + 1))
            } else {
                result = a < actual.count && expected[e] == actual[a] && match(e + 1, a + 1)
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }

    /// Splits a command line into words, with '…' and "…" quoting.
    static func words(_ command: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil { throw Problem(description: "unclosed quote in `\(command)`") }
        if inWord { words.append(current) }
        return words
    }
}

/// The README's shell blocks as one bash script, run in order as a reader types them into one
/// terminal: each command must succeed; one that opens the browser (which needs a terminal) must
/// get as far as saying so. `swift run flagscope` is the `flagscope` built for the tests; `swift
/// test`, `swift build` and `swift package experimental-install` are what CI itself runs
/// (`.ci/run`, `Scripts/check-install`), so here they are only recognised.
struct ReadmeScript {
    /// The commands, with the README line each is on.
    var commands: [(line: Int, text: String)] = []
    /// The README's length in lines.
    var lineCount: Int

    init(_ page: DocsPage) throws {
        lineCount = page.lines.count
        for block in page.split().blocks where block.language == "sh" {
            for (offset, raw) in block.lines.enumerated() {
                let text = raw.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty, !text.hasPrefix("#") else { continue }
                commands.append((block.line + 1 + offset, text))
            }
        }
    }

    /// Whether a command opens the browser: `flagscope` alone or with options only, `demo`
    /// without `--path` or `--no-browser`.
    static func opensBrowser(_ command: String) -> Bool {
        let words = command.split(separator: "#").first?.split(separator: " ").map(String.init) ?? []
        guard words.first == "flagscope" else { return false }
        let rest = words.dropFirst()
        if rest.allSatisfy({ $0.hasPrefix("-") }) { return true }
        return rest.first == "demo" && !rest.contains("--path") && !rest.contains("--no-browser")
    }

    /// The bash script.
    var text: String {
        var lines = [
            "out=$(mktemp)",
            "fail() { echo \"README.md:$1: $2\"; cat \"$out\"; exit 1; }",
        ]
        for (line, command) in commands {
            var run = command
            if run.hasPrefix("swift run flagscope") { run = String(run.dropFirst("swift run ".count)) }
            let quoted = "'" + run.replacingOccurrences(of: "'", with: "'\\''") + "'"
            if ["swift test", "swift build", "swift package experimental-install"].contains(where: run.hasPrefix) {
                lines.append(": README.md:\(line) is run by CI itself")
            } else if Self.opensBrowser(run) {
                lines.append(
                    "eval \(quoted) </dev/null >\"$out\" 2>&1; [ $? -eq 1 ] && grep -q 'needs a terminal' \"$out\" || fail \(line) \(quoted)"
                )
            } else {
                lines.append("eval \(quoted) </dev/null >\"$out\" 2>&1 || fail \(line) \(quoted)")
            }
        }
        lines.append("echo 'README: every command ran'")
        return lines.joined(separator: "\n")
    }
}
