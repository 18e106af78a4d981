/// A semantic version as flagd's evaluator reads one (Go's `golang.org/x/mod/semver`): `v`
/// then `major[.minor[.patch[-prerelease][+build]]]`; a missing minor or patch is 0; numbers
/// have no leading zeros; build metadata is ignored when comparing.
struct SemanticVersion: Sendable, Hashable {
    /// Major, minor and patch as digit strings (compared by length, then digit by digit, so
    /// numbers of any size compare right).
    var major: Substring
    var minor: Substring
    var patch: Substring
    /// The prerelease identifiers (`alpha`, `1`), empty for a release.
    var prerelease: [Substring]

    /// Parses text that starts with `v`; `nil` when it is not a valid version.
    init?(goSyntax text: String) {
        guard text.utf8.first == UInt8(ascii: "v") else { return nil }
        self.init(afterV: text[text.utf8.index(after: text.utf8.startIndex)...])
    }

    /// Parses what follows the `v` of a version (`1.2.3-beta`).
    init?(afterV text: Substring) {
        let scanned = text.utf8.withContiguousStorageIfAvailable { Self.scan($0) } ?? Self.scan(Array(text.utf8))
        guard let layout = scanned else { return nil }
        // Every byte of a valid version is ASCII, so byte offsets are character offsets.
        func part(_ range: Range<Int>) -> Substring {
            let start = text.utf8.index(text.startIndex, offsetBy: range.lowerBound)
            return text[start..<text.utf8.index(start, offsetBy: range.count)]
        }
        major = part(layout.major)
        minor = layout.minor.map(part) ?? "0"
        patch = layout.patch.map(part) ?? "0"
        prerelease = layout.prerelease.map { part($0).split(separator: ".", omittingEmptySubsequences: false) } ?? []
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
        var order = Self.compareNumbers(major, other.major)
        if order == 0 { order = Self.compareNumbers(minor, other.minor) }
        if order == 0 { order = Self.compareNumbers(patch, other.patch) }
        if order != 0 { return order }
        // A release is higher than any of its prereleases.
        if prerelease.isEmpty || other.prerelease.isEmpty {
            return prerelease.isEmpty == other.prerelease.isEmpty ? 0 : (prerelease.isEmpty ? 1 : -1)
        }
        for (left, right) in zip(prerelease, other.prerelease) {
            let leftNumeric = left.utf8.allSatisfy(Self.isDigitByte)
            let rightNumeric = right.utf8.allSatisfy(Self.isDigitByte)
            let order: Int
            switch (leftNumeric, rightNumeric) {
            case (true, true): order = Self.compareNumbers(left, right)
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
        guard let first = text.utf8.first, isDigitByte(first), SemanticVersion(afterV: text[...]) != nil else {
            return false
        }
        let core = text.utf8.prefix { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "+") }
        return core.lazy.filter { $0 == UInt8(ascii: ".") }.count == 2
    }

    private static func isDigitByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// An ASCII letter, digit or `-`.
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigitByte(byte) || byte == UInt8(ascii: "-") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func compareNumbers(_ left: Substring, _ right: Substring) -> Int {
        let (leftCount, rightCount) = (left.utf8.count, right.utf8.count)
        if leftCount != rightCount { return leftCount < rightCount ? -1 : 1 }
        if left == right { return 0 }
        return left.utf8.lexicographicallyPrecedes(right.utf8) ? -1 : 1
    }
}
