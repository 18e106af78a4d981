import Testing

@testable import FlagCore

/// The lines of a file kept for quoting in diagnostics.
@Suite("Source text")
struct SourceTextTests {
    @Test("Only the kept lines of a file are held, ending as the file's reader counts them")
    func keptLines() {
        let bytes = Array("one\r\ntwo\nthree\rfour".utf8)
        let json = SourceText(path: "a.json", bytes: bytes, keepingLines: [2, 3])
        #expect(json.line(1) == nil)
        #expect(json.line(2) == "two")
        #expect(json.line(3) == "three\rfour")
        let yaml = SourceText(path: "a.yml", bytes: bytes, keepingLines: [1, 3, 4])
        #expect(yaml.line(1) == "one")
        #expect(yaml.line(3) == "three")
        #expect(yaml.line(4) == "four")
    }
}
