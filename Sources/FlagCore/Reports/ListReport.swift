import Foundation
import OrderedCollections

/// The `list` command's output: one row per flag, as text or as the JSON of docs/commands.md.
package struct ListReport: Sendable {
    /// The rows, after filtering.
    package var rows: [Resolution]
    /// The features with their availability, for the JSON output.
    package var features: [FeatureExplanation]
    /// Keys providers set that no blueprint declares.
    package var unknownKeys: [UnknownKey]
    /// The writable provider, for the overridden marker.
    package var writableProvider: String?
    /// The moment staleness is judged against.
    package var now: Date

    /// Which rows to keep.
    package struct Filter: Sendable {
        /// Keep rows whose key, name or description contains this (case-insensitive).
        package var text: String?
        /// Keep rows the writable provider sets (winning or shadowed).
        package var overriddenOnly = false
        /// Keep rows past their `expires` date.
        package var staleOnly = false
        /// The writable provider's name, to recognise overrides.
        package var writableProvider: String?

        /// Creates a filter.
        package init(
            text: String? = nil, overriddenOnly: Bool = false, staleOnly: Bool = false, writableProvider: String? = nil
        ) {
            self.text = text
            self.overriddenOnly = overriddenOnly
            self.staleOnly = staleOnly
            self.writableProvider = writableProvider
        }

        /// Whether the row of `resolution` is kept.
        func keeps(_ resolution: Resolution, now: Date) -> Bool {
            if let text, !text.isEmpty {
                let flag = resolution.flag
                let haystack = [flag.key, flag.name, flag.description ?? ""].joined(separator: "\n").lowercased()
                if !haystack.contains(text.lowercased()) { return false }
            }
            if overriddenOnly, !resolution.isOverridden(in: writableProvider) { return false }
            if staleOnly, !resolution.isStale(now: now) { return false }
            return true
        }
    }

    /// Builds the report from resolved values (``writeJSON(resolver:filter:unknownKeys:features:now:to:)``
    /// writes the same output without holding every resolution).
    package init(
        resolutions: [Resolution], features: [FeatureExplanation], unknownKeys: [UnknownKey] = [], filter: Filter,
        now: Date
    ) {
        self.now = now
        self.features = features
        self.unknownKeys = unknownKeys
        self.writableProvider = filter.writableProvider
        rows = resolutions.filter { filter.keeps($0, now: now) }
    }

    /// The JSON document of docs/commands.md.
    package var json: JSONValue {
        .object([
            "flags": .array(rows.map { Self.jsonRow($0, writableProvider: writableProvider, now: now) }),
            "features": .array(features.map(Self.jsonFeature)),
            "unknownKeys": .array(unknownKeys.map(Self.jsonUnknownKey)),
        ])
    }

    /// One flag's object in the JSON's `flags`.
    static func jsonRow(_ row: Resolution, writableProvider: String?, now: Date) -> JSONValue {
        var object: OrderedDictionary<String, JSONValue> = [
            "key": .string(row.flag.key),
            "type": .string(row.flag.typeName),
            "value": row.value?.json ?? .null,
            "source": .string(row.source),
            "reason": .string(row.reason.rawValue),
        ]
        if let variant = row.variant { object["variant"] = .string(variant) }
        if row.isOverridden(in: writableProvider) { object["overridden"] = .bool(true) }
        if row.hasTypeMismatch { object["typeMismatch"] = .bool(true) }
        if row.isStale(now: now) { object["stale"] = .bool(true) }
        if row.flag.locked { object["locked"] = .bool(true) }
        return .object(object)
    }

    /// One key's object in the JSON's `unknownKeys`.
    static func jsonUnknownKey(_ key: UnknownKey) -> JSONValue {
        var object: OrderedDictionary<String, JSONValue> = [
            "key": .string(key.key), "provider": .string(key.provider),
            "file": .string(key.file),
        ]
        if let location = key.location {
            object["line"] = .int(location.line)
            object["column"] = .int(location.column)
        }
        if let value = key.value { object["value"] = value.json }
        if let suggestion = key.suggestion { object["didYouMean"] = .string(suggestion) }
        return .object(object)
    }

    /// One feature's object in the JSON's `features`.
    static func jsonFeature(_ explanation: FeatureExplanation) -> JSONValue {
        .object([
            "key": .string(explanation.feature.key), "name": .string(explanation.feature.displayName),
            "availability": .string(explanation.availability.rawValue),
        ])
    }

    /// An aligned table: KEY, TYPE, VALUE, SOURCE; markers for shadowed and ignored values, locked and stale.
    package var text: String { text(width: nil) }

    /// The table fitted to `width` display columns (`nil`: as wide as its cells). Values and
    /// sources are cut with `…`; keys never are, since a cut key cannot be looked up: a key wider
    /// than its column takes a line of its own, with the rest of its row on the next line.
    package func text(width: Int?) -> String {
        let table = rows.map { Self.textCells($0, writableProvider: writableProvider, now: now) }
        var lines: [String] = []
        Self.forEachLine(of: table, width: width) { lines.append($0) }
        return lines.joined(separator: "\n")
    }

    /// The column titles of the table.
    static let header = ["KEY", "TYPE", "VALUE", "SOURCE"]

    /// Each line of the table of `cells` (without the header), fitted to `width` (see ``text(width:)``).
    static func forEachLine(of cells: [[String]], width: Int?, _ body: (String) -> Void) {
        guard let width else {
            TextTable.forEachLine(header: header, rows: cells, body)
            return
        }
        fitted([header] + cells, width: width, body)
    }

    /// A row's cells: KEY, TYPE, VALUE, SOURCE, escaped, with the markers in SOURCE.
    static func textCells(_ row: Resolution, writableProvider: String?, now: Date) -> [String] {
        var source = row.source
        for layer in row.layers {
            switch layer.state {
            // A value that does not fit never wins: it is ignored, whatever the layers above say.
            case .typeMismatch(_, let problem): source += " (\(layer.provider) ignored: \(problem))"
            case .set where layer.provider == writableProvider && !layer.isWinner:
                source += " (\(layer.provider) shadowed)"
            default: break
            }
        }
        if row.flag.locked { source += " (locked)" }
        if row.isStale(now: now) { source += " (stale)" }
        let value =
            row.value.map { TerminalText.truncated(TerminalText.escaped($0.displayText), toWidth: 60) } ?? "(unset)"
        return [TerminalText.escaped(row.flag.key), row.flag.typeName, value, TerminalText.escaped(source)]
    }

    /// The narrowest the value and source columns get before keys give up their column width.
    static let narrowestCutColumn = 8

    /// Lays out KEY, TYPE, VALUE, SOURCE rows within `width` columns (see ``text(width:)``).
    static func fitted(_ cells: [[String]], width: Int, _ body: (String) -> Void) {
        func widest(_ column: Int) -> Int { cells.map { TerminalText.displayWidth(of: $0[column]) }.max() ?? 0 }
        let (keys, types, values, sources) = (widest(0), widest(1), widest(2), widest(3))
        let gaps = 3 * 2
        // The key column gives way first to a few columns of value and source, never below its header.
        let keyColumn = max(3, min(keys, width - gaps - types - 2 * narrowestCutColumn))
        let room = max(0, width - gaps - keyColumn - types)
        let valueColumn: Int
        let sourceColumn: Int
        if values + sources <= room {
            (valueColumn, sourceColumn) = (values, sources)
        } else if values <= room / 2 {
            (valueColumn, sourceColumn) = (values, room - values)
        } else if sources <= room / 2 {
            (valueColumn, sourceColumn) = (room - sources, sources)
        } else {
            (valueColumn, sourceColumn) = (room / 2, room - room / 2)
        }
        for row in cells {
            let rest =
                TerminalText.padded(row[1], toWidth: types) + "  "
                + TerminalText.padded(row[2], toWidth: valueColumn) + "  "
                + TerminalText.truncated(row[3], toWidth: sourceColumn)
            if TerminalText.displayWidth(of: row[0]) > keyColumn {
                body(row[0])
                body((String(repeating: " ", count: keyColumn) + "  " + rest).trimmingTrailingSpaces())
            } else {
                body((TerminalText.padded(row[0], toWidth: keyColumn) + "  " + rest).trimmingTrailingSpaces())
            }
        }
    }
}

/// Left-aligned columns separated by two spaces, measured in display columns.
package enum TextTable {
    /// Renders rows under a header (none when empty); the last column is not padded.
    package static func render(header: [String], rows: [[String]]) -> String {
        var lines: [String] = []
        forEachLine(header: header, rows: rows) { lines.append($0) }
        return lines.joined(separator: "\n")
    }

    /// Each line ``render(header:rows:)`` joins, in order.
    package static func forEachLine(header: [String], rows: [[String]], _ body: (String) -> Void) {
        var widths = [Int](repeating: 0, count: max(header.count, rows.lazy.map(\.count).max() ?? 0))
        func measure(_ row: [String]) {
            for (index, cell) in row.enumerated() {
                widths[index] = max(widths[index], TerminalText.displayWidth(of: cell))
            }
        }
        measure(header)
        for row in rows { measure(row) }
        func line(_ row: [String]) -> String {
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : TerminalText.padded(cell, toWidth: widths[index])
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        if !header.isEmpty { body(line(header)) }
        for row in rows { body(line(row)) }
    }
}

extension String {
    /// The text without trailing spaces (table rows whose last cells are empty).
    func trimmingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return String(self[..<end])
    }
}
