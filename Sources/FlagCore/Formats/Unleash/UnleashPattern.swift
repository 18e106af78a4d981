import Foundation

/// A `REGEX` constraint's pattern, compiled once, in the dialect the Unleash engine accepts:
/// Rust's `regex` syntax (yggdrasil), matched in linear time like that engine, so look-around,
/// back-references and patterns past its size limit are refused (the constraint is then false).
final class UnleashPattern: Sendable {
    /// The pattern as written.
    let source: String
    private let pattern: LinearPattern

    /// Compiles `source`; throws with the reason when the engine would refuse it.
    init(_ source: String, caseInsensitive: Bool) throws(LinearPatternError) {
        pattern = try LinearPattern(source, dialect: .rust, caseInsensitive: caseInsensitive)
        self.source = source
    }

    /// Whether the pattern matches anywhere in `text`.
    func matches(_ text: String) -> Bool {
        pattern.matches(in: text)
    }
}

/// An IPv4 or IPv6 address or network (`10.0.0.1`, `160.33.0.0/16`, `2001:db8::/32`); an
/// address alone is a network of one.
struct IPNetwork: Sendable, Hashable {
    /// The address bytes (4 or 16).
    var address: [UInt8]
    /// How many leading bits must match.
    var prefixLength: Int

    /// Parses an address or `address/prefix`; `nil` when it is neither.
    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = Self.address(String(parts[0])) else { return nil }
        let bits = address.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bits).contains(length), parts[1].allSatisfy(\.isASCII) else {
                return nil
            }
            prefixLength = length
        } else {
            prefixLength = bits
        }
        self.address = address
    }

    /// Whether `text` is an address inside this network (of the same family).
    func contains(_ text: String) -> Bool {
        guard let other = Self.address(text.trimmingCharacters(in: .whitespaces)), other.count == address.count
        else { return false }
        var remaining = prefixLength
        for (mine, theirs) in zip(address, other) where remaining > 0 {
            let bits = min(remaining, 8)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if mine & mask != theirs & mask { return false }
            remaining -= bits
        }
        return true
    }

    /// The bytes of an IPv4 dotted quad or an IPv6 address.
    static func address(_ text: String) -> [UInt8]? {
        if text.contains(":") { return ipv6(text) }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = UInt8(part)
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    /// The 16 bytes of an IPv6 address (with `::` and an IPv4 tail allowed).
    private static func ipv6(_ text: String) -> [UInt8]? {
        guard text.count <= 45 else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt16]? {
            guard !part.isEmpty else { return [] }
            var result: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains(".") {
                    guard let v4 = address(String(piece)) else { return nil }
                    result.append(UInt16(v4[0]) << 8 | UInt16(v4[1]))
                    result.append(UInt16(v4[2]) << 8 | UInt16(v4[3]))
                    continue
                }
                guard (1...4).contains(piece.count), piece.allSatisfy(\.isHexDigit),
                    let value = UInt16(piece, radix: 16)
                else { return nil }
                result.append(value)
            }
            return result
        }
        guard let head = groups(halves[0]) else { return nil }
        var all = head
        if halves.count == 2 {
            guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
            all += Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        }
        guard all.count == 8 else { return nil }
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}
