import FlagBrowser
import FlagCore
import Foundation
import Testing

/// Drawing a state into a ScreenBuffer: what reaches the screen.
@Suite("Renderer")
struct RendererTests {
    @Test("Control characters from files never reach the screen raw")
    func controlCharacters() throws {
        try DemoFixture.opened(width: 120, height: 40) { demo in
            let local = demo.folder.appendingPathComponent(".flagscope/local.json")
            try Data(
                #"{"lab/paywall/terms_url": "https://x.example/\u001b]52;c;aGk=\u0007", "store/catalog/promo_banner_text": "evil\u001b[2J\u202etext"}"#
                    .utf8
            ).write(to: local)
            demo.session.apply(.loaded(demo.session.loadModel(), message: nil))
            try demo.press("/promoBanner<Enter>")
            let screen = demo.screen
            #expect(!screen.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(!screen.unicodeScalars.contains { $0.value == 0x202E })
            #expect(screen.contains("evil\\e[2J\\u{202E}text"))
        }
    }
}
