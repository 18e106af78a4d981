import Foundation
import OrderedCollections

/// The `plist` format (docs/providers.md): RealFlags' LocalProvider property list, one nested
/// dictionary per key segment; Flagscope writes it too.
struct PlistFileFormat: FormatDescriptor {
    let name = "plist"
    let source = FormatSource.file
    let writable: WritableFormat? = .plist

    func read(_ bytes: [UInt8], _ reading: FormatReading) throws(DocumentError) -> ProviderFile {
        ProviderFile(entries: try ProviderReaders.plist(bytes, isKey: reading.isKey))
    }

    func remedy(forKey key: String, in provider: ProviderConfig, displayPath: String) -> (action: String, why: String?)
    {
        ("edit \(displayPath)", "\(provider.name), read-only here")
    }
}

extension ProviderFormat {
    /// RealFlags' LocalProvider property list.
    package static let plist = ProviderFormat(PlistFileFormat())
}

extension ProviderReaders {
    /// A RealFlags LocalProvider plist: one nested dictionary per key segment. A dictionary whose
    /// path is a declared key is that flag's (json) value; otherwise it is descended into.
    static func plist(_ bytes: [UInt8], isKey: (String) -> Bool) throws(DocumentError) -> Entries {
        let tree: Any
        do {
            tree = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw DocumentError(
                "not a valid property list: \(PlistValues.reason(error))", at: PlistValues.line(of: error))
        }
        guard let root = tree as? [String: Any] else {
            throw DocumentError("a plist provider file must hold a dictionary at its root", at: .start)
        }
        var entries = Entries()
        func visit(_ dictionary: [String: Any], prefix: String) {
            for name in dictionary.keys.sorted() {
                let key = prefix.isEmpty ? name : prefix + "/" + name
                let value = dictionary[name]!
                if let nested = value as? [String: Any], !isKey(key) {
                    visit(nested, prefix: key)
                } else {
                    entries[key] = ProviderEntry(value: .native(PlistValues.json(from: value)))
                }
            }
        }
        visit(root, prefix: "")
        return entries
    }
}
