import Testing

@testable import FlagCore

/// Every blueprint diagnostic points at the exact line and column (docs/blueprints.md): the offending value,
/// or the key for unknown and duplicate fields — in YAML and JSON alike.
@Suite("Blueprint diagnostics")
struct BlueprintDiagnosticsTests {
    static let yml = "blueprints/app.yml"
    static let json = "blueprints/app.json"

    /// One blueprint as written in a file, with `‸` markers where its diagnostics must point.
    struct WrittenBlueprint: Sendable, CustomTestStringConvertible {
        /// Where it is written; the ending says YAML or JSON.
        let file: String
        /// Its text, markers included.
        let marked: String

        var testDescription: String { file }
    }

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

    // MARK: Duplicate keys

    @Test("The same full key in two files is reported at both declarations, whatever derived it")
    func duplicateKeysAcrossFiles() throws {
        // app.yml: keyPrefix `lab`, a skipped collection, and an explicit key → lab/sson
        let app = MarkedText(
            """
            name: App
            keyPrefix: lab
            collections:
              hiddenLevel:
                skip: true
                flags:
                  ‸allowsSSON:
                    key: sson
                    type: bool
                    default: false
                    description: d

            """)
        // other.json: keyPrefix `lab` and an entry named sson → lab/sson
        let other = MarkedText(
            """
            {
              "name": "Other",
              "keyPrefix": "lab",
              "flags": {
                ‸"sson": {"type": "bool", "default": true, "description": "d"}
              }
            }

            """)
        let workspace = try Fixture.load(
            ["blueprints/app.yml": app.text, "blueprints/other.json": other.text],
            blueprintOrder: ["blueprints/app.yml", "blueprints/other.json"])
        expectDiagnostics(
            workspace,
            exactly: [
                .error("blueprints/app.yml", app[0], "duplicate key 'lab/sson'", "blueprints/other.json:\(other[0])"),
                .error("blueprints/other.json", other[0], "duplicate key 'lab/sson'", "blueprints/app.yml:\(app[0])"),
            ])
    }

    @Test("Nested collection segments and keyPrefix paths meet in one key: a duplicate")
    func duplicateThroughNestedCollections() throws {
        let first = MarkedText(
            """
            name: First
            collections:
              lab:
                collections:
                  secrets:
                    flags:
                      ‸boomFeature: { type: bool, default: false, description: d }

            """)
        let second = MarkedText(
            """
            name: Second
            keyPrefix: lab/secrets
            flags:
              ‸boom:
                key: boom_feature
                type: bool
                default: true
                description: d

            """)
        let workspace = try Fixture.load(
            ["blueprints/a.yml": first.text, "blueprints/b.yml": second.text],
            blueprintOrder: ["blueprints/a.yml", "blueprints/b.yml"])
        expectDiagnostics(
            workspace,
            exactly: [
                .error("blueprints/a.yml", first[0], "duplicate key 'lab/secrets/boom_feature'"),
                .error("blueprints/b.yml", second[0], "duplicate key 'lab/secrets/boom_feature'"),
            ])
    }

    @Test("Different derived keys are not duplicates: skip, key and keyPrefix keep them apart")
    func distinctDerivedKeysAreFine() throws {
        let workspace = try Fixture.load(
            blueprint: """
                name: App
                keyPrefix: lab
                flags:
                  sson: { type: bool, default: false, description: d }
                collections:
                  skipped:
                    skip: true
                    flags:
                      other: { type: bool, default: false, description: d }
                  renamed:
                    key: exp
                    flags:
                      sson: { type: bool, default: false, description: d }

                """)
        expectClean(workspace)
        #expect(Array(workspace.flags.keys.prefix(3)) == ["lab/sson", "lab/other", "lab/exp/sson"])
    }

    // MARK: excludedProviders

    @Test(
        "An unknown provider in excludedProviders is reported at the item, with a suggestion or the list of providers")
    func unknownExcludedProvider() throws {
        let yaml = MarkedText(
            """
            name: App
            flags:
              sson:
                type: bool
                default: false
                description: d
                excludedProviders: [Remote, ‸Locl]
              other:
                type: bool
                default: false
                description: d
                excludedProviders:
                  - Environment
                  - ‸Staging

            """)
        expectDiagnostics(
            try Fixture.load(blueprint: yaml.text),
            exactly: [
                .error(Self.yml, yaml[0], "unknown provider 'Locl' in excludedProviders", "did you mean 'Local'?"),
                .error(
                    Self.yml, yaml[1], "unknown provider 'Staging' in excludedProviders",
                    "providers are Remote, Local, Environment"),
            ])
        let json = MarkedText(
            """
            {"name": "App", "flags": {
              "sson": {"type": "bool", "default": false, "description": "d", "excludedProviders": ["Remote", ‸"Locl"]}
            }}
            """)
        expectDiagnostics(
            try Fixture.load(blueprint: json.text, at: Self.json),
            exactly: [
                .error(Self.json, json[0], "unknown provider 'Locl' in excludedProviders", "did you mean 'Local'?")
            ])
    }

    // MARK: Features

