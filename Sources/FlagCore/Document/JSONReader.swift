import OrderedCollections

/// A strict JSON parser (RFC 8259) that reports line and column and builds ``SourceNode``s.
///
/// Written here rather than taken from Foundation because Foundation's parser reports no
/// positions, and YAML readers are slow on large generated JSON and misread some of it.
/// The same parser builds ``JSONValue``s without positions where nothing needs them (the
/// writer re-reading a provider file): errors are located either way.
package enum JSONReader {
    /// Deeper documents are refused rather than risking the stack.
    package static let maximumDepth = 512

    /// Parses a whole document; trailing content other than white space is an error.
    package static func parse(_ bytes: [UInt8]) throws(DocumentError) -> SourceNode {
        try parse(bytes, knownKeys: KnownKeys())
    }

    /// Parses a whole document whose member keys that are `knownKeys` share those strings.
    static func parse(_ bytes: [UInt8], knownKeys: KnownKeys) throws(DocumentError) -> SourceNode {
        try document(bytes, knownKeys: knownKeys) { (parser: inout Parser<NodeBuilder>) throws(DocumentError) in
            try parser.value(depth: 0)
        }
    }

    /// Parses text.
    package static func parse(_ text: String) throws(DocumentError) -> SourceNode {
        try parse(Array(text.utf8))
    }

    /// Parses a document that must be an object into its members, in file order, as values
    /// with no positions: the cheap read of a large provider file before a write.
    package static func members(_ bytes: [UInt8]) throws(DocumentError) -> [(key: String, value: JSONValue)] {
        let members = try document(bytes) {
            (parser: inout Parser<ValueBuilder>) throws(DocumentError) -> [(key: String, value: JSONValue)]? in
            guard parser.offset < parser.bytes.count, parser.bytes[parser.offset] == UInt8(ascii: "{") else {
                _ = try parser.value(depth: 0)
                return nil
            }
            return try parser.members(depth: 1)
        }
        if let members { return members }
        // Not an object: read it again with positions, to say what it is and where.
        let root = try parse(bytes)
        throw DocumentError(
            "expected a JSON object of keys to values, found \(root.kindDescription)", at: root.location)
    }

    /// Runs `body` over the bytes after a byte order mark and white space, then insists that
    /// only white space follows what it read.
    static func document<Builder: JSONBuilder, Result>(
        _ bytes: [UInt8], knownKeys: KnownKeys = KnownKeys(),
        _ body: (inout Parser<Builder>) throws(DocumentError) -> Result
    ) throws(DocumentError) -> Result {
        try bytes.withUnsafeBufferPointer { buffer throws(DocumentError) in
            var parser = Parser<Builder>(buffer, knownKeys: knownKeys)
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {  // tolerate a BOM; editors do not count it as a column
                parser.offset = 3
                parser.lineStart = 3
                parser.columnOffset = 3
            }
            parser.skipWhitespace()
            let result = try body(&parser)
            parser.skipWhitespace()
            if parser.offset < buffer.count {
                throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
            }
            return result
        }
    }

    struct Parser<Builder: JSONBuilder> {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0
        var line = 1
        var lineStart = 0
        // Column cache: columns count scalars, so walk forward from the last computed point.
        var columnOffset = 0
        var column = 1

        /// Member keys that are handed out as these strings instead of new ones.
        let knownKeys: KnownKeys
        /// The items of the lists being read, innermost last: each list is made once at its
        /// size when it ends, where appending to it grew it (and copied it) every time it filled
        /// up. Rules are made of short lists (`[{"var": "email"}, "@example.com"]`).
        private var pendingItems: [Builder.Node] = []

        init(_ bytes: UnsafeBufferPointer<UInt8>, knownKeys: KnownKeys) {
            self.bytes = bytes
            self.knownKeys = knownKeys
        }

        mutating func location() -> TextLocation {
            if columnOffset < lineStart || columnOffset > offset {
                columnOffset = lineStart
                column = 1
            }
            // Every byte from the last place counted is a column unless it continues a character:
            // counted as one sum without a branch, which the compiler does many bytes at a time.
            if columnOffset < offset, let base = bytes.baseAddress {
                var continuing = 0
                for index in columnOffset..<offset {
                    continuing &+= Int(truncatingIfNeeded: (base[index] & 0xC0 == 0x80) ? 1 as UInt8 : 0)
                }
                column += offset - columnOffset - continuing
                columnOffset = offset
            }
            return TextLocation(line: line, column: column)
        }

        mutating func error(_ message: String) -> DocumentError {
            DocumentError(message, at: location())
        }

        func describeCurrent() -> String {
            guard offset < bytes.count else { return "end of file" }
            let byte = bytes[offset]
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x" + String(byte, radix: 16, uppercase: true)
        }

        mutating func skipWhitespace() {
            while offset < bytes.count {
                switch bytes[offset] {
                case 0x20, 0x09, 0x0D:
                    offset += 1
                case 0x0A:
                    offset += 1
                    line += 1
                    lineStart = offset
                default:
                    return
                }
            }
        }

        mutating func value(depth: Int) throws(DocumentError) -> Builder.Node {
            guard offset < bytes.count else { throw error("expected a JSON value, found end of file") }
            // Columns cost a walk over the line; a builder that keeps no positions skips it.
            let start = Builder.keepsPositions ? location() : .start
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                guard depth < JSONReader.maximumDepth else {
                    throw error("nesting deeper than \(JSONReader.maximumDepth) levels")
                }
                return Builder.object(try members(depth: depth + 1), at: start)
            case UInt8(ascii: "["):
                guard depth < JSONReader.maximumDepth else {
                    throw error("nesting deeper than \(JSONReader.maximumDepth) levels")
                }
                return Builder.array(try items(depth: depth + 1), at: start)
            case UInt8(ascii: "\""):
                return Builder.string(try string(), at: start)
            case UInt8(ascii: "t"):
                try literal("true")
                return Builder.literal("true", at: start)
            case UInt8(ascii: "f"):
                try literal("false")
                return Builder.literal("false", at: start)
            case UInt8(ascii: "n"):
                try literal("null")
                return Builder.literal("null", at: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return Builder.literal(try number(), at: start)
            default:
                throw error("expected a JSON value, found \(describeCurrent())")
            }
        }

        mutating func literal(_ word: String) throws(DocumentError) {
            let utf8 = Array(word.utf8)
            let count = utf8.count
            let matches = offset + count <= bytes.count && (0..<count).allSatisfy { bytes[offset + $0] == utf8[$0] }
            guard matches else { throw error("expected a JSON value, found \(describeCurrent())") }
            offset += count
        }

        /// The members of the object at `offset`, in file order; a repeated key is an error.
        mutating func members(depth: Int) throws(DocumentError) -> [(key: Builder.Key, value: Builder.Node)] {
            var pairs: [(key: Builder.Key, value: Builder.Node)] = []
            try forEachMember(depth: depth) { (key, keyLocation, parser) throws(DocumentError) in
                pairs.append((Builder.key(key, at: keyLocation), try parser.value(depth: depth)))
            }
            return pairs
        }

        /// Moves past the `:` after a member's key and the white space around it.
        mutating func colon() throws(DocumentError) {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key, found \(describeCurrent())")
            }
            offset += 1
            skipWhitespace()
        }

        /// The items of the array at `offset`.
        mutating func items(depth: Int) throws(DocumentError) -> [Builder.Node] {
            let start = pendingItems.count
            try forEachItem(depth: depth) { parser throws(DocumentError) in
                parser.pendingItems.append(try parser.value(depth: depth))
            }
            // Moved, last first, into a list made at their number, then turned round: no copies
            // to make and let go. Made with `reserveCapacity`, whose allocation is specialised
            // here: `init(unsafeUninitializedCapacity:)` allocates through the standard
            // library's generic path, which looks the list's type up at run time (570
            // instructions a list, against 230).
            let count = pendingItems.count - start
            var list: [Builder.Node] = []
            list.reserveCapacity(count)
            for _ in 0..<count { list.append(pendingItems.removeLast()) }
            list.reverse()
            return list
        }

        /// Reads the object at `offset` a member at a time: `body` gets each key, where it is
        /// written, and the parser at its value, which it must read, at `depth` (one below the
        /// object's). A repeated key is an error. ``members(depth:)`` collects them; a reader
        /// that lets each value go once used reads them one by one.
        mutating func forEachMember(
            depth: Int, _ body: (_ key: String, _ location: TextLocation, inout Self) throws(DocumentError) -> Void
        ) throws(DocumentError) {
            guard depth <= JSONReader.maximumDepth else {
                throw error("nesting deeper than \(JSONReader.maximumDepth) levels")
            }
            offset += 1
            var keys = MemberKeys()
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return
            }
            while true {
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                    throw error("expected a quoted key, found \(describeCurrent())")
                }
                let keyOffset = offset
                let keyLocation = Builder.keepsPositions ? location() : .start
                let key = try string(isKey: true)
                if keys.isRepeated(key) {
                    offset = keyOffset
                    throw error("duplicate key '\(TerminalText.escaped(key))'")
                }
                try colon()
                guard offset < bytes.count else { throw error("expected a JSON value, found end of file") }
                try body(key, keyLocation, &self)
                skipWhitespace()
                guard offset < bytes.count else { throw error("expected ',' or '}', found end of file") }
                if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                    continue
                }
                if bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    return
                }
                throw error("expected ',' or '}', found \(describeCurrent())")
            }
        }

        /// Reads the array at `offset` an item at a time: `body` gets the parser at each item,
        /// which it must read, at `depth` (one below the array's). ``items(depth:)`` collects them.
        mutating func forEachItem(depth: Int, _ body: (inout Self) throws(DocumentError) -> Void) throws(DocumentError)
        {
            guard depth <= JSONReader.maximumDepth else {
                throw error("nesting deeper than \(JSONReader.maximumDepth) levels")
            }
            offset += 1
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return
            }
            while true {
                skipWhitespace()
                guard offset < bytes.count else { throw error("expected a JSON value, found end of file") }
                try body(&self)
                skipWhitespace()
                guard offset < bytes.count else { throw error("expected ',' or ']', found end of file") }
                if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                    continue
                }
                if bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    return
                }
                throw error("expected ',' or ']', found \(describeCurrent())")
            }
        }

        mutating func number() throws(DocumentError) -> String {
            let start = offset
            func digits(_ parser: inout Parser) -> Int {
                let first = parser.offset
                while parser.offset < parser.bytes.count,
                    parser.bytes[parser.offset] >= UInt8(ascii: "0"), parser.bytes[parser.offset] <= UInt8(ascii: "9")
                {
                    parser.offset += 1
                }
                return parser.offset - first
            }
            if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            let integerStart = offset
            let integerDigits = digits(&self)
            guard integerDigits > 0 else { throw error("expected digits in a number") }
            if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
                offset = integerStart
                throw error("numbers must not have leading zeros")
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
                offset += 1
                guard digits(&self) > 0 else { throw error("expected digits after '.'") }
            }
            if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
                offset += 1
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                    offset += 1
                }
                guard digits(&self) > 0 else { throw error("expected digits in the exponent") }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        }

        mutating func string(isKey: Bool = false) throws(DocumentError) -> String {
            offset += 1  // opening quote
            let start = offset
            // Fast path: no escapes.
            var allBits: UInt8 = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: bytes[start..<offset])
                    offset += 1
                    if isKey, let known = knownKeys.existing(slice) { return known }
                    // ASCII needs no validating (and the generic validating initialiser is slow).
                    if allBits < 0x80 { return String(decoding: slice, as: UTF8.self) }
                    guard let text = String(wellFormedUTF8: slice) else {
                        offset = start
                        throw invalidUTF8(in: start)
                    }
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw controlCharacterError(byte) }
                allBits |= byte
                offset += 1
            }
            var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    guard let text = String(wellFormedUTF8: scalars) else {
                        throw invalidUTF8(in: start)
                    }
                    offset += 1
                    return text
                }
                if byte < 0x20 { throw controlCharacterError(byte) }
                if byte != UInt8(ascii: "\\") {
                    scalars.append(byte)
                    offset += 1
                    continue
                }
                offset += 1
                guard offset < bytes.count else { break }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): scalars.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): scalars.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        // A high surrogate must be followed by an escaped low surrogate.
                        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                            bytes[offset + 1] == UInt8(ascii: "u")
                        else {
                            throw error("unpaired surrogate in a \\u escape")
                        }
                        offset += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw error("unpaired surrogate in a \\u escape")
                    }
                    scalars.append(contentsOf: Array(String(Unicode.Scalar(code)!).utf8))
                default:
                    offset -= 2
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
                }
            }
            throw error("unterminated string")
        }

        mutating func hex4() throws(DocumentError) -> UInt32 {
            guard offset + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[offset]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("expected four hex digits after \\u")
                }
                value = value << 4 | digit
                offset += 1
            }
            return value
        }

        mutating func controlCharacterError(_ byte: UInt8) -> DocumentError {
            if byte == 0x0A { return error("unterminated string (strings cannot span lines; write \\n)") }
            return error("control character 0x\(String(byte, radix: 16, uppercase: true)) in a string must be escaped")
        }

        /// Points at the first byte of the string that is not valid UTF-8.
        mutating func invalidUTF8(in start: Int) -> DocumentError {
            var index = start
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                let end = min(bytes.count, index + 4)
                var valid = false
                for length in 1...max(1, end - index) {
                    if String(wellFormedUTF8: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
                        != nil
                    {
                        index += length
                        valid = true
                        break
                    }
                }
                if !valid { break }
            }
            offset = index
            return error("invalid UTF-8 in a string")
        }
    }
}

