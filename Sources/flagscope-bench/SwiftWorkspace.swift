import Foundation

/// A generated workspace whose blueprints are Swift sources (docs/blueprints.md#swift-sources-as-blueprints): one RealFlags-style
/// collection per file, ten flags of every type each, and chains of ten collections nested
/// across files, so the second step has types to find in other files.
enum SwiftWorkspace {
    static let flagsPerFile = 10

    /// Writes `flagCount` flags (in `flagCount / 10` files) under `parent`; returns the folder
    /// and the bytes of Swift source written.
    static func generate(flagCount: Int, under parent: URL) throws -> (folder: URL, bytes: Int) {
        let folder = parent.appendingPathComponent("swift-\(flagCount)")
        try? FileManager.default.removeItem(at: folder)
        let fileCount = max(1, flagCount / flagsPerFile)
        var bytes = 0
        for index in 0..<fileCount {
            let module = folder.appendingPathComponent("Sources/Module\(index / 100)")
            try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
            let text = source(index, nests: index % 10 != 9 && index + 1 < fileCount)
            bytes += text.utf8.count
            try Data(text.utf8).write(to: module.appendingPathComponent("Collection\(index).swift"))
        }
        let workspace = """
            blueprints:
              - Sources/**/*.swift
            providers:
              - name: Local
                format: json
                path: local.json
                writable: true

            """
        try Data(workspace.utf8).write(to: folder.appendingPathComponent("flagscope.yml"))
        try Data("{}\n".utf8).write(to: folder.appendingPathComponent("local.json"))
        return (folder, bytes)
    }

    /// One file: a `String` enum, a collection with a flag of each type, and (unless it ends a
    /// chain) the next file's collection nested.
    static func source(_ index: Int, nests: Bool) -> String {
        let flags: [(type: String, value: String)] = [
            ("Bool", "true"), ("Int", "\(index)"), ("Double", "1.5"), ("String", "\"text \(index)\""),
            ("Mode\(index)", ".fast"), ("Date", "Date(timeIntervalSince1970: 1_767_225_600)"),
            ("URL", "URL(string: \"https://example.com/\(index)\")!"), ("[String: Int]", "[\"a\": \(index)]"),
            ("Bool", "false"), ("Int?", "nil"),
        ]
        var lines = [
            "import Foundation", "import RealFlags", "",
            "enum Mode\(index): String, FlagProtocol {", "    case slow", "    case fast = \"FAST\"", "}", "",
            "struct Collection\(index): FlagCollectionProtocol {",
        ]
        for (position, flag) in flags.enumerated() {
            lines.append("    @Flag(default: \(flag.value), description: \"Flag \(position) of collection \(index)\")")
            lines.append("    var flag\(position)Of\(index): \(flag.type)")
            lines.append("")
        }
        if nests {
            lines.append("    @FlagCollection(description: \"The next collection\")")
            lines.append("    var next: Collection\(index + 1)")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Bench {
    /// Opens Swift workspaces of each size (`--swift`): the first frame against the goal of a second.
    func swiftTable(under root: URL, me: String) throws -> String {
        var rows: [[String]] = [["flags", ".swift files", "source", "load", "first frame", "peak"]]
        for size in sizes {
            let generated = try SwiftWorkspace.generate(flagCount: size, under: root)
            let (figures, peak) = try open([generated.folder.appendingPathComponent("flagscope.yml")], me: me)[0]
            progress("\(size) flags in Swift: opened")
            rows.append([
                Report.grouped(size), Report.grouped(max(1, size / SwiftWorkspace.flagsPerFile)),
                Report.megabytes(generated.bytes), Report.milliseconds(figures.load),
                Report.milliseconds(figures.firstFrame), Report.megabytes(peak),
            ])
        }
        return "\nSwift blueprints (RealFlags-style, read with SwiftSyntax; goal: first frame ≤ 1 s at 20,000 flags)\n"
            + Report.table(rows)
    }
}
