import Foundation
import TestSupport
import Testing

/// Workspaces of flags that rules decide, for the command-line tests of `get`, `list`, `validate`
/// and `rollout`: a rules file, mostly above a device profile (`device.json`) that sets the context
/// the rules read.
enum RuleWorkspace {
    /// A flagd file (`flags.flagd.json`, the Flags layer) above the device profile (the Device layer),
    /// then `below`.
    static func flagd(
        blueprint: String, flags: String, device: String? = nil, below: [WorkspaceBuilder.Provider] = []
    ) throws -> TemporaryFolder {
        var workspace = WorkspaceBuilder(
            providers: [.flagd("Flags", "flags.flagd.json"), .json("Device", "device.json")] + below
        ).file("blueprints/app.yml", blueprint).file("flags.flagd.json", flags)
        if let device { workspace = workspace.file("device.json", device) }
        return try workspace.folder()
    }

    /// A vendor's file (`path`, which `provider` reads) above the device profile (the Device
    /// layer), then `below`.
    static func vendor(
        _ provider: WorkspaceBuilder.Provider, _ path: String, _ text: String, blueprint: String, device: String,
        below: [WorkspaceBuilder.Provider]
    ) throws -> TemporaryFolder {
        try WorkspaceBuilder(providers: [provider, .json("Device", "device.json")] + below)
            .file("blueprints/app.yml", blueprint).file(path, text).file("device.json", device).folder()
    }

    /// A blueprint named App declaring `entries` (flag entries indented by two spaces).
    static func blueprint(_ entries: String...) -> String { "name: App\nflags:\n" + entries.joined() }

    /// A string flag, grid unless the rules say video.
    static let homeLayout = """
          homeLayout:
            type: string
            default: grid
            description: Home layout

        """

    /// A bool flag, off unless the rules say on.
    static let newCheckout = """
          newCheckout:
            type: bool
            default: false
            description: New checkout

        """
}

/// flagd targeting: home_layout is video for an example.com address; new_checkout's split has a
/// negative weight, which validate locates.
enum TargetingWorkspace {
    static let blueprint = RuleWorkspace.blueprint(RuleWorkspace.homeLayout, RuleWorkspace.newCheckout)

    static let flags = """
        {
          "flags": {
            "home_layout": {
              "state": "ENABLED",
              "variants": { "grid": "grid", "video": "video" },
              "defaultVariant": "grid",
              "targeting": { "if": [{ "ends_with": [{ "var": "email" }, "@example.com"] }, "video", null] }
            },
            "new_checkout": {
              "state": "ENABLED",
              "variants": { "on": true, "off": false },
              "defaultVariant": "off",
              "targeting": { "fractional": [["on", 50], ["off", -5]] }
            }
          }
        }

        """

    /// The workspace on `device`, with a writable Local layer (`local.json`) at the bottom when `writable`.
    static func folder(device: String, writable: Bool = false) throws -> TemporaryFolder {
        try RuleWorkspace.flagd(
            blueprint: blueprint, flags: flags, device: device,
            below: writable ? [.json("Local", "local.json", writable: true)] : [])
    }
}

/// flagd flags decided every way a trace shows: targeting on the address or the country, a split,
/// no targeting with and without a default variant, and a disabled flag.
enum TraceWorkspace {
    static let blueprint = RuleWorkspace.blueprint(
        RuleWorkspace.homeLayout, RuleWorkspace.newCheckout,
        """
          darkMode:
            type: bool
            default: false
            description: Dark mode
          legacyBanner:
            type: string
            default: none
            description: Legacy banner
          betaBadge:
            type: bool
            default: false
            description: Beta badge

        """)

    static let flags = """
        {
          "flags": {
            "home_layout": { "state": "ENABLED", "variants": { "grid": "grid", "video": "video" }, "defaultVariant": "grid",
              "targeting": { "if": [{ "ends_with": [{ "var": "email" }, "@example.com"] }, "video",
                                    { "in": [{ "var": "country" }, ["it", "fr"]] }, "video", null] } },
            "new_checkout": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off",
              "targeting": { "fractional": [["on", 50], ["off", 50]] } },
            "dark_mode": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "on" },
            "legacy_banner": { "state": "ENABLED", "variants": { "top": "top", "side": "side" }, "defaultVariant": null },
            "beta_badge": { "state": "DISABLED", "variants": { "on": true, "off": false }, "defaultVariant": "on" }
          }
        }

        """

    static func folder(device: String) throws -> TemporaryFolder {
        try RuleWorkspace.flagd(blueprint: blueprint, flags: flags, device: device)
    }

    /// Runs `flagscope arguments…` in the workspace on `device`, expects it to succeed, and
    /// removes the workspace.
    static func run(
        _ arguments: [String], device: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CLIRunner.Output {
        try CLIFixture.run(arguments, in: { try folder(device: device) }, sourceLocation: sourceLocation)
    }
}

/// A Firebase template whose conditions read the country and split by percent.
enum FirebaseWorkspace {
    static let blueprint = """
        name: App
        flags:
          onboarding:
            type: string
            default: carousel
            description: Onboarding flow

        """

    static let template = """
        {
          "conditions": [
            { "name": "italian_store", "expression": "device.country in ['it']" },
            { "name": "half", "expression": "percent('onboarding') <= 50" }
          ],
          "parameters": {
            "onboarding": {
              "defaultValue": { "value": "carousel" },
              "conditionalValues": { "italian_store": { "value": "video" }, "half": { "value": "quiz" } }
            }
          }
        }

        """

