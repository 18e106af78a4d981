/// Output written as it is made: reports append bytes, and every `chunkSize` bytes the chunk
/// goes to a destination the caller supplies (standard output for the CLI, an array in tests).
/// A report of 100k rows is then never whole in memory, as text or as a JSON value.
package struct ChunkedOutput {
    /// Bytes written and not handed on yet.
    private var pending: [UInt8] = []
    /// Bytes handed on so far.
    private var handedOn = 0
    /// How many bytes are gathered before they are handed on.
    private let chunkSize: Int
    /// Where each chunk goes.
    private let destination: ([UInt8]) -> Void

    /// Output that hands each chunk of about `chunkSize` bytes to `destination`.
    package init(chunkSize: Int = 64 * 1024, destination: @escaping ([UInt8]) -> Void) {
        self.chunkSize = max(1, chunkSize)
        self.destination = destination
        pending.reserveCapacity(self.chunkSize + 1024)
    }

    /// Every byte written so far, handed on or not.
    package var count: Int { handedOn + pending.count }

    /// Appends a byte.
    package mutating func append(_ byte: UInt8) {
        pending.append(byte)
    }

    /// Appends bytes.
    package mutating func append<Bytes: Sequence<UInt8>>(contentsOf bytes: Bytes) {
        pending.append(contentsOf: bytes)
    }

    /// Appends text as UTF-8.
    package mutating func write(_ text: String) {
        pending.append(contentsOf: text.utf8)
    }

    /// Hands on what was written if it fills a chunk (called between the pieces of a report,
    /// so no piece is cut in two).
    package mutating func pieceWritten() {
        if pending.count >= chunkSize { flush() }
    }

    /// Hands on everything written so far.
    package mutating func flush() {
        guard !pending.isEmpty else { return }
        destination(pending)
        handedOn += pending.count
        pending.removeAll(keepingCapacity: true)
    }
}
