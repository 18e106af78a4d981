extension String {
    /// The text of `bytes`, or `nil` when they are not well-formed UTF-8: the standard library's
    /// `String(validating:as:)`, which needs the Swift 6 runtime (macOS 15). On macOS 13 and 14
    /// the bytes go through the UTF-8 decoder instead, which refuses the same sequences (overlong
    /// forms, surrogates, values past U+10FFFF, a sequence cut short). Linux always takes the first
    /// branch.
    @inline(__always)
    init?<Bytes: Collection<UInt8>>(wellFormedUTF8 bytes: Bytes) {
        if #available(macOS 15, *) {
            guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
            self = text
        } else {
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue: continue
                case .emptyInput:
                    self = String(decoding: bytes, as: UTF8.self)
                    return
                case .error: return nil
                }
            }
        }
    }
}
