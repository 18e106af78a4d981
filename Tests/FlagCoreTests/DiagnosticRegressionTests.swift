import Testing

@testable import FlagCore

// Diagnostics in cases that once went wrong.
// To run: copy into Tests/FlagCoreTests/ (they use Support/Fixture.swift).
@Suite("Diagnostic positions and checks found by review")
struct DiagnosticRegressionTests {
    static let yml = "blueprints/app.yml"
    static let json = "blueprints/app.json"

    static func caret(after columns: Int) -> String { "    " + String(repeating: " ", count: columns) + "^" }

    static func jsonError(_ bytes: [UInt8]) -> DocumentError? {
        do {
            _ = try JSONReader.parse(bytes)
            return nil
        } catch { return error }
    }

    static func yamlError(_ text: String) -> DocumentError? {
        do {
            _ = try YAMLReader.parse(text)
            return nil
        } catch { return error }
    }

    @Test("JSON: a UTF-8 byte order mark is not counted as a column")
    func jsonByteOrderMark() throws {
        let root = try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
        #expect(root.mapping?.first?.key.scalarText == "a")
        #expect(root.location == TextLocation(line: 1, column: 1))
        #expect(root.mapping?.first?.key.location == TextLocation(line: 1, column: 2))
        let error = try #require(Self.jsonError([0xEF, 0xBB, 0xBF] + Array("{,}".utf8)))
        #expect(error.location == TextLocation(line: 1, column: 2))
    }

    @Test("YAML: a byte order mark is not counted as a column")
    func yamlByteOrderMark() throws {
        let root = try YAMLReader.parse([0xEF, 0xBB, 0xBF] + Array("name: App\n".utf8))
        #expect(root["name"]?.scalarText == "App")
        #expect(root.mapping?.first?.key.location == TextLocation(line: 1, column: 1))
        #expect(root.mapping?.first?.value.location == TextLocation(line: 1, column: 7))
    }

    @Test("YAML reader: a duplicate key is an error at the second occurrence")
    func yamlDuplicateKey() throws {
        let source = MarkedText("name: App\nflags:\n  sson:\n    type: bool\n    default: false\n    ‸type: int\n")
        let error = try #require(Self.yamlError(source.text))
        #expect(error.message.contains("duplicate key 'type'"))
        #expect(error.location == source[0])
    }

    @Test("A duplicate field in a YAML mapping is reported at the second key")
    func yamlDuplicateField() throws {
        let source = MarkedText(
            """
            name: App
            flags:
              sson:
                type: bool
                default: false
                ‸type: int
                description: d

            """)
        let workspace = try Fixture.load("blueprints/app.yml", bytes: Array(source.text.utf8))
        expectDiagnostics(workspace, exactly: [.error("blueprints/app.yml", source[0], "duplicate key 'type'")])
    }

    @Test("A duplicate provider name is reported at the second name")
    func duplicateProviderNames() throws {
        let source = MarkedText(
            """
            blueprints: [blueprints/app.yml]
            providers:
              - name: Remote
                format: json
                path: remote.json
              - name: ‸Remote
                format: json
                path: other.json

            """)
        expectDiagnostics(
            try Fixture.load(workspaceFile: source.text),
            exactly: [
                .error("flagscope.yml", source[0], "duplicate provider name 'Remote'")
            ])
    }

    @Test("A second writable provider is reported at its writable: value")
    func twoWritableProviders() throws {
        let source = MarkedText(
            """
            blueprints: [blueprints/app.yml]
            providers:
              - name: Local
                format: json
                path: local.json
                writable: true
              - name: QA
                format: json
                path: qa.json
                writable: ‸true

            """)
        expectDiagnostics(
            try Fixture.load(workspaceFile: source.text),
            exactly: [
                .error("flagscope.yml", source[0], "only one provider can be writable", "'Local' already is")
            ])
    }

