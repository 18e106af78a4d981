import Testing

@testable import FlagCore

/// Reports write through `ChunkedOutput` so that a report of 100k rows is never whole in
/// memory: what a reader of the destination gets, and when.
@Suite("Chunked output")
struct ChunkedOutputTests {
    /// The chunks handed on, in order.
    final class Chunks {
        /// Each chunk, as it was handed on.
        var all: [[UInt8]] = []
        /// Everything handed on, as text.
        var text: String { String(decoding: all.joined(), as: UTF8.self) }
    }

    @Test("A chunk goes on only between pieces, once it is full, so no piece is cut in two")
    func betweenPieces() {
        let chunks = Chunks()
        var output = ChunkedOutput(chunkSize: 8) { chunks.all.append($0) }
        output.write("row one\n")
        #expect(chunks.all.isEmpty, "nothing goes on before the piece is written")
        output.write("row two\n")
        output.pieceWritten()
        #expect(chunks.all.map(\.count) == [16])
        output.write("tail")
        output.pieceWritten()
        #expect(chunks.all.count == 1, "a chunk that is not full waits")
        output.flush()
        #expect(chunks.text == "row one\nrow two\ntail")
        #expect(output.count == 20)
        output.flush()
        #expect(chunks.all.count == 2, "flushing nothing hands on nothing")
    }

    @Test("Bytes, byte sequences and UTF-8 text all count, and a chunk size below one is one")
    func everyWayIn() {
        let chunks = Chunks()
        var output = ChunkedOutput(chunkSize: 0) { chunks.all.append($0) }
        output.append(UInt8(ascii: "["))
        output.append(contentsOf: [UInt8(ascii: "1"), UInt8(ascii: ",")])
        output.write("é]")
        #expect(output.count == 6)
        output.pieceWritten()
        #expect(chunks.text == "[1,é]" && chunks.all.count == 1)
    }
}
