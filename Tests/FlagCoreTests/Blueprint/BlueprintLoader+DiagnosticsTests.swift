import Testing

@testable import FlagCore

/// Every blueprint diagnostic points at the exact line and column (docs/blueprints.md): the offending value,
/// or the key for unknown and duplicate fields — in YAML and JSON alike.
@Suite("Blueprint diagnostics")
struct BlueprintLoaderDiagnosticsTests {
    static let yml = "blueprints/app.yml"
    static let json = "blueprints/app.json"

    // MARK: Unknown fields

    /// An unknown field at every level of a blueprint, in YAML and in JSON.
    static let unknownFieldSources = [
        WrittenBlueprint(
            file: yml,
            marked: """
                name: App
                ‸descripton: typo at the root
                flags:
                  sson:
                    type: bool
                    default: false
                    description: SSO
                    ‸ownr: identity
                collections:
                  secrets:
                    ‸flgs:
                      boom: { type: bool, default: false, description: Boom }
                products:
                  premium:
                    name: Premium
                    productID: SUB1
                    ‸descrption: typo
                features:
                  favourites:
                    description: Favourites
                    ‸constraint: {}
                  playlists:
                    description: Playlists
                    constraints:
                      ‸permision: [camera]

                """),
        WrittenBlueprint(
            file: json,
            marked: """
                {
                  "name": "App",
                  ‸"descripton": "typo at the root",
                  "flags": {
                    "sson": {
                      "type": "bool",
                      "default": false,
                      "description": "SSO",
                      ‸"ownr": "identity"
                    }
                  },
                  "collections": {
                    "secrets": {
                      ‸"flgs": {}
                    }
                  },
                  "products": {
                    "premium": {"name": "Premium", "productID": "SUB1", ‸"descrption": "typo"}
                  },
                  "features": {
                    "favourites": {"description": "Favourites", ‸"constraint": {}},
                    "playlists": {"description": "Playlists", "constraints": {‸"permision": ["camera"]}}
                  }
                }

                """),
    ]

    @Test(
        "An unknown field is reported at its key with a suggestion, at every level of a blueprint (YAML and JSON)",
        arguments: unknownFieldSources)
    func unknownFields(_ blueprint: WrittenBlueprint) throws {
        let source = MarkedText(blueprint.marked)
        let workspace = try Fixture.load(blueprint: source.text, at: blueprint.file)
        let file = blueprint.file
        expectDiagnostics(
            workspace,
            exactly: [
                .error(file, source[0], "unknown field 'descripton' in a blueprint", "did you mean 'description'?"),
                .error(file, source[1], "unknown field 'ownr' in flag 'sson'", "did you mean 'owner'?"),
                .error(file, source[2], "unknown field 'flgs' in collection 'secrets'", "did you mean 'flags'?"),
                .error(
                    file, source[3], "unknown field 'descrption' in product 'premium'", "did you mean 'description'?"),
                .error(
                    file, source[4], "unknown field 'constraint' in feature 'favourites'", "did you mean 'constraints'?"
                ),
                .error(file, source[5], "unknown field 'permision' in constraints", "did you mean 'permissions'?"),
            ])
    }

    @Test("A field far from every known one gets no suggestion")
    func unknownFieldWithoutSuggestion() throws {
        let source = MarkedText(
            """
            name: App
            flags:
              sson:
                type: bool
                default: false
                description: SSO
                ‸colour: blue

            """)
        let workspace = try Fixture.load(blueprint: source.text)
        expectDiagnostics(workspace, exactly: [.error(Self.yml, source[0], "unknown field 'colour' in flag 'sson'")])
        #expect(!workspace.diagnostics[0].message.contains("did you mean"))
    }

    // MARK: Defaults

    /// Defaults that do not fit their flags, in YAML and in JSON.
    static let badDefaultSources = [
        WrittenBlueprint(
            file: yml,
            marked: """
                name: App
                flags:
                  retries:
                    type: int
                    default: ‸1.5
                    description: d
                  speed:
                    type: double
                    default: ‸5.0
                    min: 0.5
                    max: 3.0
                    description: d
                  pageSize:
                    type: int
                    min: 10
                    default: ‸2
                    description: d
                  theme:
                    type: enum
                    values: [system, light, dark]
                    default: ‸lights
                    description: d
                  build:
                    type: string
                    pattern: "[0-9]+"
                    default: ‸"12a"
                    description: d
                  sson:
                    type: bool
                    default: ‸"true"
                    description: d
                  launch:
                    type: date
                    default: ‸2026-02-30
                    description: d
                  homepage:
                    type: url
                    default: ‸example.com
                    description: d
                  label:
                    type: string
                    default: ‸true
                    description: d
                  naïve🚀: { description: "🚀 émigré", type: bool, default: ‸yes }

                """),
        WrittenBlueprint(
            file: json,
            marked: """
                {
                  "name": "App",
                  "flags": {
                    "retries": {"type": "int", "default": ‸1.5, "description": "d"},
                    "speed": {"type": "double", "default": ‸5.0, "min": 0.5, "max": 3.0, "description": "d"},
                    "pageSize": {"type": "int", "min": 10, "default": ‸2, "description": "d"},
                    "theme": {"type": "enum", "values": ["system", "light", "dark"], "default": ‸"lights", "description": "d"},
                    "build": {"type": "string", "pattern": "[0-9]+", "default": ‸"12a", "description": "d"},
                    "sson": {"type": "bool", "default": ‸"true", "description": "d"},
                    "launch": {"type": "date", "default": ‸"2026-02-30", "description": "d"},
                    "homepage": {"type": "url", "default": ‸"example.com", "description": "d"},
                    "label": {"type": "string", "default": ‸true, "description": "d"},
                    "naïve🚀": {"description": "🚀 émigré", "type": "bool", "default": ‸"yes"}
                  }
                }

                """),
    ]

