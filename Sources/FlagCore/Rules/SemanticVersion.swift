/// A semantic version as flagd's evaluator reads one (Go's `golang.org/x/mod/semver`): `v`
/// then `major[.minor[.patch[-prerelease][+build]]]`; a missing minor or patch is 0; numbers
/// have no leading zeros; build metadata is ignored when comparing.
struct SemanticVersion: Sendable, Hashable {
    /// A major, minor or patch number. Numbers have no leading zeros, so the one with more
    /// digits is the larger: those of up to 19 digits are kept as their value (no text to make
    /// or compare), longer ones as their digits, and numbers of any size compare right.
    enum Number: Sendable, Hashable, Comparable {
        case value(UInt64)
        case digits(Substring)

        static func < (left: Number, right: Number) -> Bool {
            switch (left, right) {
            case (.value(let left), .value(let right)): return left < right
            case (.value, .digits): return true
            case (.digits, .value): return false
            case (.digits(let left), .digits(let right)):
                let (leftCount, rightCount) = (left.utf8.count, right.utf8.count)
                if leftCount != rightCount { return leftCount < rightCount }
                return left.utf8.lexicographicallyPrecedes(right.utf8)
            }
        }
    }

    var major: Number
    var minor: Number
    var patch: Number
    /// The prerelease identifiers (`alpha`, `1`), empty for a release.
    var prerelease: [Substring]

    /// Parses what follows the `v` of a version (`1.2.3-beta`).
    init?(afterV text: Substring) {
        // Read from the bytes in place: a version is read for every `sem_ver` evaluated.
        let read =
            text.utf8.withContiguousStorageIfAvailable { Self.read($0, of: { text }) }
            ?? Self.read(Array(text.utf8), of: { text })
        guard let read else { return nil }
        self = read
    }

    /// Parses typed text as a version, with or without a leading `v` or `V` (`4.12.0`, `v4.12.0`).
    init?(typed text: String) {
        let first = text.utf8.first
        self.init(text, skippingFirst: first == UInt8(ascii: "v") || first == UInt8(ascii: "V") ? 1 : 0)
    }

    /// Parses `text` after its first `skipped` bytes (a leading `v`), from the string's own bytes:
    /// no `Substring` is made unless a part needs one (a prerelease, a number of 20 digits).
    init?(_ text: String, skippingFirst skipped: Int) {
        let body = { Substring(text.utf8.dropFirst(skipped)) }
        let read = text.utf8.withContiguousStorageIfAvailable { bytes in
            Self.read(UnsafeBufferPointer(rebasing: bytes[skipped...]), of: body)
        }
        guard let read else {
            self.init(afterV: body())
            return
        }
        guard let read else { return nil }
        self = read
    }

    private init(major: Number, minor: Number, patch: Number, prerelease: [Substring]) {
        (self.major, self.minor, self.patch, self.prerelease) = (major, minor, patch, prerelease)
    }

