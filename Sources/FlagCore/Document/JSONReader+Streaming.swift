extension JSONReader {
    /// What a document read a member at a time turned out to be.
    enum StreamedRoot {
        /// An object (its members went to the reader), starting here.
        case object(at: TextLocation)
        /// Something else, read whole, for the caller to say what it is.
        case notAnObject(SourceNode)
    }

    /// Reads a document a member of its root object at a time: `body` gets each member's key
    /// and its location, with the parser at the member's value, which it must read (whole, or a
    /// member or item at a time with ``Parser/forEachMember(depth:_:)`` and
    /// ``Parser/forEachItem(depth:_:)``).
    ///
    /// A reader that lets each part of a large value go once it has used it never holds the
    /// whole document as nodes: the nodes of one part are made and let go while they are still
    /// in the processor's cache, where a tree of the whole file filled fresh pages of memory.
    /// Syntax errors are the same as ``parse(_:knownKeys:)``'s, first in the file first.
    static func forEachRootMember(
        _ bytes: [UInt8], knownKeys: KnownKeys,
        _ body: (_ key: String, _ location: TextLocation, inout Parser<NodeBuilder>) throws(DocumentError) -> Void
    ) throws(DocumentError) -> StreamedRoot {
        try document(bytes, knownKeys: knownKeys) { (parser: inout Parser<NodeBuilder>) throws(DocumentError) in
            guard parser.offset < parser.bytes.count, parser.bytes[parser.offset] == UInt8(ascii: "{") else {
                return .notAnObject(try parser.value(depth: 0))
            }
            let location = parser.location()
            try parser.forEachMember(depth: 1, body)
            return .object(at: location)
        }
    }

    /// Reads `bytes` again from `position` (where a parser of the same bytes was), for a
    /// value that must be read a second time: it was read without an error the first time.
    static func reading<Result>(
        _ bytes: [UInt8], knownKeys: KnownKeys, from position: Parser<NodeBuilder>.Position,
        _ body: (inout Parser<NodeBuilder>) throws(DocumentError) -> Result
    ) throws(DocumentError) -> Result {
        try bytes.withUnsafeBufferPointer { buffer throws(DocumentError) in
            var parser = Parser<NodeBuilder>(buffer, knownKeys: knownKeys)
            parser.move(to: position)
            return try body(&parser)
        }
    }
}

extension JSONReader.Parser {
    /// Where the parser is: enough to come back and read a value again.
    struct Position {
        fileprivate var offset: Int
        fileprivate var line: Int
        fileprivate var lineStart: Int
    }

    /// Where the parser is now.
    var position: Position { Position(offset: offset, line: line, lineStart: lineStart) }

    /// Goes back (or forward) to `position`, to read what is there again.
    mutating func move(to position: Position) {
        offset = position.offset
        line = position.line
        lineStart = position.lineStart
        columnOffset = lineStart
        column = 1
    }
}
