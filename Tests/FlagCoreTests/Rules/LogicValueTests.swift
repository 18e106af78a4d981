import Testing

@testable import FlagCore

/// Values as rules see them: numbers written as text the way flagd writes them.
@Suite("Logic values")
struct LogicValueTests {
    @Test(
        "Numbers become text as flagd writes them",
        arguments: [
            (1.0, "1"), (1.5, "1.5"), (-0.25, "-0.25"), (1e21, "1000000000000000000000"), (1e-7, "0.0000001"),
            (123456789.0, "123456789"),
        ])
    func numberText(number: Double, text: String) {
        #expect(GoNumberText.plain(number) == text)
    }
}