    /// The version `bytes` (the UTF-8 of `text()`) hold, or `nil`.
    private static func read<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, of text: () -> Substring)
        -> SemanticVersion? where Bytes.Index == Int
    {
        guard let layout = scan(bytes) else { return nil }
        // Every byte of a valid version is ASCII, so byte offsets are character offsets.
        func part(_ range: Range<Int>) -> Substring {
            let text = text()
            let start = text.utf8.index(text.startIndex, offsetBy: range.lowerBound)
            return text[start..<text.utf8.index(start, offsetBy: range.count)]
        }
        func number(_ range: Range<Int>?) -> Number {
            guard let range else { return .value(0) }
            guard range.count <= 19 else { return .digits(part(range)) }
            var value: UInt64 = 0
            for offset in range { value = value * 10 + UInt64(bytes[bytes.startIndex + offset] - UInt8(ascii: "0")) }
            return .value(value)
        }
        return SemanticVersion(
            major: number(layout.major), minor: number(layout.minor), patch: number(layout.patch),
            prerelease: layout.prerelease.map { part($0).split(separator: ".", omittingEmptySubsequences: false) } ?? []
        )
    }

    /// Where a version's parts are, as byte offsets.
    private struct Layout {
        var major: Range<Int>
        var minor: Range<Int>?
        var patch: Range<Int>?
        var prerelease: Range<Int>?
    }

    /// The parts of `major[.minor[.patch[-prerelease][+build]]]`, read byte by byte: every
    /// character a version may hold is ASCII, so any other byte makes it invalid.
    private static func scan<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Layout? where Bytes.Index == Int {
        let end = bytes.endIndex
        var index = bytes.startIndex
        func number() -> Range<Int>? {
            let start = index
            while index < end, isDigitByte(bytes[index]) { index += 1 }
            guard index > start, bytes[start] != UInt8(ascii: "0") || index - start == 1 else { return nil }
            return start - bytes.startIndex..<index - bytes.startIndex
        }
        func skip(_ separator: Unicode.Scalar) -> Bool {
            guard index < end, bytes[index] == UInt8(ascii: separator) else { return false }
            index += 1
            return true
        }
        /// Whether the dot-separated identifiers up to `stop` are each non-empty and made of
        /// letters, digits and `-` (and, for a prerelease, numeric ones have no leading zero).
        func identifiers(upTo stop: Int, prerelease: Bool) -> Bool {
            var start = index
            while true {
                let identifierEnd = bytes[start..<stop].firstIndex(of: UInt8(ascii: ".")) ?? stop
                let identifier = bytes[start..<identifierEnd]
                guard !identifier.isEmpty, identifier.allSatisfy(isIdentifierByte) else { return false }
                if prerelease, identifier.count > 1, identifier.first == UInt8(ascii: "0"),
                    identifier.allSatisfy(isDigitByte)
                {
                    return false
                }
                if identifierEnd == stop { return true }
                start = identifierEnd + 1
            }
        }
        guard let major = number() else { return nil }
        var layout = Layout(major: major)
        if index == end { return layout }
        guard skip("."), let minor = number() else { return nil }
        layout.minor = minor
        if index == end { return layout }
        guard skip("."), let patch = number() else { return nil }
        layout.patch = patch
        if skip("-") {
            let stop = bytes[index...].firstIndex(of: UInt8(ascii: "+")) ?? end
            guard identifiers(upTo: stop, prerelease: true) else { return nil }
            layout.prerelease = index - bytes.startIndex..<stop - bytes.startIndex
            index = stop
        }
        if skip("+") {
            guard identifiers(upTo: end, prerelease: false) else { return nil }
            index = end
        }
        return index == end ? layout : nil
    }

    /// -1, 0 or 1 as `self` is lower than, equal to or higher than `other`.
    func compare(to other: SemanticVersion) -> Int {
        if major != other.major { return major < other.major ? -1 : 1 }
        if minor != other.minor { return minor < other.minor ? -1 : 1 }
        if patch != other.patch { return patch < other.patch ? -1 : 1 }
        // A release is higher than any of its prereleases.
        if prerelease.isEmpty || other.prerelease.isEmpty {
            return prerelease.isEmpty == other.prerelease.isEmpty ? 0 : (prerelease.isEmpty ? 1 : -1)
        }
        for (left, right) in zip(prerelease, other.prerelease) {
            let leftNumeric = left.utf8.allSatisfy(Self.isDigitByte)
            let rightNumeric = right.utf8.allSatisfy(Self.isDigitByte)
            let order: Int
            switch (leftNumeric, rightNumeric) {
            case (true, true): order = Self.compareDigits(left, right)
            case (true, false): order = -1
            case (false, true): order = 1
            case (false, false): order = left == right ? 0 : (left.utf8.lexicographicallyPrecedes(right.utf8) ? -1 : 1)
            }
            if order != 0 { return order }
        }
        return prerelease.count == other.prerelease.count ? 0 : (prerelease.count < other.prerelease.count ? -1 : 1)
    }

    /// Whether `text` is a version as semver.org writes it (no `v`, all three numbers): what
    /// flagd's schema asks for in `sem_ver` literals.
    static func isStrictlyWritten(_ text: String) -> Bool {
        // Read as a `String`, whose bytes are at hand even when it is short (a `Substring`'s
        // were copied into an array first).
        guard let first = text.utf8.first, isDigitByte(first), SemanticVersion(text, skippingFirst: 0) != nil else {
            return false
        }
        // Two dots before a prerelease or build: all three numbers written.
        var dots = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { break }
            if byte == UInt8(ascii: ".") { dots += 1 }
        }
        return dots == 2
    }

    private static func isDigitByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// An ASCII letter, digit or `-`.
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigitByte(byte) || byte == UInt8(ascii: "-") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// Compares numeric prerelease identifiers (digits without leading zeros, of any length).
    private static func compareDigits(_ left: Substring, _ right: Substring) -> Int {
        let (leftCount, rightCount) = (left.utf8.count, right.utf8.count)
        if leftCount != rightCount { return leftCount < rightCount ? -1 : 1 }
        if left == right { return 0 }
        return left.utf8.lexicographicallyPrecedes(right.utf8) ? -1 : 1
    }
}
