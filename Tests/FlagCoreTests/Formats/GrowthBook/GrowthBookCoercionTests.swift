import Testing

@testable import FlagCore

/// JavaScript's conversions as the SDK applies them to attributes.
@Suite("GrowthBook: JavaScript's coercions")
struct GrowthBookCoercionTests {
    @Test(
        "Numbers are written as JavaScript writes them",
        arguments: [
            (0.0, "0"), (-0.0, "0"), (1, "1"), (1.5, "1.5"), (-2.25, "-2.25"), (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (1.5e-7, "1.5e-7"), (0.000001, "0.000001"), (123456789.125, "123456789.125"),
            (0.1 + 0.2, "0.30000000000000004"),
            (.infinity, "Infinity"), (.nan, "NaN"),
        ])
    func numberText(number: Double, text: String) {
        #expect(GrowthBookCoercion.numberText(number) == text)
    }

    @Test(
        "Text becomes a number as JavaScript's Number() reads it",
        arguments: [
            ("", 0.0), ("  42\n", 42), ("-1.5e2", -150), (".5", 0.5), ("5.", 5), ("0x1F", 31), ("0b101", 5),
            ("0o17", 15),
            ("Infinity", .infinity), ("-Infinity", -.infinity), ("1,000", .nan), ("1e", .nan), ("abc", .nan),
            ("--1", .nan),
            ("0x", .nan), ("+.e1", .nan),
        ])
    func textToNumber(text: String, number: Double) {
        let read = GrowthBookCoercion.number(text: text)
        #expect(read == number || (read.isNaN && number.isNaN), "\(text) reads as \(read)")
    }

    @Test("Lists are their items joined by commas, null items empty; objects [object Object]")
    func text() {
        #expect(GrowthBookCoercion.text(.array([.int(1), .null, .array([.string("a"), .bool(true)])])) == "1,,a,true")
        #expect(GrowthBookCoercion.text(.object(["a": .int(1)])) == "[object Object]")
        #expect(GrowthBookCoercion.text(nil) == "null")
    }

    @Test("JSON of a hashed value: numbers as JavaScript writes them, members in order")
    func json() {
        #expect(
            GrowthBookCoercion.json(.object(["b": .double(1.0), "a": .array([.double(2.5e21)])]))
                == #"{"b":1,"a":[2.5e+21]}"#)
    }
}
