import Foundation
import OrderedCollections

/// The `list` command's output: one row per flag, as text or as the JSON of SPEC §6.
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
    }

    /// Builds the report from resolved values.
    package init(
        resolutions: [Resolution], features: [FeatureExplanation], unknownKeys: [UnknownKey] = [], filter: Filter,
        now: Date
    ) {
        self.now = now
        self.features = features
        self.unknownKeys = unknownKeys
        self.writableProvider = filter.writableProvider
        let needle = filter.text?.lowercased()
        rows = resolutions.filter { resolution in
            if let needle, !needle.isEmpty {
                let flag = resolution.flag
                let haystack = [flag.key, flag.name, flag.description ?? ""].joined(separator: "\n").lowercased()
                if !haystack.contains(needle) { return false }
            }
            if filter.overriddenOnly, !resolution.isOverridden(in: filter.writableProvider) { return false }
            if filter.staleOnly, !resolution.isStale(now: now) { return false }
            return true
        }
    }

    /// The JSON document of SPEC §6.
    package var json: JSONValue {
        let flags: [JSONValue] = rows.map { row in
            var object: OrderedDictionary<String, JSONValue> = [
                "key": .string(row.flag.key),
                "type": .string(row.flag.typeName),
                "value": row.value?.json ?? .null,
                "source": .string(row.source),
                "reason": .string(row.reason.rawValue),
            ]
            if let variant = row.variant { object["variant"] = .string(variant) }
            if row.isOverridden(in: writableProvider) { object["overridden"] = .bool(true) }
            if row.layers.contains(where: { if case .typeMismatch = $0.state { return true } else { return false } }) {
                object["typeMismatch"] = .bool(true)
            }
            if row.isStale(now: now) { object["stale"] = .bool(true) }
            if row.flag.locked { object["locked"] = .bool(true) }
            return .object(object)
        }
        let unknown: [JSONValue] = unknownKeys.map { key in
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
        let featureRows: [JSONValue] = features.map { explanation in
            .object([
                "key": .string(explanation.feature.key), "name": .string(explanation.feature.displayName),
                "availability": .string(explanation.availability.rawValue),
            ])
        }
        return .object(["flags": .array(flags), "features": .array(featureRows), "unknownKeys": .array(unknown)])
    }

    /// An aligned table: KEY, TYPE, VALUE, SOURCE; markers for shadowed and ignored values, locked and stale.
    package var text: String { text(width: nil) }

    /// The table fitted to `width` display columns (`nil`: as wide as its cells). Values and
    /// sources are cut with `…`; keys never are, since a cut key cannot be looked up: a key wider
    /// than its column takes a line of its own, with the rest of its row on the next line.
    package func text(width: Int?) -> String {
        let header = ["KEY", "TYPE", "VALUE", "SOURCE"]
        let table = rows.map { row -> [String] in
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
        guard let width else { return TextTable.render(header: header, rows: table) }
        return Self.fitted([header] + table, width: width)
    }

    /// The narrowest the value and source columns get before keys give up their column width.
    static let narrowestCutColumn = 8

    /// Lays out KEY, TYPE, VALUE, SOURCE rows within `width` columns (see ``text(width:)``).
    static func fitted(_ cells: [[String]], width: Int) -> String {
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
        var lines: [String] = []
        for row in cells {
            let rest =
                TerminalText.padded(row[1], toWidth: types) + "  "
                + TerminalText.padded(row[2], toWidth: valueColumn) + "  "
                + TerminalText.truncated(row[3], toWidth: sourceColumn)
            if TerminalText.displayWidth(of: row[0]) > keyColumn {
                lines.append(row[0])
                lines.append((String(repeating: " ", count: keyColumn) + "  " + rest).trimmingTrailingSpaces())
            } else {
                lines.append((TerminalText.padded(row[0], toWidth: keyColumn) + "  " + rest).trimmingTrailingSpaces())
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Left-aligned columns separated by two spaces, measured in display columns.
package enum TextTable {
    /// Renders rows under a header (none when empty); the last column is not padded.
    package static func render(header: [String], rows: [[String]]) -> String {
        let all = header.isEmpty ? rows : [header] + rows
        var widths = [Int](repeating: 0, count: all.map(\.count).max() ?? 0)
        for row in all {
            for (index, cell) in row.enumerated() {
                widths[index] = max(widths[index], TerminalText.displayWidth(of: cell))
            }
        }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : TerminalText.padded(cell, toWidth: widths[index])
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
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