    /// The workspace, with `remote` as the template instead when given.
    static func folder(remote: String? = nil) throws -> TemporaryFolder {
        try WorkspaceBuilder(providers: [.firebase("Remote", "remote.json")])
            .file("blueprints/app.yml", blueprint).file("remote.json", remote ?? template).folder()
    }
}

/// Unleash toggles above the device profile: a user list and a constrained rollout, and variants
/// by user id.
enum UnleashWorkspace {
    static let blueprint = """
        name: App
        flags:
          betaBanner:
            type: bool
            default: false
            description: Beta banner
          checkoutTheme:
            type: string
            default: classic
            description: Checkout theme

        """

    static let toggles = """
        {"version": 2, "features": [
          {"name": "beta_banner", "enabled": true, "strategies": [
            {"name": "userWithId", "parameters": {"userIds": "123, 456"}},
            {"name": "flexibleRollout", "parameters": {"rollout": "25", "stickiness": "default", "groupId": "beta"},
             "constraints": [{"contextName": "appName", "operator": "IN", "values": ["shop"]}]}]},
          {"name": "checkout_theme", "enabled": true, "strategies": [{"name": "default"}],
           "variants": [
             {"name": "dark", "weight": 50, "stickiness": "userId", "payload": {"type": "string", "value": "dark"}},
             {"name": "light", "weight": 50, "stickiness": "userId", "payload": {"type": "string", "value": "light"}}]}
        ]}

        """

    static func folder(device: String) throws -> TemporaryFolder {
        try WorkspaceBuilder(providers: [.unleash("Unleash", "unleash.json"), .json("Device", "device.json")])
            .file("blueprints/app.yml", blueprint).file("unleash.json", toggles).file("device.json", device).folder()
    }
}

/// A GrowthBook payload above the device profile: a force rule on the country and an experiment
/// on `id`, a feature without rules, and a saved group.
enum GrowthBookWorkspace {
    static let blueprint = """
        name: App
        flags:
          checkoutLayout:
            type: string
            default: classic
            description: Checkout layout
          darkMode:
            type: bool
            default: false
            description: Dark mode
          welcomeText:
            type: string
            default: hello
            description: Welcome text

        """

    static let payload = """
        {
          "features": {
            "checkout_layout": {
              "defaultValue": "classic",
              "rules": [
                { "id": "na", "condition": { "country": { "$in": ["US", "CA"] } }, "force": "express" },
                { "id": "test", "key": "checkout-test", "variations": ["classic", "compact"], "weights": [0.5, 0.5],
                  "hashAttribute": "id", "meta": [{ "key": "control" }, { "key": "compact", "name": "Compact" }] }
              ]
            },
            "dark_mode": { "defaultValue": true },
            "welcome_text": {
              "defaultValue": "hello",
              "rules": [{ "id": "staff", "condition": { "id": { "$inGroup": "staff" } }, "force": "hello, team" }]
            }
          },
          "savedGroups": { "staff": ["ann", "bob"] }
        }

        """

    /// The workspace on `device`, with `payload` as the provider's file instead when given, and
    /// `below` under the device.
    static func folder(
        device: String = #"{"context/id": "user-1", "context/country": "IT"}"#, payload: String? = nil,
        below: [WorkspaceBuilder.Provider] = []
    ) throws -> TemporaryFolder {
        try RuleWorkspace.vendor(
            .growthbook("Experiments", "growthbook.json"), "growthbook.json", payload ?? Self.payload,
            blueprint: blueprint, device: device, below: below)
    }
}

/// LaunchDarkly's server-side data above the device profile: a flag with an individual target and
/// a rule on the country, and one with a rule on a `device` context and a percentage rollout.
enum LaunchDarklyWorkspace {
    static let blueprint = """
        name: App
        flags:
          bannerText:
            type: string
            default: none
            description: Banner text
          newSearch:
            type: bool
            default: false
            description: New search

        """

    static let data = """
        {
          "flags": {
            "banner_text": {
              "on": true, "salt": "banner", "variations": ["none", "spring", "summer"], "offVariation": 0,
              "targets": [{ "values": ["qa-ana"], "variation": 2 }],
              "rules": [
                { "id": "europe", "clauses": [{ "attribute": "country", "op": "in", "values": ["IT", "DE"] }], "variation": 1 }
              ],
              "fallthrough": { "variation": 0 }
            },
            "new_search": {
              "on": true, "salt": "search", "variations": [true, false], "offVariation": 1,
              "rules": [
                { "id": "ios", "clauses": [{ "contextKind": "device", "attribute": "os", "op": "in", "values": ["iOS"] }], "variation": 0 }
              ],
              "fallthrough": { "rollout": { "variations": [{ "variation": 0, "weight": 25000 }, { "variation": 1, "weight": 75000 }] } }
            }
          },
          "segments": {}
        }

        """

    /// The workspace on `device`, with `data` as the provider's file instead when given, and
    /// `below` under the device.
    static func folder(
        device: String = #"{"context/key": "user-1", "context/country": "IT"}"#, data: String? = nil,
        below: [WorkspaceBuilder.Provider] = []
    ) throws -> TemporaryFolder {
        try RuleWorkspace.vendor(
            .launchdarkly("LD", "launchdarkly.json"), "launchdarkly.json", data ?? Self.data, blueprint: blueprint,
            device: device, below: below)
    }
}
