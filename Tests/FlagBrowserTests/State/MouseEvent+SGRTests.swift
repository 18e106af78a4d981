import FlagBrowser
import Testing

@Suite("SGR mouse reports")
struct MouseEventSGRTests {
    @Test(
        "A left press anywhere, however far right, the wheel both ways; releases, drags and other buttons are not events"
    )
    func reports() {
        #expect(MouseEvent.sgr(parameters: "<0;240;5", final: "M") == MouseEvent(kind: .press, x: 239, y: 4))
        #expect(MouseEvent.sgr(parameters: "<0;1000;1", final: "M") == MouseEvent(kind: .press, x: 999, y: 0))
        #expect(
            MouseEvent.sgr(parameters: "<4;3;3", final: "M") == MouseEvent(kind: .press, x: 2, y: 2), "with Shift held")
        #expect(MouseEvent.sgr(parameters: "<64;10;10", final: "M")?.kind == .wheelUp)
        #expect(MouseEvent.sgr(parameters: "<65;10;10", final: "M")?.kind == .wheelDown)
        #expect(MouseEvent.sgr(parameters: "<0;240;5", final: "m") == nil, "release")
        #expect(MouseEvent.sgr(parameters: "<32;240;5", final: "M") == nil, "drag")
        #expect(MouseEvent.sgr(parameters: "<2;240;5", final: "M") == nil, "right button")
        #expect(MouseEvent.sgr(parameters: "<0;0;5", final: "M") == nil, "columns are 1-based")
        #expect(MouseEvent.sgr(parameters: "1;5", final: "M") == nil, "not SGR")
        #expect(MouseEvent.sgr(parameters: "<0;x;5", final: "M") == nil)
    }
}