/// The keys of one object read so far, to refuse a repeated one.
///
/// Repeated keys are found without hashing where possible: most objects hold a handful of
/// members, where comparing beats hashing, and large generated ones (provider files this app
/// wrote) are in key order, where each key need only follow the one before. A set is built
/// only for a large object out of order.
struct MemberKeys {
    private var keys: [String] = []
    private var firstKey: String?
    private var ascending = true
    private var seen: Set<String> = []

    /// Notes `key`, and says whether the object already had it.
    @inline(__always)
    mutating func isRepeated(_ key: String) -> Bool {
        // The first key is kept on its own until a second comes: most objects of rules have
        // one member, and a list of keys for each would be an allocation per object.
        guard let firstKey else {
            firstKey = key
            return false
        }
        if keys.isEmpty { keys.append(firstKey) }
        let repeated: Bool
        if keys.count < 16 {
            repeated = keys.contains(key)
            ascending = ascending && JSONValue.keyPrecedes(keys[keys.count - 1], key)
        } else if ascending, JSONValue.keyPrecedes(keys[keys.count - 1], key) {
            repeated = false
        } else {
            if ascending || seen.isEmpty {
                ascending = false
                seen = Set(keys)
            }
            repeated = !seen.insert(key).inserted
        }
        keys.append(key)
        return repeated
    }
}

