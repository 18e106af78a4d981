/// The bytes flagd's `fractional` hashes (its hashing-consistency decision, testbed
/// `@fractional-v3`): RFC 8949 core deterministic CBOR of the value, after numbers with no
/// fractional part in [-2⁶³, 2⁶⁴) are made integers (so `1.0` is `1` and `-0.0` is `0`).
/// Floats take the shortest of half, single and double precision that keeps the value; map
/// keys are sorted by their encoded bytes.
enum DeterministicCBOR {
    /// The encoding of `value`.
    static func encode(_ value: LogicValue) -> [UInt8] {
        var output: [UInt8] = []
        // Enough for the usual `[flag key, targeting key]` at once.
        output.reserveCapacity(64)
        append(value, to: &output)
        return output
    }

    /// The encoding of the list `[first, second]` of two texts, as ``encode(_:)`` gives it,
    /// without making the list: `fractional` hashes `[flag key, targeting key]` for every flag
    /// it splits.
    static func encode(texts first: String, _ second: String) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        appendHeader(major: 4, 2, to: &output)
        appendText(first, to: &output)
        appendText(second, to: &output)
        return output
    }

    private static func appendText(_ text: String, to output: inout [UInt8]) {
        appendHeader(major: 3, UInt64(text.utf8.count), to: &output)
        output += text.utf8
    }

    private static func append(_ value: LogicValue, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(0xF6)
        case .bool(let flag): output.append(flag ? 0xF5 : 0xF4)
        case .number(let number): appendNumber(number, to: &output)
        case .string(let text):
            appendText(text, to: &output)
        case .array(let items):
            appendHeader(major: 4, UInt64(items.count), to: &output)
            for item in items { append(item, to: &output) }
        case .object(let members):
            let entries = members.map { key, member -> (key: [UInt8], value: LogicValue) in
                (encode(.string(key)), member)
            }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
            appendHeader(major: 5, UInt64(entries.count), to: &output)
            for entry in entries {
                output += entry.key
                append(entry.value, to: &output)
            }
        }
    }

    private static func appendNumber(_ number: Double, to output: inout [UInt8]) {
        if number.isFinite, number == number.rounded(.towardZero), number >= -9_223_372_036_854_775_808,
            number < 18_446_744_073_709_551_616
        {
            if number >= 0 {
                appendHeader(major: 0, UInt64(number), to: &output)
            } else {
                // -1 - n, computed in integers: -n is at most 2⁶³, which a UInt64 holds exactly.
                appendHeader(major: 1, UInt64(-number) - 1, to: &output)
            }
            return
        }
        if let half = halfBits(number) {
            output.append(0xF9)
            appendBigEndian(UInt64(half), bytes: 2, to: &output)
        } else if Double(Float(number)) == number || number.isNaN {
            output.append(0xFA)
            appendBigEndian(UInt64(Float(number).bitPattern), bytes: 4, to: &output)
        } else {
            output.append(0xFB)
            appendBigEndian(number.bitPattern, bytes: 8, to: &output)
        }
    }

    /// The IEEE half-precision bits of `number` when it is exactly representable there.
    static func halfBits(_ number: Double) -> UInt16? {
        if number.isNaN { return 0x7E00 }
        if number.isInfinite { return number > 0 ? 0x7C00 : 0xFC00 }
        let single = Float(number)
        guard Double(single) == number else { return nil }
        let bits = single.bitPattern
        let sign = UInt16((bits >> 16) & 0x8000)
        let exponent = Int((bits >> 23) & 0xFF) - 127
        let mantissa = bits & 0x7F_FFFF
        if single == 0 { return sign }
        if exponent >= -14, exponent <= 15 {
            guard mantissa & 0x1FFF == 0 else { return nil }
            return sign | UInt16(exponent + 15) << 10 | UInt16(mantissa >> 13)
        }
        if exponent < -14, exponent >= -24 {
            // Subnormal: the whole significand, shifted to units of 2⁻²⁴, must lose no bits.
            let significand = UInt32(1 << 23) | mantissa
            let shift = UInt32(-(exponent + 1))
            guard significand & ((1 << shift) - 1) == 0 else { return nil }
            return sign | UInt16(significand >> shift)
        }
        return nil
    }

    private static func appendHeader(major: UInt8, _ argument: UInt64, to output: inout [UInt8]) {
        let type = major << 5
        switch argument {
        case 0..<24: output.append(type | UInt8(argument))
        case 24..<0x100:
            output.append(type | 24)
            output.append(UInt8(argument))
        case 0x100..<0x1_0000:
            output.append(type | 25)
            appendBigEndian(argument, bytes: 2, to: &output)
        case 0x1_0000..<0x1_0000_0000:
            output.append(type | 26)
            appendBigEndian(argument, bytes: 4, to: &output)
        default:
            output.append(type | 27)
            appendBigEndian(argument, bytes: 8, to: &output)
        }
    }

    /// Appends the low `bytes` bytes of `value`, most significant first (byte by byte: no
    /// array made for each number, as `fractional` hashes one value for every flag evaluated).
    private static func appendBigEndian(_ value: UInt64, bytes: Int, to output: inout [UInt8]) {
        for index in (0..<bytes).reversed() { output.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }
}
