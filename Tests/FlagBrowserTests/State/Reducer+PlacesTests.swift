import FlagBrowser
import FlagCore
import Foundation
import Testing

/// `o` and `y` on the selected row: its place in a file for the editor, its key for the clipboard.
@Suite("o opens the row's place, y copies its key")
struct ReducerPlacesTests {
    @Test("o on a flag asks for the editor at its declaration: $VISUAL before $EDITOR, vi without either")
    func openFlag() throws {
        var demo = try DemoFixture(
            width: 120, height: 40, environment: ["EDITOR": "nano", "VISUAL": "code -w"])
        defer { demo.remove() }
        try demo.press("jo")
        let request = demo.session.takeOpenRequest()
        let launch = try #require(request)
        #expect(launch.editor == "code -w")
        #expect(launch.shown == "blueprints/experiments.yml" && launch.line == 8)
        #expect(launch.file.path.hasSuffix("/demo/blueprints/experiments.yml"))
        #expect(demo.screen.contains("opened code -w +8 blueprints/experiments.yml"))
        #expect(demo.session.takeOpenRequest() == nil, "taken once")

        var plain = try DemoFixture(width: 120, height: 40, environment: [:])
        defer { plain.remove() }
        try plain.press("jo")
        #expect(plain.session.takeOpenRequest()?.editor == "vi")
    }

    @Test("o on a problem opens its line; on a device profile its file; on a heading it says what o does")
    func openElsewhere() throws {
        try DemoFixture.opened(width: 120, height: 40, environment: [:], pressing: "/profiles/qa.json:16<Enter>o") {
            demo in
            let opened = demo.session.takeOpenRequest()
            let problem = try #require(opened)
            #expect(problem.shown == "profiles/qa.json" && problem.line == 16)
            try demo.press("/QA iPad<Enter>o")
            #expect(demo.session.takeOpenRequest()?.shown == "devices/qa-ipad-rollout.yml")
            try demo.press("/unknown keys<Enter>o")
            #expect(demo.session.takeOpenRequest() == nil)
            #expect(
                demo.screen.contains(
                    "o opens a file at a line: select a flag, a feature, a device profile or a problem"))
        }
    }

    @Test("y copies the selected flag's key and says so; on a heading it says what y does")
    func copyKey() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "jy") { demo in
            #expect(demo.session.takeCopyRequest() == "lab/sson")
            #expect(demo.screen.contains("copied lab/sson (OSC 52)"))
            try demo.press("gy")
            #expect(demo.session.takeCopyRequest() == nil)
            #expect(demo.screen.contains("y copies a key: select a flag, a feature or a device"))
        }
    }

    @Test("R on a flag of a workspace with no code says how to give it some, and opens nothing")
    func referencesWithoutCode() throws {
        try DemoFixture.opened(width: 120, height: 40, environment: [:], pressing: "jR") { demo throws in
            #expect(
                demo.screen.contains(
                    "no code to search: list the app's Swift sources under code: in the workspace file"))
            #expect(demo.session.takeOpenRequest() == nil)
            #expect(demo.session.state.mode == .normal, "no list opens")
        }
    }
}
