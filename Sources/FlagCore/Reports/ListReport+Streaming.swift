import Foundation

extension ListReport {
    /// Writes `list --json` (docs/commands.md) as each key is resolved, the same bytes as
    /// `json.serialized(pretty: true, sortedKeys: false)` of a report over every resolution,
    /// without holding the resolutions, their JSON values or the whole text: at 100k flags
    /// those would be most of the command's memory. `features` is asked for once the flags are written.
    package static func writeJSON(
        resolver: Resolver, filter: Filter, unknownKeys: [UnknownKey], features: () -> [FeatureExplanation],
        now: Date, to output: inout ChunkedOutput
    ) {
        output.write("{\n  \"flags\": ")
        var isEmpty = true
        resolver.forEachResolution { resolution in
            guard filter.keeps(resolution, now: now) else { return }
            output.write(isEmpty ? "[\n    " : ",\n    ")
            isEmpty = false
            writeRow(resolution, writableProvider: filter.writableProvider, now: now, to: &output)
            output.pieceWritten()
        }
        output.write(isEmpty ? "[]" : "\n  ]")
        output.write(",\n  \"features\": ")
        writeArray(to: &output) { item in
            for feature in features() { item(jsonFeature(feature)) }
        }
        output.write(",\n  \"unknownKeys\": ")
        writeArray(to: &output) { item in
            for key in unknownKeys { item(jsonUnknownKey(key)) }
        }
        output.write("\n}")
    }

    /// Writes one flag's object in `flags` as ``jsonRow(_:writableProvider:now:)`` makes it and
    /// the serializer writes it, member by member, without making the object first (at 100k
    /// flags making the objects would take a fifth of the command's time).
    static func writeRow(_ row: Resolution, writableProvider: String?, now: Date, to output: inout ChunkedOutput) {
        let memberStart = "\n      "
        func member(_ name: String, first: Bool = false) {
            output.write(first ? "{" + memberStart : "," + memberStart)
            output.write(name)
            output.write(": ")
        }
        func string(_ text: String) { JSONValue.writeString(text, to: &output) }
        member("\"key\"", first: true)
        string(row.flag.key)
        member("\"type\"")
        string(row.flag.typeName)
        member("\"value\"")
        (row.value?.json ?? .null).write(to: &output, pretty: true, sortedKeys: false, indent: 3, limit: .max)
        member("\"source\"")
        string(row.source)
        member("\"reason\"")
        string(row.reason.rawValue)
        if let variant = row.variant {
            member("\"variant\"")
            string(variant)
        }
        if row.isOverridden(in: writableProvider) {
            member("\"overridden\"")
            output.write("true")
        }
        if row.hasTypeMismatch {
            member("\"typeMismatch\"")
            output.write("true")
        }
        if row.isStale(now: now) {
            member("\"stale\"")
            output.write("true")
        }
        if row.flag.locked {
            member("\"locked\"")
            output.write("true")
        }
        output.write("\n    }")
    }

    /// Writes a JSON array one level deep in a pretty document, its items as `produce` hands
    /// them over (`[]` when it hands none, as the serializer writes an empty array).
    private static func writeArray(
        to output: inout ChunkedOutput, _ produce: (_ item: (JSONValue) -> Void) -> Void
    ) {
        var isEmpty = true
        produce { value in
            output.write(isEmpty ? "[\n    " : ",\n    ")
            isEmpty = false
            value.writePretty(to: &output, indent: 2)
            output.pieceWritten()
        }
        output.write(isEmpty ? "[]" : "\n  ]")
    }

    /// Writes the `list` table (``text(width:)``), a line at a time, and returns how many
    /// flags it lists. Column widths need every row's cells first, so those are kept (a few
    /// short strings per flag); the resolutions and the text are not.
    @discardableResult
    package static func writeText(
        resolver: Resolver, filter: Filter, width: Int?, now: Date, to output: inout ChunkedOutput
    ) -> Int {
        var cells: [[String]] = []
        resolver.forEachResolution { resolution in
            guard filter.keeps(resolution, now: now) else { return }
            cells.append(textCells(resolution, writableProvider: filter.writableProvider, now: now))
        }
        guard !cells.isEmpty else { return 0 }
        var first = true
        forEachLine(of: cells, width: width) { line in
            if !first { output.append(0x0A) }
            first = false
            output.write(line)
            output.pieceWritten()
        }
        return cells.count
    }
}