    @Test("In a file with CRLF line endings the right line is quoted, without its CR")
    func crlfLines() {
        let renderer = DiagnosticRenderer(sources: [
            "win.yml": SourceText(path: "win.yml", text: "name: App\r\nflags:\r\n  sson: x\r\n")
        ])
        #expect(
            renderer.render(.error("m", file: "win.yml", at: TextLocation(line: 3, column: 9)))
                == "win.yml:3:9: error: m\n      sson: x\n" + Self.caret(after: 8))
    }

    @Test("A diagnostic on line 1 of a CRLF file quotes line 1 only, not the whole file")
    func crlfFirstLine() {
        let renderer = DiagnosticRenderer(sources: [
            "win.yml": SourceText(path: "win.yml", text: "name: App\r\nflags:\r\n  sson: x\r\n")
        ])
        #expect(
            renderer.render(.error("m", file: "win.yml", at: TextLocation(line: 1, column: 7)))
                == "win.yml:1:7: error: m\n    name: App\n" + Self.caret(after: 6))
    }

    @Test("A CRLF blueprint reports the same positions and quotes the offending line")
    func crlfWorkspace() throws {
        let text = "name: App\r\nflags:\r\n  sson:\r\n    type: bool\r\n    default: \"true\"\r\n    description: d\r\n"
        let workspace = try Fixture.load(blueprint: text)
        expectDiagnostics(
            workspace, exactly: [.error("blueprints/app.yml", TextLocation(line: 5, column: 14), "remove the quotes")])
        let rendered = workspace.diagnosticRenderer.render(all: workspace.diagnostics)
        #expect(
            rendered.split(separator: "\n").dropFirst().map(String.init) == [
                "        default: \"true\"", Self.caret(after: 13),
            ])
    }

    @Test("A plain computed: starting with '!' (a YAML tag) is not silently dropped")
    func tagLikeComputed() throws {
        let source = MarkedText(
            """
            name: App
            flags:
              sson: { type: bool, default: false, description: d }
              optOut:
                type: bool
                default: false
                description: d
                computed: ‸!sson

            """)
        let workspace = try Fixture.load(blueprint: source.text)
        let atValue = workspace.diagnostics.filter { $0.location == source[0] && $0.severity == .error }
        #expect(atValue.count == 1, "\(Diagnostic.listing(workspace.diagnostics))")
    }

    @Test("An escaped quote earlier in a double-quoted value does not shift the error column")
    func escapedQuotesDoNotShiftColumns() throws {
        let yaml = MarkedText(
            #"""
            name: App
            flags:
              sson: { type: bool, default: false, description: d }
              region:
                type: bool
                default: false
                description: d
                computed: "key(\"sson\") && ‸?"

            """#)
        expectDiagnostics(
            try Fixture.load(blueprint: yaml.text),
            exactly: [
                .error(Self.yml, yaml[0], "in computed expression", "unexpected character '?'")
            ])
        let json = MarkedText(
            #"""
            {"name": "App", "flags": {
              "sson": {"type": "bool", "default": false, "description": "d"},
              "region": {"type": "bool", "default": false, "description": "d", "computed": "key(\"sson\") && ‸?"}
            }}
            """#)
        expectDiagnostics(
            try Fixture.load(blueprint: json.text, at: Self.json),
            exactly: [
                .error(Self.json, json[0], "in computed expression", "unexpected character '?'")
            ])
    }

    @Test("An error on the second line of a folded expression points at that line")
    func foldedExpressionErrorLine() throws {
        let source = MarkedText(
            """
            name: App
            flags:
              sson: { type: bool, default: false, description: d }
              long:
                type: bool
                default: false
                description: d
                computed: >-
                  sson &&
                  sson && ‸)

            """)
        expectDiagnostics(
            try Fixture.load(blueprint: source.text),
            exactly: [
                .error(Self.yml, source[0], "in computed expression", "found ')'")
            ])
    }

    @Test("A '' escape earlier in a single-quoted value does not shift the error column")
    func singleQuoteEscapes() throws {
        let source = MarkedText(
            """
            name: App
            flags:
              s: { type: string, default: x, description: d }
              a:
                type: bool
                default: false
                description: d
                computed: 's == ''it''''s'' && ‸?'

            """)
        expectDiagnostics(
            try Fixture.load(blueprint: source.text),
            exactly: [
                .error(Self.yml, source[0], "in computed expression", "unexpected character '?'")
            ])
    }

    @Test("An error on the second line of a multi-line plain expression points at that line")
    func multiLinePlainExpression() throws {
        let source = MarkedText(
            """
            name: App
            flags:
              s: { type: bool, default: false, description: d }
              a:
                type: bool
                default: false
                description: d
                computed: s &&
                  s && ‸)

            """)
        expectDiagnostics(
            try Fixture.load(blueprint: source.text),
            exactly: [
                .error(Self.yml, source[0], "in computed expression", "found ')'")
            ])
    }

    @Test("The same unknown provider listed twice is reported once at each item")
    func repeatedExcludedProvider() throws {
        let source = MarkedText(
            """
            name: App
            flags:
              a: { type: bool, default: false, description: d, excludedProviders: [‸Locl, Remote, ‸Locl] }

            """)
        expectDiagnostics(
            try Fixture.load(blueprint: source.text),
            exactly: [
                .error(Self.yml, source[0], "unknown provider 'Locl'"),
                .error(Self.yml, source[1], "unknown provider 'Locl'"),
            ])
    }

    @Test("A permission written as { camera: … } is an error, not silently read as camera")
    func permissionMappingOtherThanLocation() throws {
        let source = MarkedText(
            """
            name: App
            features:
              f:
                description: d
                constraints:
                  permissions: [‸{ camera: always }]

            """)
        let workspace = try Fixture.load(blueprint: source.text)
        #expect(
            workspace.diagnostics.contains { $0.severity == .error && $0.location?.line == source[0].line },
            "\(Diagnostic.listing(workspace.diagnostics))")
    }
}
