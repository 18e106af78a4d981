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
        guard text.first == "v" else { return nil }
        var rest = text.dropFirst()
        guard let major = Self.number(&rest) else { return nil }
        self.major = major
        minor = "0"
        patch = "0"
        prerelease = []
        if rest.isEmpty { return }
        guard rest.first == "." else { return nil }
        rest = rest.dropFirst()
        guard let minor = Self.number(&rest) else { return nil }
        self.minor = minor
        if rest.isEmpty { return }
        guard rest.first == "." else { return nil }
        rest = rest.dropFirst()
        guard let patch = Self.number(&rest) else { return nil }
        self.patch = patch
        if rest.first == "-" {
            let end = rest.firstIndex(of: "+") ?? rest.endIndex
            let identifiers = rest[rest.index(after: rest.startIndex)..<end].split(separator: ".", omittingEmptySubsequences: false)
            guard !identifiers.isEmpty, identifiers.allSatisfy(Self.isPrereleaseIdentifier) else { return nil }
            prerelease = identifiers
            rest = rest[end...]
        }
        if rest.first == "+" {
            let identifiers = rest.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
            guard !identifiers.isEmpty, identifiers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(Self.isIdentifierCharacter) }) else { return nil }
            rest = rest[rest.endIndex...]
        }
        guard rest.isEmpty else { return nil }
    }

    /// -1, 0 or 1 as `self` is lower than, equal to or higher than `other`.
    func compare(to other: SemanticVersion) -> Int {
        for (left, right) in [(major, other.major), (minor, other.minor), (patch, other.patch)] {
            let order = Self.compareNumbers(left, right)
            if order != 0 { return order }
        }
        // A release is higher than any of its prereleases.
        if prerelease.isEmpty || other.prerelease.isEmpty {
            return prerelease.isEmpty == other.prerelease.isEmpty ? 0 : (prerelease.isEmpty ? 1 : -1)
        }
        for (left, right) in zip(prerelease, other.prerelease) {
            let leftNumeric = left.allSatisfy(\.isASCIIDigit)
            let rightNumeric = right.allSatisfy(\.isASCIIDigit)
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
        guard let first = text.first, first.isASCIIDigit, let version = SemanticVersion(goSyntax: "v" + text) else { return false }
        let core = text.prefix { $0 != "-" && $0 != "+" }
        return core.split(separator: ".", omittingEmptySubsequences: false).count == 3 && version.major.first != nil
    }

    private static func number(_ rest: inout Substring) -> Substring? {
        let digits = rest.prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty, digits == "0" || digits.first != "0" else { return nil }
        rest = rest[digits.endIndex...]
        return digits
    }

    private static func isPrereleaseIdentifier(_ identifier: Substring) -> Bool {
        guard !identifier.isEmpty, identifier.allSatisfy(isIdentifierCharacter) else { return false }
        // A numeric identifier has no leading zero.
        return !(identifier.allSatisfy(\.isASCIIDigit) && identifier.count > 1 && identifier.first == "0")
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isASCIIDigit || character == "-" || (character.isASCII && character.isLetter)
    }

    private static func compareNumbers(_ left: Substring, _ right: Substring) -> Int {
        if left.count != right.count { return left.count < right.count ? -1 : 1 }
        if left == right { return 0 }
        return left.utf8.lexicographicallyPrecedes(right.utf8) ? -1 : 1
    }
}

extension Character {
    /// Whether this is one of `0`–`9`.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