    @Test(
        "A default that does not fit its type, range, values or pattern is reported at the value (YAML and JSON)",
        arguments: badDefaultSources)
    func badDefaults(_ blueprint: WrittenBlueprint) throws {
        let source = MarkedText(blueprint.marked)
        let workspace = try Fixture.load(blueprint: source.text, at: blueprint.file)
        expectDiagnostics(workspace, exactly: Self.badDefaults(blueprint.file, source))
    }

    static func badDefaults(_ file: String, _ source: MarkedText) -> [ExpectedDiagnostic] {
        [
            .error(file, source[0], "default of 'retries' does not fit its type", "expected a whole number, found 1.5"),
            .error(file, source[1], "default of 'speed'", "5.0 is above the maximum (allowed: 0.5 to 3.0)"),
            .error(file, source[2], "default of 'pageSize'", "2 is below the minimum (allowed: at least 10)"),
            .error(
                file, source[3], "default of 'theme'", "'lights' is not one of system, light, dark",
                "did you mean 'light'?"),
            .error(file, source[4], "default of 'build'", "'12a' does not match the pattern [0-9]+"),
            .error(file, source[5], "default of 'sson'", "expected a bool", "\"true\"; remove the quotes"),
            .error(file, source[6], "default of 'launch'", "'2026-02-30' is not a date"),
            .error(file, source[7], "default of 'homepage'", "'example.com' is not a URL"),
            .error(file, source[8], "default of 'label'", "expected text, found a bool true; quote it to make it text"),
            .error(file, source[9], "default of 'naïve🚀'", "expected a bool"),
        ]
    }

    @Test("A missing default is an error and a missing description a warning, both at the flag's name")
    func missingDefaultAndDescription() throws {
        let yaml = MarkedText(
            """
            name: App
            flags:
              ‸noDefault:
                type: bool
                description: d
              ‸noDescription:
                type: bool
                default: false

            """)
        expectDiagnostics(
            try Fixture.load(blueprint: yaml.text),
            exactly: [
                .error(Self.yml, yaml[0], "flag 'noDefault' has no default"),
                .warning(Self.yml, yaml[1], "flag 'noDescription' has no description"),
            ])
        let json = MarkedText(
            """
            {"name": "App", "flags": {
              ‸"noDefault": {"type": "bool", "description": "d"},
              ‸"noDescription": {"type": "bool", "default": false}
            }}
            """)
        expectDiagnostics(
            try Fixture.load(blueprint: json.text, at: Self.json),
            exactly: [
                .error(Self.json, json[0], "flag 'noDefault' has no default"),
                .warning(Self.json, json[1], "flag 'noDescription' has no description"),
            ])
    }

    @Test("A flag without a type, or with an unknown one, is reported with the list of types")
    func missingAndUnknownType() throws {
        let source = MarkedText(
            """
            name: App
            flags:
              ‸untyped:
                default: false
                description: d
              typo:
                type: ‸strng
                default: false
                description: d

            """)
        expectDiagnostics(
            try Fixture.load(blueprint: source.text),
            exactly: [
                .error(
                    Self.yml, source[0], "flag 'untyped' has no 'type'",
                    "bool, int, double, string, enum, date, url, json"),
                .error(Self.yml, source[1], "unknown type 'strng'", "did you mean 'string'?"),
            ])
    }

    // MARK: Features

    @Test("xOnly platforms: only with a version, and not beside 'platforms'")
    func onlyPlatformMisuse() throws {
        let source = MarkedText(
            """
            name: App
            features:
              both:
                description: Both
                constraints:
                  ‸iOSOnly: 15
                  platforms: { macOS: 13 }
              unsupportedOnly:
                description: Unsupported only
                constraints:
                  platforms: { iOSOnly: ‸unsupported }

            """)
        expectDiagnostics(
            try Fixture.load(blueprint: source.text),
            exactly: [
                .error(Self.yml, source[0], "write 'iOSOnly' inside 'platforms', or 'platforms' alone, not both"),
                .error(Self.yml, source[1], "bad version 'unsupported'"),
            ])
    }

    @Test("Every problem of every file is reported, not only the first")
    func everyProblemIsReported() throws {
        let broken = MarkedText(
            """
            name: Broken
            flags:
              sson:
                description: Sign in‸: now

            """)
        let typo = MarkedText(
            """
            name: Typo
            flags:
              a: { type: int, default: ‸x, description: d }
              b: { type: bool, default: false, description: d, ‸lockd: true }

            """)
        let workspace = try Fixture.load(["blueprints/broken.yml": broken.text, "blueprints/typo.yml": typo.text])
        expectDiagnostics(
            workspace,
            exactly: [
                .error("blueprints/broken.yml", broken[0], "mapping values are not allowed"),
                .error("blueprints/typo.yml", typo[0], "expected a whole number"),
                .error("blueprints/typo.yml", typo[1], "unknown field 'lockd'", "did you mean 'locked'?"),
            ])
    }

    @Test("A duplicate field in a YAML mapping is reported at the second key")
    func duplicateField() throws {
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

    static func caret(after columns: Int) -> String { "    " + String(repeating: " ", count: columns) + "^" }
}
