import OrderedCollections
import Testing

@testable import FlagCore

/// The flat key table a provider's entries live in: every key found, absent keys not, file
/// order kept, and declared keys shared with the blueprint.
@Suite("Provider entries table")
struct ProviderEntriesTests {
    static func entry(_ number: Int) -> ProviderEntry {
        ProviderEntry(value: .native(.int(number)), location: TextLocation(line: number + 1, column: 3))
    }

    @Test("Every one of 20,000 keys is found with its own entry, in file order; keys it lacks are not")
    func everyKeyIsFound() {
        var ordered = OrderedDictionary<String, ProviderEntry>()
        // Keys that differ only near the end, so hash collisions in the table are certain.
        for number in (0..<20_000).reversed() { ordered["area/group/flag_\(number)"] = Self.entry(number) }
        let entries = ProviderEntries(ordered)
        #expect(entries.count == 20_000)
        #expect(entries.keys == ordered.keys.elements)
        for number in 0..<20_000 {
            #expect(entries["area/group/flag_\(number)"] == Self.entry(number))
        }
        for missing in ["", "area/group/flag_20000", "area/group/flag_-1", "AREA/group/flag_1", "area/group/flag_1 "] {
            #expect(entries[missing] == nil, "\(missing)")
        }
        #expect(Array(entries.map(\.0).prefix(2)) == ["area/group/flag_19999", "area/group/flag_19998"])
        #expect(entries.map(\.1) == ordered.values.elements)
    }

    @Test("An empty table has nothing, and a dictionary literal builds the same table as a reader's entries")
    func emptyAndLiteral() {
        let empty = ProviderEntries()
        #expect(empty.isEmpty && empty.count == 0 && empty["a"] == nil && Array(empty.keys).isEmpty)
        let literal: ProviderEntries = ["b": Self.entry(2), "a": Self.entry(1)]
        #expect(literal.keys == ["b", "a"])
        #expect(literal["a"] == Self.entry(1) && literal["b"] == Self.entry(2))
    }

    @Test("Tables compare as dictionaries do: same keys and entries in any order are equal; a changed entry is not")
    func equality() {
        let forward: ProviderEntries = ["a": Self.entry(1), "b": Self.entry(2)]
        let backward: ProviderEntries = ["b": Self.entry(2), "a": Self.entry(1)]
        let changed: ProviderEntries = ["a": Self.entry(1), "b": Self.entry(3)]
        let fewer: ProviderEntries = ["a": Self.entry(1)]
        #expect(forward == backward)
        #expect(forward != changed)
        #expect(forward != fewer && fewer != forward)
    }

    @Test("A key the blueprints declare is kept as the declared string; other keys as the file wrote them")
    func declaredKeysAreShared() {
        let declared: OrderedSet<String> = ["lab/sson", "lab/theme"]
        let ordered: OrderedDictionary<String, ProviderEntry> = [
            "lab/theme": Self.entry(1), "lab/unknown": Self.entry(2),
        ]
        let entries = ProviderEntries(ordered, knownKeys: KnownKeys(declared))
        #expect(entries.keys == ["lab/theme", "lab/unknown"])
        #expect(
            entries["lab/theme"] == Self.entry(1) && entries["lab/unknown"] == Self.entry(2)
                && entries["lab/sson"] == nil)
    }

    @Test("An entry's notes and error read back, and clearing them gives an entry equal to one that never had them")
    func entryExtras() {
        var entry = ProviderEntry(
            value: .text("on"), location: TextLocation(line: 2, column: 4), notes: ["default variant: on"],
            error: "gone")
        #expect(entry.notes == ["default variant: on"] && entry.error == "gone")
        let copy = entry
        entry.notes = []
        entry.error = nil
        #expect(entry == ProviderEntry(value: .text("on"), location: TextLocation(line: 2, column: 4)))
        #expect(
            entry.hashValue == ProviderEntry(value: .text("on"), location: TextLocation(line: 2, column: 4)).hashValue)
        #expect(copy.notes == ["default variant: on"] && copy.error == "gone")
    }

    @Test(
        "A JSON provider's declared keys are the declared strings themselves; other keys, escaped keys and values read as written"
    )
    func knownKeysAreShared() throws {
        let declared: OrderedSet<String> = ["area0/group0/setting1_value", "area0/group0/setting2_value", "short"]
        let known = KnownKeys(declared)
        let json =
            #"{"area0/group0/setting1_value": 1, "area0/group0/setting9_value": 2, "short": 3, "#
            + #""area0/group0/setting2_valu\u0065": 4, "x": "area0/group0/setting1_value"}"#
        let entries = try ProviderReaders.json(Array(json.utf8), knownKeys: known)
        #expect(
            entries.keys.elements == [
                "area0/group0/setting1_value", "area0/group0/setting9_value", "short",
                "area0/group0/setting2_value", "x",
            ])
        func address(_ text: String) -> UnsafeRawPointer? {
            text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        }
        #expect(address(entries.keys[0]) == address(declared[0]))
        #expect(address(entries.keys[1]) != address(declared[0]) && address(entries.keys[1]) != address(declared[1]))
        #expect(entries["x"]?.value == .native(.string("area0/group0/setting1_value")))
        #expect(entries["area0/group0/setting2_value"]?.value == .native(.int(4)))
        #expect(try ProviderReaders.json(Array(json.utf8)) == entries)
    }
}
