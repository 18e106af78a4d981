import FlagCore
import Foundation
import TestSupport
import Testing

@testable import FlagBrowser

/// The Context branch holds every attribute a rule reads (docs/rules.md): its detail names the rules
/// that read it, its editor follows what they compare it with, and an edit re-evaluates the
/// targeted flags at once, flagd's and Unleash's alike.
@Suite("Rule attributes in the Context branch")
struct ReducerRuleAttributesTests {
    /// The detail pane's text of a 120-column screen (right of the tree).
    static func detail(_ screen: String) -> String {
        screen.split(separator: "\n").map { String($0.split(separator: "│", maxSplits: 1).dropFirst().first ?? "") }
            .joined(separator: "\n")
    }

    @Test("On a fresh load, a targeted flag's detail pane shows its rule steps and what they read")
    func freshDetailShowsTrace() throws {
        // The rows are resolved without rule steps; the detail pane resolves its key with them.
        try DemoFixture.opened(width: 120, height: 40, pressing: "/compactRows<Enter>") { demo throws in
            let detail = Self.detail(demo.screen)
            #expect(detail.contains(#"rules chose variant "on" (TARGETING_MATCH)"#), "\(demo.screen)")
            #expect(detail.contains(#"▶ email ends_with "@podcasts.example.com" →"#), "\(demo.screen)")
            #expect(detail.contains("reads context/email ="), "\(demo.screen)")
        }
    }

