import Foundation
import Testing

@testable import FlagCore

/// Computed flags in a real workspace (docs/computed.md, docs/providers.md): computed first when it yields a value, with
/// provenance `computed` and the keys it read; otherwise the stack decides.
@Suite("Computed flags: resolution and provenance")
struct ResolverComputedTests {
    static let blueprint = """
        name: Computed
        description: Computed flags over flags, switches and context
        flags:
          sson: { type: bool, default: false, description: Single sign-on }
          count: { type: int, default: 3, description: A count }
          ratio: { type: double, default: 0.5, description: A ratio }
          launch: { type: date, default: 2026-01-01, description: Launch day }
          rememberLogin:
            type: bool
            default: false
            computed: "sson && context/locale == 'it'"
            description: Remember login
          euConsent:
            type: bool
            default: true
            computed: "key(\\"context/region\\") == 'EU' && !sson"
            description: EU consent
          busy:
            type: bool
            default: false
            computed: "count >= 2 && ratio < 1 || sson"
            description: Busy
          chained:
            type: bool
            default: false
            computed: "remember_login || launched"
            description: Computed over computed
          launched:
            type: bool
            default: false
            computed: "launch <= '2026-06-01'"
            description: Launched
          copyCount:
            type: int
            default: 1
            min: 0
            max: 10
            computed: count
            description: A copy of count, at most 10
          localeTheme:
            type: enum
            values: [light, dark]
            default: light
            computed: context/theme
            description: Theme picked by the device
          lazyAnd:
            type: bool
            default: true
            computed: "sson && key(\\"context/region\\") == 'EU'"
            description: No short-circuit
          proOn:
            type: bool
            default: false
            computed: "pro/user_toggled"
            description: Mirrors a feature switch
        features:
          pro:
            description: Pro
            constraints:
              userToggled: { default: true }

        """

    static func workspace(device: [String: Any] = [:], local: [String: Any] = [:], environment: [String: String] = [:])
        throws -> (FeatureLab, Workspace)
    {
        let lab = try FeatureLab(blueprint: blueprint, device: device, local: local)
        return (lab, try lab.workspace(environment: environment))
    }

