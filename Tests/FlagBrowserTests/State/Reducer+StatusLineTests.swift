import FlagBrowser
import FlagCore
import Testing

/// The status line after an edit that a higher layer still overrides: the warning and what to do
/// about it come first, so a long value or a narrow screen cannot push them off.
@Suite("The edit status line keeps its warning")
struct ReducerStatusLineTests {
    @Test(
        "Enter on a computed bool whose expression wins asks first: n writes nothing, y saves and warns the computed value still wins"
    )
    func computedWinsAsksFirst() throws {
        try DemoFixture.opened(width: 120, height: 30) { demo in
            let before = try demo.localFile()
            try demo.press("/rememberLogin<Enter><Enter>")
            guard case .confirm(let question) = demo.session.state.mode else {
                Issue.record("no question: \(demo.screen)")
                return
            }
            #expect(question.title == "lab/remember_login is computed, and its value (true) wins over every layer")
            #expect(demo.screen.contains("Saving false in Local changes nothing while the expression gives a"))
            #expect(demo.screen.contains(" y save anyway  n Esc keep the file as it is"), "\(demo.screen)")
            #expect(try demo.localFile() == before, "nothing written while asking")
            try demo.press("n")
            #expect(demo.session.state.mode == .normal)
            #expect(demo.screen.contains("nothing was saved: lab/remember_login stays computed (true)"))
            #expect(try demo.localFile() == before)
            try demo.press("<Enter>y")
            #expect(try demo.localValues()["lab/remember_login"] as? Bool == false)
            #expect(demo.screen.contains("⚠ the computed value still wins with true"), "\(demo.screen)")
            try demo.press("u")
            #expect(try demo.localFile() == before, "u takes it back")
        }
    }

    @Test("A computed flag whose expression gives no value (a key it reads is unset) is edited at once, no question")
    func computedWithoutValueEditsAtOnce() throws {
        try DemoFixture.opened(width: 120, height: 30) { demo in
            // context/locale, which the demo's expression reads besides lab/sson, is the QA profile's.
            let profile = demo.folder.appendingPathComponent("profiles/qa.json")
            let text = try String(contentsOf: profile, encoding: .utf8)
            try text.replacingOccurrences(of: "  \"context/locale\": \"it\",\n", with: "").write(
                to: profile, atomically: true, encoding: .utf8)
            try demo.press("r")
            try demo.press("/rememberLogin<Enter><Enter>")
            #expect(demo.session.state.mode == .normal, "\(demo.screen)")
            #expect(try demo.localValues()["lab/remember_login"] != nil)
        }
    }

    /// The last screen line.
    static func statusLine(_ screen: String) -> String {
        String(screen.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
    }

    @Test(
        "A long JSON value under Remote: the warning, the winning value cut with …, and the file to edit",
        arguments: [(80, 24), (120, 40)])
    func longValueKeepsWarning(width: Int, height: Int) throws {
        try DemoFixture.opened(width: width, height: height) { demo in
            try demo.press(
                #"/lab/paywall/config<Enter>e<C-u>{"headline": "A very long headline that goes on and on and on", "showAnnualFirst": true}<Enter>"#
            )
            let status = Self.statusLine(demo.screen)
            #expect(
                status.hasPrefix(#"⚠ Remote still wins with {"headline":"Yo…: edit remote/remote-config.json"#),
                "\(demo.screen)")
            #expect(demo.session.state.status?.kind == .warning)
            if width >= 120 { #expect(status.contains(#"· saved {"headline":"A … in Local"#), "\(status)") }
            // The value was written whole all the same.
            let written = try #require(try demo.localValues()["lab/paywall/config"] as? [String: Any])
            #expect(written["headline"] as? String == "A very long headline that goes on and on and on")
        }
    }

    @Test("A toggle under Remote says where to change the winning value; a winning edit says where it went")
    func toggleAndPlainEdit() throws {
        try DemoFixture.opened(width: 80, height: 24, pressing: "/allowsSSON<Enter><Space>") { demo throws in
            // 84 columns: the end (where it went) is cut, the warning and the remedy are whole.
            #expect(
                Self.statusLine(demo.screen)
                    == "⚠ Remote still wins with true: edit remote/remote-config.json · saved false in …")
            #expect(demo.session.state.status?.text.hasSuffix("· saved false in Local (.flagscope/local.json)") == true)
            try demo.press("/showEuConsent<Enter><Space>")
            #expect(Self.statusLine(demo.screen) == "set lab/show_eu_consent = false in Local (.flagscope/local.json)")
        }
    }
}
