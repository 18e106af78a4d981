import FlagCore
import Foundation
import TestSupport
import Testing

/// A provider format is one folder (docs/architecture.md#adding-a-provider-format): its
/// descriptor, reader and engine live in `Sources/FlagCore/Formats/<Name>/`, the registry lists
/// it once, and nothing else in the product names what the folder declares — so a new format is
/// its folder, its line in the registry, its tests and docs, and the scripts that run its
/// vendor's engine (the conformance runner, the benchmark).
@Suite("Format folders")
struct FormatFoldersTests {
    /// The targets that ship or build the product: none of them may know a format's types.
    static let productTargets = ["FlagCore", "FlagBrowser", "FlagServer", "TerminalUI", "flagscope", "FuzzTargets"]

    /// The types declared at the top level of the Swift files under `folder`.
    static func declaredTypes(under folder: URL) throws -> Set<String> {
        let declaration = try Regex(
            #"(?m)^(?:@\w+\s+)*(?:(?:package|public|internal|private|fileprivate|final|indirect)\s+)*(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z]\w*)"#
        )
        var types: Set<String> = []
        for file in try Self.swiftFiles(under: folder) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { types.insert(String(name)) }
            }
        }
        return types
    }

    /// Every Swift file under `folder`.
    static func swiftFiles(under folder: URL) throws -> [URL] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.map {
            folder.appendingPathComponent($0)
        }
    }

    /// A file's code without its comments and string literals.
    static func code(of file: URL) throws -> String {
        let comment = try Regex(#"//[^\n]*"#)
        let string = try Regex(#""(?:\\.|[^"\\\n])*""#)
        return try String(contentsOf: file, encoding: .utf8).replacing(comment, with: "").replacing(
            string, with: "\"\"")
    }

    @Test("Every registered format has a folder, and every folder is a registered format's")
    func foldersAreTheRegistry() throws {
        let formats = Repository.root.appendingPathComponent("Sources/FlagCore/Formats")
        let folders = try FileManager.default.contentsOfDirectory(atPath: formats.path).filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: formats.appendingPathComponent($0).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
        #expect(folders.count == ProviderFormat.all.count, "\(folders.sorted()) against \(ProviderFormat.names)")
        var named: [String: String] = [:]
        for folder in folders {
            for file in try Self.swiftFiles(under: formats.appendingPathComponent(folder)) {
                let text = try String(contentsOf: file, encoding: .utf8)
                for format in ProviderFormat.all where text.contains("let name = \"\(format.name)\"") {
                    named[format.name] = folder
                }
            }
        }
        for format in ProviderFormat.all {
            #expect(named[format.name] != nil, "no folder under Formats/ describes the format '\(format.name)'")
        }
    }

    @Test("No code outside a format's folder names a type the folder declares")
    func typesStayInTheirFolder() throws {
        let formats = Repository.root.appendingPathComponent("Sources/FlagCore/Formats")
        let folders = try FileManager.default.contentsOfDirectory(atPath: formats.path).filter {
            !$0.hasSuffix(".swift")
        }
        let word = try Regex(#"(?:^|[^.\w])([A-Z]\w*)"#)
        var owned: [String: String] = [:]
        for folder in folders {
            for type in try Self.declaredTypes(under: formats.appendingPathComponent(folder)) { owned[type] = folder }
        }
        #expect(owned.count >= 20, "the formats' types were read")
        for target in Self.productTargets {
            let root = Repository.root.appendingPathComponent("Sources/\(target)")
            for file in try Self.swiftFiles(under: root) {
                let path = file.path.dropFirst(Repository.root.path.count + 1)
                let inFolder = folders.first { path.hasPrefix("Sources/FlagCore/Formats/\($0)/") }
                for match in try Self.code(of: file).matches(of: word) {
                    guard let name = match.output[1].substring.map(String.init), let folder = owned[name],
                        folder != inFolder
                    else { continue }
                    Issue.record("\(path) names \(name), a type of Formats/\(folder)/: ask the format's descriptor")
                }
            }
        }
    }
}