    static func resolve(
        _ key: String, device: [String: Any] = [:], local: [String: Any] = [:],
        environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Resolution {
        let (lab, workspace) = try workspace(device: device, local: local, environment: environment)
        defer { lab.remove() }
        return try #require(Resolver(workspace: workspace).resolve(key), sourceLocation: sourceLocation)
    }

    @Test("A computed value wins with reason computed, source computed and the keys it read, in reading order")
    func provenance() throws {
        let resolution = try Self.resolve("remember_login", device: ["sson": true, "context/locale": "it"])
        #expect(resolution.value == .bool(true))
        #expect(resolution.reason == .computed)
        #expect(resolution.source == "computed")
        #expect(resolution.computedInputs == ["sson", "context/locale"])
        #expect(resolution.winningLayer == nil)
    }

    @Test("A computed false is a value: it wins over a provider's true")
    func computedFalseWins() throws {
        let resolution = try Self.resolve(
            "remember_login", device: ["sson": true, "context/locale": "en"],
            local: ["remember_login": true])
        #expect(resolution.value == .bool(false))
        #expect(resolution.reason == .computed)
        // The provider's layer is still reported, as set and not winning.
        let local = try #require(resolution.layers.first { $0.provider == "Local" })
        #expect(local.state == .set(.bool(true)))
        #expect(!local.isWinner)
    }

    @Test("An unset context key gives no value, so the stack decides: a provider, else the default")
    func unsetContextFallsThrough() throws {
        let toDefault = try Self.resolve("eu_consent")
        #expect(toDefault.value == .bool(true))
        #expect(toDefault.reason == .default)
        #expect(toDefault.source == "default")
        #expect(toDefault.computedInputs == ["context/region", "sson"])

        let toProvider = try Self.resolve("eu_consent", local: ["eu_consent": false])
        #expect(toProvider.value == .bool(false))
        #expect(toProvider.reason == .provider)
        #expect(toProvider.source == "Local")

        let declared = try Self.resolve("remember_login", device: ["sson": true])
        #expect(declared.reason == .default)
    }

    @Test("Once the context key is set by any provider, the expression decides", arguments: ["json", "env"])
    func contextSetByAnyProvider(provider: String) throws {
        let device: [String: Any] = provider == "json" ? ["context/region": "EU"] : [:]
        let environment = provider == "env" ? ["LAB_CONTEXT__REGION": "EU"] : [:]
        let resolution = try Self.resolve("eu_consent", device: device, environment: environment)
        #expect(resolution.value == .bool(true))
        #expect(resolution.reason == .computed)
        let outside = try Self.resolve("eu_consent", device: ["context/region": "US"])
        #expect(outside.value == .bool(false))
        #expect(outside.reason == .computed)
    }

    @Test("Every key must have a value: a false left operand does not decide past an unset key")
    func noShortCircuit() throws {
        let resolution = try Self.resolve("lazy_and", device: ["sson": false])
        #expect(resolution.reason == .default)
        #expect(resolution.value == .bool(true))
    }

    @Test("Expressions read resolved values: providers, defaults and C precedence")
    func readsResolvedValues() throws {
        // count (default 3) >= 2 && ratio (0.5) < 1 → true, whatever sson is.
        #expect(try Self.resolve("busy").value == .bool(true))
        // Provider values are read, not defaults.
        #expect(try Self.resolve("busy", local: ["count": 1]).value == .bool(false))
        #expect(try Self.resolve("busy", local: ["count": 1, "sson": true]).value == .bool(true))
        #expect(try Self.resolve("busy", device: ["ratio": 2.5]).value == .bool(false))
        // A date compared with a date literal.
        #expect(try Self.resolve("launched").value == .bool(true))
        #expect(try Self.resolve("launched", local: ["launch": "2026-07-01"]).value == .bool(false))
    }

    @Test("A computed flag may read another computed flag")
    func computedOfComputed() throws {
        let resolution = try Self.resolve(
            "chained", device: ["sson": true, "context/locale": "it"], local: ["launch": "2027-01-01"])
        #expect(resolution.value == .bool(true))
        #expect(resolution.reason == .computed)
        #expect(resolution.computedInputs == ["remember_login", "launched"])
        // remember_login's expression has no value (locale unset), but the flag still resolves (to its
        // default), so chained reads that value and is computed.
        let undecided = try Self.resolve("chained", local: ["launch": "2027-01-01"])
        #expect(undecided.value == .bool(false))
        #expect(undecided.reason == .computed)
    }

    @Test("A computed value that does not fit the flag never wins: the stack decides")
    func computedValueMustFit() throws {
        #expect(try Self.resolve("copy_count").value == .int(3))
        #expect(try Self.resolve("copy_count").reason == .computed)
        let tooBig = try Self.resolve("copy_count", local: ["count": 50])
        #expect(tooBig.value == .int(1))
        #expect(tooBig.reason == .default)
        let theme = try Self.resolve("locale_theme", device: ["context/theme": "dark"])
        #expect(theme.value == .string("dark"))
        #expect(theme.reason == .computed)
        let notAValue = try Self.resolve(
            "locale_theme", device: ["context/theme": "blue"], local: ["locale_theme": "dark"])
        #expect(notAValue.value == .string("dark"))
        #expect(notAValue.source == "Local")
    }

    @Test("A computed flag can read a feature's generated switch")
    func readsFeatureSwitch() throws {
        #expect(try Self.resolve("pro_on").value == .bool(true))
        #expect(try Self.resolve("pro_on").computedInputs == ["pro/user_toggled"])
        #expect(try Self.resolve("pro_on", local: ["pro/user_toggled": false]).value == .bool(false))
    }

    @Test("resolveAll gives each computed flag the same provenance as resolve")
    func resolveAllAgrees() throws {
        let (lab, workspace) = try Self.workspace(device: ["sson": true, "context/locale": "it"])
        defer { lab.remove() }
        let resolver = Resolver(workspace: workspace)
        for resolution in resolver.resolveAll() where workspace.expressions[resolution.flag.key] != nil {
            let single = try #require(resolver.resolve(resolution.flag.key))
            #expect(single.value == resolution.value, "\(resolution.flag.key)")
            #expect(single.reason == resolution.reason, "\(resolution.flag.key)")
        }
    }

    @Test(
        "BUG a computed flag reading an unset context/purchases or context/permissions key has no value (docs/computed.md)",
        arguments: ["context/purchases/SUB0001 == 'purchased'", "context/permissions/camera == 'authorized'"])
    func computedReadsUnsetContext(expression: String) throws {
        let blueprint = """
            name: Lab
            description: d
            products:
              premium: { name: Premium, productID: SUB0001 }
            flags:
              unlocked: { type: bool, default: false, description: d, computed: "\(expression)" }
            features:
              shot:
                description: Shot
                constraints:
                  permissions: [camera]
                  purchase: premium

            """
        let lab = try FeatureLab(blueprint: blueprint, local: ["unlocked": true])
        defer { lab.remove() }
        let resolution = try #require(Resolver(workspace: try lab.workspace()).resolve("unlocked"))
        // Nothing sets the context key, so the expression has no value and Local's true wins.
        #expect(
            resolution.reason == .provider, "value \(String(describing: resolution.value)) from \(resolution.source)")
        #expect(resolution.value == .bool(true))
    }

    @Test("A flag whose expression is rejected is not computed: the stack decides")
    func rejectedExpressionNotEvaluated() throws {
        let blueprint = """
            name: Checks
            description: Type checks
            flags:
              count: { type: int, default: 3, description: A count }
              broken: { type: bool, default: true, description: d, computed: "count" }

            """
        let lab = try FeatureLab(blueprint: blueprint)
        defer { lab.remove() }
        let workspace = Workspace.load(from: lab.url.appendingPathComponent("flagscope.yml"), environment: [:])
        #expect(workspace.hasErrors)
        #expect(workspace.expressions["broken"] == nil)
        let resolution = try #require(Resolver(workspace: workspace).resolve("broken"))
        #expect(resolution.reason == .default)
        #expect(resolution.value == .bool(true))
    }
}
