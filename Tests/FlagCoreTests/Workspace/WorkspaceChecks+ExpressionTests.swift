import Testing

@testable import FlagCore

/// `computed:` expressions are parsed and type-checked at load time; a problem points at the
/// offending token inside the value, and a cycle at the `computed:` value of every flag in it (docs/blueprints.md, docs/computed.md).
@Suite("Computed expression diagnostics")
struct WorkspaceChecksExpressionTests {
    static let yml = "blueprints/app.yml"
    static let json = "blueprints/app.json"

    @Test("Parse, key and type errors point at the offending token in plain, double- and single-quoted YAML")
    func expressionErrorsYAML() throws {
        let source = MarkedText(
            """
            name: App
            keyPrefix: lab
            flags:
              sson: { type: bool, default: false, description: d }
              count: { type: int, default: 1, description: d }
              plainParse:
                type: bool
                default: false
                description: d
                computed: lab/sson && ‸&& lab/sson
              quotedParse:
                type: bool
                default: false
                description: d
                computed: "lab/sson ‸= true"
              singleQuoted:
                type: bool
                default: false
                description: d
                computed: 'lab/sson && key(‸lab)'
              unknownKey:
                type: bool
                default: false
                description: d
                computed: "‸lab/ssn || false"
              typeError:
                type: bool
                default: false
                description: d
                computed: "true && ‸lab/count"
              resultType:
                type: bool
                default: false
                description: d
                computed: ‸lab/count
              enumLiteral:
                type: bool
                default: false
                description: d
                computed: "context/platform == ‸'iOs'"

            """)
        let workspace = try Fixture.load(blueprint: source.text)
        expectDiagnostics(workspace, exactly: Self.expressionErrors(Self.yml, source))
        #expect(workspace.expressions.isEmpty)
    }

    @Test("Parse, key and type errors point at the offending token inside a JSON string")
    func expressionErrorsJSON() throws {
        let source = MarkedText(
            """
            {
              "name": "App",
              "keyPrefix": "lab",
              "flags": {
                "sson": {"type": "bool", "default": false, "description": "d"},
                "count": {"type": "int", "default": 1, "description": "d"},
                "plainParse": {"type": "bool", "default": false, "description": "d", "computed": "lab/sson && ‸&& lab/sson"},
                "quotedParse": {"type": "bool", "default": false, "description": "d", "computed": "lab/sson ‸= true"},
                "singleQuoted": {"type": "bool", "default": false, "description": "d", "computed": "lab/sson && key(‸lab)"},
                "unknownKey": {"type": "bool", "default": false, "description": "d", "computed": "‸lab/ssn || false"},
                "typeError": {"type": "bool", "default": false, "description": "d", "computed": "true && ‸lab/count"},
                "resultType": {"type": "bool", "default": false, "description": "d", "computed": "‸lab/count"},
                "enumLiteral": {"type": "bool", "default": false, "description": "d", "computed": "context/platform == ‸'iOs'"}
              }
            }

            """)
        let workspace = try Fixture.load(blueprint: source.text, at: Self.json)
        expectDiagnostics(workspace, exactly: Self.expressionErrors(Self.json, source))
    }

    static func expressionErrors(_ file: String, _ source: MarkedText) -> [ExpectedDiagnostic] {
        [
            .error(file, source[0], "in computed expression", "expected a value, key or '(', found '&&'"),
            .error(file, source[1], "in computed expression", "unexpected character '='", "compare with =="),
            .error(file, source[2], "in computed expression", "key(...) takes a quoted key"),
            .error(file, source[3], "in computed expression", "unknown key 'lab/ssn'", "did you mean 'lab/sson'?"),
            .error(file, source[4], "in computed expression", "'&&' needs bools on both sides, found a number"),
            .error(file, source[5], "in computed expression", "the expression gives a number, but the flag is bool"),
            .error(
                file, source[6], "in computed expression", "'iOs' is not a value of context/platform",
                "did you mean 'iOS'?"),
        ]
    }

    @Test("Non-ASCII text before the offending token counts one column per Unicode scalar")
    func expressionColumnsCountScalars() throws {
        let source = MarkedText(
            """
            name: App
            flags:
              greeting: { type: string, default: hi, description: d }
              italian:
                type: bool
                default: false
                description: d
                computed: "greeting == 'ciao 🚀 è' &&‸& true"

            """)
        expectDiagnostics(
            try Fixture.load(blueprint: source.text),
            exactly: [
                .error(Self.yml, source[0], "in computed expression", "unexpected character '&'")
            ])
    }

    @Test("A cycle is reported at the computed: value of every flag in it, and only of those")
    func cyclesYAML() throws {
        let source = MarkedText(
            """
            name: App
            keyPrefix: lab
            flags:
              a: { type: bool, default: false, description: d, computed: ‸lab/b }
              b:
                type: bool
                default: false
                description: d
                computed: ‸lab/c && true
              c:
                type: bool
                default: false
                description: d
                computed: "‸lab/a || lab/d"
              d: { type: bool, default: false, description: d, computed: "lab/free" }
              free: { type: bool, default: true, description: d }
              dependent: { type: bool, default: false, description: d, computed: "lab/a" }
              self: { type: bool, default: false, description: d, computed: ‸lab/self || false }

            """)
        let workspace = try Fixture.load(blueprint: source.text)
        expectDiagnostics(
            workspace,
            exactly: [
                .error(Self.yml, source[0], "computed flags form a cycle", "lab/a", "lab/b", "lab/c"),
                .error(Self.yml, source[1], "computed flags form a cycle", "lab/a", "lab/b", "lab/c"),
                .error(Self.yml, source[2], "computed flags form a cycle", "lab/a", "lab/b", "lab/c"),
                .error(Self.yml, source[3], "computed flags form a cycle", "lab/self"),
            ])
        #expect(workspace.expressions["lab/a"] == nil)
        #expect(workspace.expressions["lab/d"] != nil)
        #expect(workspace.expressions["lab/dependent"] != nil)
    }

