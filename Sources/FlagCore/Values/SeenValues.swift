/// Values already handed out while reading one file.
///
/// Files repeat a few values many times — the same tags, enum values and bounds on thousands
/// of flags, the same note on every flagd flag — and handing out the earlier equal value makes
/// the repeats share its storage instead of each keeping a copy (about 5 MB at 100k flags).
struct SeenValues<Value: Hashable> {
    private var seen: Set<Value> = []

    /// `value`, or the equal value seen before.
    mutating func shared(_ value: Value) -> Value {
        seen.insert(value).memberAfterInsert
    }
}
