import Foundation

/// A generated workspace whose blueprints are Swift sources (docs/blueprints.md#swift-sources-as-blueprints): one RealFlags-style
/// collection per file, ten flags of every type each, and chains of ten collections nested
/// across files, so the second step has types to find in other files. Each file also reads
/// flags (a chain, a typed parameter, a literal key), for the references (docs/code.md).
enum SwiftWorkspace {
    static let flagsPerFile = 10
    /// The workspace file that searches no code.
    static let withoutCode = "flagscope-no-code.yml"

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
        // The same workspace with no code to search: the load without references.
        try Data((workspace + "code: []\n").utf8).write(to: folder.appendingPathComponent(withoutCode))
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
        lines += [
            "", "func read\(index)(_ flags: Collection\(index)) -> Bool {",
            "    let cached = UserDefaults.standard.bool(forKey: \"flag1_of\(index)\")",
            "    return cached && flags.flag0Of\(index) && flags.flag8Of\(index) // flags.flag2Of\(index) is a comment",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Bench {
    /// Opens Swift workspaces of each size (`--swift`): the first frame against the goal of a second.
    func swiftTable(under root: URL, me: String) throws -> String {
        var rows: [[String]] = [
            ["flags", ".swift files", "source", "load", "load, no references", "references ×", "first frame", "peak"]
        ]
        for size in sizes {
            let generated = try SwiftWorkspace.generate(flagCount: size, under: root)
            let opened = try open(
                [
                    generated.folder.appendingPathComponent("flagscope.yml"),
                    generated.folder.appendingPathComponent(SwiftWorkspace.withoutCode),
                ], me: me)
            let (figures, peak) = opened[0]
            let withoutReferences = opened[1].0
            progress("\(size) flags in Swift: opened, with and without references")
            rows.append([
                Report.grouped(size), Report.grouped(max(1, size / SwiftWorkspace.flagsPerFile)),
                Report.megabytes(generated.bytes), Report.milliseconds(figures.load),
                Report.milliseconds(withoutReferences.load),
                String(format: "%.2f", figures.load / max(withoutReferences.load, 0.000_001)),
                Report.milliseconds(figures.firstFrame), Report.megabytes(peak),
            ])
        }
        return
            "\nSwift blueprints (RealFlags-style, read with SwiftSyntax; goals: first frame ≤ 1 s at 20,000 flags, references ≤ 1.3× the load without)\n"
            + Report.table(rows)
    }
}
