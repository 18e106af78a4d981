import Testing

@testable import FlagCore

/// A file that cannot be parsed is one diagnostic at the exact place the parser stopped, with the
/// path relative to the workspace — and the other files are still checked.
@Suite("Syntax diagnostics")
struct BlueprintLoaderSyntaxTests {
    @Test(
        "JSON syntax errors in a blueprint are reported at the offending token",
        arguments: [
            ("missing comma", "{\n  \"name\": \"App\"\n  ‸\"flags\": {}\n}\n", "expected ',' or '}'"),
            (
                "trailing comma",
                "{\n  \"name\": \"App\",\n  \"flags\": {\"a\": {\"type\": \"bool\", \"default\": true,‸}}\n}\n",
                "expected a quoted key"
            ),
            (
                "trailing comma in a list", "{\"name\": \"App\", \"flags\": {\"a\": {\"tags\": [\"x\",‸]}}}",
                "expected a JSON value"
            ),
            ("bad escape", "{\n  \"name\": \"App ‸\\x\"\n}\n", "invalid escape '\\x'"),
            ("unterminated string", "{\n  \"name\": \"App‸\n}\n", "unterminated string"),
            ("comment", "{\n  ‸// a comment\n  \"name\": \"App\"\n}\n", "expected a quoted key"),
            ("duplicate key", "{\n  \"name\": \"App\",\n  ‸\"name\": \"Again\"\n}\n", "duplicate key 'name'"),
            ("wide characters before the error", "{\"name\": \"🚀 émigré 名前\" ‸\"flags\": {}}", "expected ',' or '}'"),
        ])
    func jsonSyntax(label: String, marked: String, fragment: String) throws {
        let source = MarkedText(marked)
        let workspace = try Fixture.load("blueprints/app.json", bytes: Array(source.text.utf8))
        expectDiagnostics(workspace, exactly: [.error("blueprints/app.json", source[0], fragment)])
    }

    @Test(
        "Invalid UTF-8 in a blueprint is reported at the first bad byte (JSON and YAML)",
        arguments: [
            // Line 2 is `  "name": "caf\xE9"`: the bad byte is column 15.
            (
                "blueprints/app.json", Array("{\n  \"name\": \"caf".utf8) + [0xE9] + Array("\"\n}\n".utf8),
                TextLocation(line: 2, column: 15)
            ),
            // Line 2 is `description: 🚀 caf\xC3(`: the rocket is one column, the bad byte is column 19.
            (
                "blueprints/app.yml", Array("name: App\ndescription: 🚀 caf".utf8) + [0xC3, 0x28] + Array("\n".utf8),
                TextLocation(line: 2, column: 19)
            ),
        ])
    func invalidUTF8(path: String, bytes: [UInt8], location: TextLocation) throws {
        let workspace = try Fixture.load(path, bytes: bytes)
        expectDiagnostics(workspace, exactly: [.error(path, location, "invalid UTF-8")])
    }

    @Test(
        "YAML syntax errors in a blueprint are reported where libyaml stops",
        arguments: [
            (
                "mapping value in a plain scalar", "name: App\nflags:\n  sson:\n    description: Sign in‸: now\n",
                "mapping values are not allowed"
            ),
            ("tab indentation", "name: App\nflags:\n‸\tsson: {}\n", "cannot start any token"),
            ("wide characters before the error", "name: \"🚀 émigré\"‸: x\n", "mapping values are not allowed"),
        ])
    func yamlSyntax(label: String, marked: String, fragment: String) throws {
        let source = MarkedText(marked)
        let workspace = try Fixture.load("blueprints/app.yml", bytes: Array(source.text.utf8))
        expectDiagnostics(workspace, exactly: [.error("blueprints/app.yml", source[0], fragment)])
    }

    @Test("A blueprint whose root is not a mapping says so")
    func rootNotAMapping() throws {
        let workspace = try Fixture.load("blueprints/app.yml", bytes: Array("- a\n- b\n".utf8))
        expectDiagnostics(
            workspace,
            exactly: [
                .error(
                    "blueprints/app.yml", TextLocation(line: 1, column: 1), "a blueprint must be a mapping",
                    "found a list")
            ])
        let json = try Fixture.load("blueprints/app.json", bytes: Array("  42".utf8))
        expectDiagnostics(
            json,
            exactly: [
                .error(
                    "blueprints/app.json", TextLocation(line: 1, column: 3), "a blueprint must be a mapping",
                    "found a number")
            ])
    }

    @Test("Fields of the wrong shape are reported at the value")
    func wrongShapes() throws {
        let source = MarkedText(
            """
            name: App
            flags:
              sson:
                type: bool
                default: false
                description: ‸[not, text]
                locked: ‸maybe
                tags: ‸{ a: b }
              retries:
                type: int
                default: 1
                description: d
                max: ‸ten
              ‸list: [1, 2]
            collections: ‸[a, b]

            """)
        let workspace = try Fixture.load("blueprints/app.yml", bytes: Array(source.text.utf8))
        let file = "blueprints/app.yml"
        expectDiagnostics(
            workspace,
            exactly: [
                .error(file, source[0], "'description' must be text, found a list"),
                .error(file, source[1], "'locked' must be true or false"),
                .error(file, source[2], "'tags' must be a list, found a mapping"),
                .error(file, source[3], "'max' must be a whole number"),
                .error(
                    file, TextLocation(line: source[4].line, column: source[4].column + 6),
                    "flag 'list' must be a mapping, found a list"),
                .error(file, source[5], "'collections' must be a mapping of names to entries, found a list"),
            ])
    }
}
