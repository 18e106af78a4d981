import Testing

@testable import FlagCore

/// Deterministic CBOR, which fractional hashes values other than text in.
@Suite("Deterministic CBOR")
struct DeterministicCBORTests {
    @Test(
        "Values encode as deterministic CBOR, whole numbers as integers",
        arguments: [
            ("0", "00"), ("23", "17"), ("24", "1818"), ("1000000", "1a000f4240"),
            ("1000000000000", "1b000000e8d4a51000"),
            ("-1", "20"), ("-100", "3863"), ("1.0", "01"), ("-0.0", "00"), ("65504.0", "19ffe0"),
            ("1.1", "fb3ff199999999999a"),
            ("1.5", "f93e00"), ("-4.1", "fbc010666666666666"), ("3.4028234663852886e38", "fa7f7fffff"),
            ("5.960464477539063e-8", "f90001"), ("0.00006103515625", "f90400"), ("1e300", "fb7e37e43c8800759c"),
            ("9223372036854775808", "1b8000000000000000"), ("18446744073709551616", "fa5f800000"),
            ("-9223372036854775808", "3b7fffffffffffffff"),
            (#""a""#, "6161"), (#""IETF""#, "6449455446"), ("[1, 2, 3]", "83010203"),
            (#"{"b": [2, 3], "a": 1}"#, "a26161016162820203"),
            (#"{"aa": 2, "z": 1}"#, "a2617a0162616102"), ("true", "f5"), ("null", "f6"),
        ])
    func cborEncoding(value: String, hex: String) throws {
        let bytes = DeterministicCBOR.encode(try RuleFixture.value(value))
        #expect(bytes.map { String(format: "%02x", $0) }.joined() == hex, "\(value)")
    }
}