/// What the JSON parser builds from what it reads: document nodes with positions, or bare values.
protocol JSONBuilder {
    /// A value.
    associatedtype Node
    /// An object member's key.
    associatedtype Key
    /// Whether nodes record where they start (the parser then tracks columns).
    static var keepsPositions: Bool { get }
    /// A string value.
    static func string(_ text: String, at location: TextLocation) -> Node
    /// `true`, `false`, `null` or a number, as written.
    static func literal(_ text: String, at location: TextLocation) -> Node
    /// An object member's key.
    static func key(_ text: String, at location: TextLocation) -> Key
    /// An object from its members, in file order, keys distinct.
    static func object(_ members: [(key: Key, value: Node)], at location: TextLocation) -> Node
    /// An array.
    static func array(_ items: [Node], at location: TextLocation) -> Node
}

extension JSONReader {
    /// Builds ``SourceNode``s: every value and key with its position.
    enum NodeBuilder: JSONBuilder {
        static var keepsPositions: Bool { true }
        static func string(_ text: String, at location: TextLocation) -> SourceNode {
            SourceNode(.scalar(text, quoted: true), at: location)
        }
        static func literal(_ text: String, at location: TextLocation) -> SourceNode {
            SourceNode(.scalar(text, quoted: false), at: location)
        }
        static func key(_ text: String, at location: TextLocation) -> SourceNode {
            SourceNode(.scalar(text, quoted: true), at: location)
        }
        static func object(_ members: [(key: SourceNode, value: SourceNode)], at location: TextLocation) -> SourceNode {
            SourceNode(.mapping(members), at: location)
        }
        static func array(_ items: [SourceNode], at location: TextLocation) -> SourceNode {
            SourceNode(.sequence(items), at: location)
        }
    }

    /// Builds ``JSONValue``s exactly as ``JSONValue/init(_:)`` reads the nodes, without positions.
    enum ValueBuilder: JSONBuilder {
        static var keepsPositions: Bool { false }
        static func string(_ text: String, at location: TextLocation) -> JSONValue { .string(text) }
        static func literal(_ text: String, at location: TextLocation) -> JSONValue { JSONValue(plainScalar: text) }
        static func key(_ text: String, at location: TextLocation) -> String { text }
        static func object(_ members: [(key: String, value: JSONValue)], at location: TextLocation) -> JSONValue {
            .object(OrderedDictionary(uncheckedUniqueKeysWithValues: members))
        }
        static func array(_ items: [JSONValue], at location: TextLocation) -> JSONValue { .array(items) }
    }
}