    @Test("A cycle across a YAML and a JSON blueprint is reported in both files")
    func cycleAcrossFiles() throws {
        let yaml = MarkedText(
            """
            name: One
            flags:
              ping: { type: bool, default: false, description: d, computed: ‸pong }

            """)
        let json = MarkedText(
            """
            {"name": "Two", "flags": {
              "pong": {"type": "bool", "default": false, "description": "d", "computed": "‸!ping"}
            }}
            """)
        let workspace = try Fixture.load(["blueprints/one.yml": yaml.text, "blueprints/two.json": json.text])
        expectDiagnostics(
            workspace,
            exactly: [
                .error("blueprints/one.yml", yaml[0], "computed flags form a cycle", "ping", "pong"),
                .error("blueprints/two.json", json[0], "computed flags form a cycle", "ping", "pong"),
            ])
    }

    @Test("Valid expressions over declared, generated and context keys load without diagnostics")
    func validExpressions() throws {
        let workspace = try Fixture.load(
            blueprint: #"""
                name: App
                keyPrefix: lab
                flags:
                  sson: { type: bool, default: false, description: d }
                  count: { type: int, default: 3, description: d }
                  remember:
                    type: bool
                    default: false
                    description: d
                    computed: "lab/sson && context/locale == 'it'"
                  consent:
                    type: bool
                    default: true
                    description: d
                    computed: "key(\"context/region\") == 'EU' && !lab/sson"
                  many:
                    type: bool
                    default: false
                    description: d
                    computed: (lab/count >= 2 || lab/count < -1) && context/platform != 'iOS'
                  toggled:
                    type: bool
                    default: false
                    description: d
                    computed: lab/pro/user_toggled
                features:
                  pro:
                    description: Pro
                    constraints:
                      userToggled: { default: false }

                """#)
        expectClean(workspace)
        #expect(Set(workspace.expressions.keys) == ["lab/remember", "lab/consent", "lab/many", "lab/toggled"])
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

    static func diagnostics(_ flags: String) throws -> [Diagnostic] {
        let blueprint = """
            name: Checks
            description: Type checks
            flags:
              count: { type: int, default: 3, description: A count }
              ratio: { type: double, default: 0.5, description: A ratio }
              name: { type: string, default: x, description: A name }
              theme: { type: enum, values: [light, dark], default: light, description: Theme }
            \(flags)
            """
        let lab = try FeatureLab(blueprint: blueprint)
        defer { lab.remove() }
        return Workspace.load(from: lab.url.appendingPathComponent("flagscope.yml"), environment: [:]).diagnostics
            .filter { $0.severity == .error }
    }

    @Test("Well-typed expressions of every result kind load cleanly")
    func wellTyped() throws {
        let errors = try Self.diagnostics(
            """
              a: { type: bool, default: false, description: d, computed: "count > 2 && theme == 'dark'" }
              b: { type: int, default: 0, description: d, computed: count }
              c: { type: double, default: 0.0, description: d, computed: ratio }
              d: { type: string, default: x, description: d, computed: name }
              e: { type: enum, values: [light, dark], default: light, description: d, computed: theme }
              f: { type: int, default: 0, min: 0, max: 9, description: d, computed: "7" }
              g: { type: enum, values: [light, dark], default: light, description: d, computed: "'dark'" }
            """)
        #expect(errors.isEmpty, "\(errors.map(\.headline))")
    }

    @Test(
        "A constant that does not fit the flag (range, values, fraction) is a load error at the expression",
        arguments: [
            ("f: { type: int, default: 0, min: 0, max: 9, description: d, computed: \"12\" }", "12"),
            ("g: { type: enum, values: [light, dark], default: light, description: d, computed: \"'blue'\" }", "blue"),
            ("h: { type: int, default: 0, description: d, computed: \"1.5\" }", "fraction"),
            ("i: { type: bool, default: false, description: d, computed: \"'true'\" }", "text"),
            ("j: { type: string, default: x, description: d, computed: \"count\" }", "number"),
        ])
    func constantDoesNotFit(flag: String, fragment: String) throws {
        let errors = try Self.diagnostics("  " + flag)
        #expect(errors.count == 1, "\(errors.map(\.headline))")
        let error = try #require(errors.first)
        #expect(error.file == "app.yml")
        #expect(error.message.contains("computed") || error.message.contains(fragment), "\(error.headline)")
        #expect(error.message.contains(fragment), "\(error.headline)")
        // The flag is line 8 of the blueprint; the column is inside the computed value, after 'computed: '.
        #expect(error.location?.line == 8, "\(error.headline)")
        let column = try #require(error.location?.column)
        let valueStart = ("  " + flag).range(of: "computed: ")!.upperBound.utf16Offset(in: "  " + flag) + 1
        #expect(column >= valueStart, "\(error.headline)")
    }
}