    /// Features referring to products, flags, permissions and platforms that do not exist, in YAML and in JSON.
    static let featureReferenceSources = [
        WrittenBlueprint(
            file: yml,
            marked: """
                name: App
                flags:
                  remoteSwitch: { type: bool, default: true, description: d }
                  count: { type: int, default: 1, description: d }
                products:
                  premium: { name: Premium, productID: SUB1 }
                  supporter: { name: Supporter, productID: SUP1 }
                features:
                  single:
                    description: Single
                    constraints:
                      purchase: ‸premum
                  nested:
                    description: Nested
                    constraints:
                      purchase: { anyOf: [premium, { allOf: [supporter, ‸vip] }] }
                  namedFlag:
                    description: Named flag
                    constraints:
                      runtimeEnabled: { flag: ‸remote_switc }
                  notBool:
                    description: Not bool
                    constraints:
                      runtimeEnabled: { flag: ‸count }
                  perms:
                    description: Permissions
                    constraints:
                      permissions: [‸camra, { location: ‸sometimes }, ‸speechRecogniton]
                  versions:
                    description: Versions
                    constraints:
                      platforms: { iOS: ‸13.x, macOS: ‸"10.15.4.1.2", watchOS: ‸sometimes, ‸tvOs: 12, ‸iPadOS: 15 }

                """),
        WrittenBlueprint(
            file: json,
            marked: """
                {
                  "name": "App",
                  "flags": {
                    "remoteSwitch": {"type": "bool", "default": true, "description": "d"},
                    "count": {"type": "int", "default": 1, "description": "d"}
                  },
                  "products": {
                    "premium": {"name": "Premium", "productID": "SUB1"},
                    "supporter": {"name": "Supporter", "productID": "SUP1"}
                  },
                  "features": {
                    "single": {"description": "Single", "constraints": {"purchase": ‸"premum"}},
                    "nested": {"description": "Nested", "constraints": {"purchase": {"anyOf": ["premium", {"allOf": ["supporter", ‸"vip"]}]}}},
                    "namedFlag": {"description": "Named flag", "constraints": {"runtimeEnabled": {"flag": ‸"remote_switc"}}},
                    "notBool": {"description": "Not bool", "constraints": {"runtimeEnabled": {"flag": ‸"count"}}},
                    "perms": {"description": "Permissions", "constraints": {
                      "permissions": [‸"camra", {"location": ‸"sometimes"}, ‸"speechRecogniton"]}},
                    "versions": {"description": "Versions", "constraints": {
                      "platforms": {"iOS": ‸"13.x", "macOS": ‸"10.15.4.1.2", "watchOS": ‸"sometimes", ‸"tvOs": 12, ‸"iPadOS": 15}}}
                  }
                }

                """),
    ]

    @Test(
        "Unknown products, flags, permissions, platforms and bad versions in features are reported at the value (YAML and JSON)",
        arguments: featureReferenceSources)
    func featureReferences(_ blueprint: WrittenBlueprint) throws {
        let source = MarkedText(blueprint.marked)
        let workspace = try Fixture.load(blueprint: source.text, at: blueprint.file)
        expectDiagnostics(workspace, exactly: Self.featureReferences(blueprint.file, source))
    }

    static func featureReferences(_ file: String, _ source: MarkedText) -> [ExpectedDiagnostic] {
        [
            .error(file, source[0], "unknown product 'premum'", "did you mean 'premium'?"),
            .error(file, source[1], "unknown product 'vip'", "products are premium, supporter"),
            .error(file, source[2], "unknown flag 'remote_switc' in runtimeEnabled", "did you mean 'remote_switch'?"),
            .error(file, source[3], "runtimeEnabled needs a bool flag", "'count' is int"),
            .error(file, source[4], "unknown permission 'camra'", "did you mean 'camera'?"),
            .error(file, source[5], "unknown location usage 'sometimes'", "usages are whenInUse, always"),
            .error(file, source[6], "unknown permission 'speechRecogniton'", "did you mean 'speech_recognition'?"),
            .error(file, source[7], "bad version '13.x'"),
            .error(file, source[8], "bad version '10.15.4.1.2'"),
            .error(file, source[9], "bad version 'sometimes'"),
            .error(file, source[10], "unknown platform 'tvOs'", "did you mean 'tvOS'?"),
            .error(file, source[11], "unknown platform 'iPadOS'"),
        ]
    }

    @Test("A purchase naming a product when none is declared says so")
    func purchaseWithoutProducts() throws {
        let source = MarkedText(
            """
            name: App
            features:
              pro:
                description: Pro
                constraints:
                  purchase: ‸premium

            """)
        expectDiagnostics(
            try Fixture.load(blueprint: source.text),
            exactly: [
                .error(Self.yml, source[0], "unknown product 'premium'", "no products are declared")
            ])
    }

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

    @Test("The reserved context/ namespace cannot be declared by a blueprint")
    func reservedContextKeys() throws {
        let source = MarkedText(
            """
            name: App
            keyPrefix: context
            flags:
              ‸locale: { type: string, default: it, description: d }

            """)
        expectDiagnostics(
            try Fixture.load(blueprint: source.text),
            exactly: [
                .error(Self.yml, source[0], "keys under 'context/' are reserved", "'context/locale'")
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
}