    @Test("Editing context/email in the browser changes a targeted flag's value on screen, and the trace says why")
    func editingEmailReevaluates() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/compactRows<Enter>") { demo in
            #expect(demo.screen.contains("compactRows                      true Rollouts"), "\(demo.screen)")
            try demo.press("/context/email<Enter>e<C-u>ana@example.org<Enter>")
            #expect(try demo.localValues()["context/email"] as? String == "ana@example.org")
            try demo.press("/compactRows<Enter>")
            let screen = demo.screen
            #expect(screen.contains("compactRows                     false Rollouts"), "\(screen)")
            #expect(Self.detail(screen).contains(#"reads context/email = "ana@example.org""#), "\(screen)")
            // As a fresh load of the files has it: every value and every targeted flag's trace.
            let model = demo.session.state.model
            let fresh = BrowserModel(
                workspace: Workspace.load(from: demo.folder.appendingPathComponent("flagscope.yml"), environment: [:]),
                now: DemoFixture.today)
            #expect(model.values == fresh.values)
            for key in [
                "lab/compact_rows", "lab/search/ranking", "lab/search/suggestions/max_suggestions",
                "storage/download_over_cellular",
            ] {
                #expect(model.resolution(key) == fresh.resolution(key), "\(key)")
            }
        }
    }

    @Test(
        "An unset attribute is in the Context branch, and its detail lists the rules that read it and what they compare it with"
    )
    func readByLines() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/context/country<Enter>") { demo in
            let screen = demo.screen
            #expect(screen.contains("›    country                            unset default"), "\(screen)")
            let detail = Self.detail(screen)
            // The Remote template's condition reads it too, in stack order before the flagd rule.
            #expect(detail.contains(" read by      Remote: lab/onboarding_variant (italian_store:"), "\(screen)")
            #expect(detail.contains("              Rollouts: storage/download_over_cellular (country"), "\(screen)")
            #expect(detail.contains(#" compared as  text: "it", "de", "es", "fr""#), "\(screen)")
            // A context key no rule reads says nothing of rules.
            try demo.press("/context/locale<Enter>")
            #expect(!Self.detail(demo.screen).contains("read by"), "\(demo.screen)")
        }
    }

    @Test("Text its rules look up in a list gets a picker of those values; choosing one moves the flag")
    func suggestionsPicker() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/context/country<Enter>e") { demo in
            let picker = demo.screen
            for option in ["de", "es", "fr", "it", "other… (type a value)"] {
                #expect(picker.contains("   \(option)") || picker.contains("›  \(option)"), "\(option) in \(picker)")
            }
            try demo.press("i<Enter>")
            #expect(try demo.localValues()["context/country"] as? String == "it")
            #expect(demo.session.state.model.value("storage/download_over_cellular")?.value == .bool(true))
        }
    }

    @Test("other… opens the line editor for a value the rules do not list")
    func otherValue() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/context/country<Enter>e<End><Enter>") { demo in
            #expect(demo.screen.contains("context/country (text):"), "\(demo.screen)")
            try demo.press("us<Enter>")
            #expect(try demo.localValues()["context/country"] as? String == "us")
            #expect(demo.session.state.model.value("storage/download_over_cellular")?.value == .bool(false))
            // The picker opens on "other…" when the value is none of the listed ones.
            try demo.press("e")
            guard case .picker(let picker) = demo.session.state.mode else {
                Issue.record("no picker: \(demo.screen)")
                return
            }
            #expect(picker.isOtherSelected)
        }
    }

    @Test("An attribute read by sem_ver gets a line editor that takes only a semantic version")
    func versionEditor() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/context/app_version<Enter>e<C-u>four") { demo in
            #expect(demo.screen.contains("✗ 'four' is not a version: type one, such as 4.0"), "\(demo.screen)")
            #expect(demo.screen.contains("context/app_version (version): four"))
            try demo.press("<Enter>")
            #expect(try demo.localValues()["context/app_version"] == nil, "nothing written while it is not a version")
            try demo.press("<C-u>4.11.0<Enter>")
            #expect(try demo.localValues()["context/app_version"] as? String == "4.11.0")
            #expect(demo.session.state.model.value("lab/search/suggestions/max_suggestions")?.value == .int(8))
        }
    }

    @Test(
        "The OS version and an app version read by sem_ver are both versions: same label, same words, no regular expression"
    )
    func bothVersionsAlike() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/context/os_version<Enter>e<C-u>four") { demo in
            #expect(demo.screen.contains("context/os_version (version): four"), "\(demo.screen)")
            #expect(demo.screen.contains("✗ 'four' is not a version: type one, such as 17.4.1"), "\(demo.screen)")
            #expect(!demo.screen.contains("[0-9]"), "no pattern is shown")
            try demo.press("<Enter>")
            #expect(try demo.localValues()["context/os_version"] == nil)
            try demo.press("<C-u>17.4<Enter>")
            #expect(try demo.localValues()["context/os_version"] as? String == "17.4")
        }
    }

    @Test("other… with nothing typed saves nothing: it says to type a value, or x to remove the attribute")
    func emptyOtherSavesNothing() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/context/country<Enter>e<End><Enter>") { demo in
            guard case .edit = demo.session.state.mode else {
                Issue.record("other… did not open the line editor: \(demo.screen)")
                return
            }
            try demo.press("<C-u><Enter>")
            #expect(demo.screen.contains("type a value (x removes the attribute instead)"), "\(demo.screen)")
            #expect(try demo.localValues()["context/country"] == nil, "no empty country is written")
            if case .edit = demo.session.state.mode {} else { Issue.record("the editor stays open") }
        }
    }

    /// A workspace whose rules compare one attribute with a number and one with a bool.
    struct TypedAttributes {
        let folder: TemporaryFolder
        var session: BrowserSession

        init() throws {
            folder = try TemporaryFolder(prefix: "flagscope-attributes")
            _ = try folder.write(
                "flagscope.yml",
                """
                blueprints: [app.yml]
                providers:
                  - { name: Flags, format: flagd, path: flags.flagd.json }
                  - { name: Local, format: json, path: local.json, writable: true }

                """)
            _ = try folder.write(
                "app.yml",
                """
                name: App
                flags:
                  bigBasket: { type: bool, default: false, description: Bigger basket }

                """)
            _ = try folder.write(
                "flags.flagd.json",
                """
                {"flags": {"big_basket": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off",
                  "targeting": {"if": [{"and": [{">=": [{"var": "orders"}, 10]}, {"==": [{"var": "beta"}, true]}]}, "on", null]}}}}
                """)
            session = BrowserSession(
                workspaceFile: folder.url.appendingPathComponent("flagscope.yml"), environment: [:],
                width: 120, height: 40, now: DemoFixture.today)
        }

        mutating func press(_ keys: String) throws { try session.press(keys) }

        func local() throws -> [String: Any] { try readJSONObject(at: folder.url.appendingPathComponent("local.json")) }
    }

    @Test("A number attribute gets a number line editor; a bool attribute a true/false picker; both are written typed")
    func numberAndBool() throws {
        var workspace = try TypedAttributes()
        defer { workspace.folder.remove() }
        try workspace.press("/context/orders<Enter>e12x")
        #expect(
            workspace.session.render().text.contains("✗ its rules compare it with numbers: type a number, such as 42"))
        try workspace.press("<BS><Enter>")
        #expect(try workspace.local()["context/orders"] as? Int == 12)
        try workspace.press("/context/beta<Enter>e")
        guard case .picker(let picker) = workspace.session.state.mode else {
            Issue.record("no picker: \(workspace.session.render().text)")
            return
        }
        #expect(picker.options == [.json(.bool(true)), .json(.bool(false))])
        try workspace.press("<Enter>")
        #expect(try workspace.local()["context/beta"] as? Bool == true)
        #expect(workspace.session.state.model.value("big_basket")?.value == .bool(true))
    }

    /// An Unleash layer whose strategies read `userId`, above a writable file.
    static let unleashFiles = [
        "flagscope.yml": """
        blueprints:
          - blueprints/*.yml
        providers:
          - { name: Unleash, format: unleash, path: unleash.json }
          - { name: Local, format: json, path: local.json, writable: true }

        """,
        "blueprints/app.yml":
            "name: App\nflags:\n  betaBanner: { type: bool, default: false, description: Beta banner }\n",
        "unleash.json": """
        {"version": 2, "features": [
          {"name": "beta_banner", "enabled": true, "strategies": [
            {"name": "userWithId", "parameters": {"userIds": "123, 456"}}]}
        ]}

        """,
        "local.json": "{}\n",
    ]

    @Test("Setting context/userId in the browser flips a userWithId toggle on screen, and the trace says why")
    func editingUserIdFlipsTheToggle() throws {
        let folder = try TemporaryFolder(prefix: "flagscope-unleash-browser")
        defer { folder.remove() }
        var session = try BrowserSession.opened(writing: Self.unleashFiles, in: folder)
        /// The tree row of the flag (its display name, then its value and source).
        func row(_ screen: String) -> String {
            String(screen.split(separator: "\n").first { $0.contains("betaBanner") }?.split(separator: "│").first ?? "")
        }
        try session.press("/beta_banner<Enter>")
        var screen = session.render().text
        #expect(row(screen).hasSuffix("false Unleash "), "\(screen)")
        #expect(screen.contains("reads context/userId (unset)"), "\(screen)")
        #expect(screen.contains("     userId                             unset default"), "\(screen)")
        // The picker offers the ids the strategy lists; the first is 123.
        try session.press("/context/userId<Enter>e<Enter><Home><Down>")
        screen = session.render().text
        #expect(row(screen).hasSuffix("true Unleash "), "\(screen)")
        #expect(screen.contains("rules chose the value true (TARGETING_MATCH)"), "\(screen)")
        #expect(screen.contains(#"reads context/userId = "123""#), "\(screen)")
    }
}
