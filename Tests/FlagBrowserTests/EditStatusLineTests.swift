import FlagBrowser
import FlagCore
import Testing

/// The status line after an edit that a higher layer still overrides: the warning and what to do
/// about it come first, so a long value or a narrow screen cannot push them off (issue 14).
@Suite("The edit status line keeps its warning")
struct EditStatusLineTests {
    /// The last screen line.
    static func statusLine(_ screen: String) -> String {
        String(screen.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
    }

    @Test(
        "A long JSON value under Remote: the warning, the winning value cut with …, and the file to edit",
        arguments: [(80, 24), (120, 40)])
    func longValueKeepsWarning(width: Int, height: Int) throws {
        var demo = try DemoFixture(width: width, height: height)
        defer { demo.remove() }
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

    @Test("A toggle under Remote says where to change the winning value; a winning edit says where it went")
    func toggleAndPlainEdit() throws {
        var demo = try DemoFixture(width: 80, height: 24)
        defer { demo.remove() }
        try demo.press("/allowsSSON<Enter><Space>")
        // 84 columns: the end (where it went) is cut, the warning and the remedy are whole.
        #expect(
            Self.statusLine(demo.screen)
                == "⚠ Remote still wins with true: edit remote/remote-config.json · saved false in …")
        #expect(demo.session.state.status?.text.hasSuffix("· saved false in Local (.flagscope/local.json)") == true)
        try demo.press("/showEuConsent<Enter><Space>")
        #expect(Self.statusLine(demo.screen) == "set lab/show_eu_consent = false in Local (.flagscope/local.json)")
    }
}
