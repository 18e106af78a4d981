import Testing

@testable import FlagCore

/// The checks that span files (docs/blueprints.md): duplicate keys however derived, provider names in
/// excludedProviders, the products, flags, permissions and platforms features name, and the reserved
/// context/ namespace, each reported at the exact line and column.
@Suite("Checks across blueprints")
struct WorkspaceChecksTests {
    static let yml = "blueprints/app.yml"
    static let json = "blueprints/app.json"

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
}
