import Foundation
import OrderedCollections

/// Where each format's reader lives (`Formats/<Name>/`, as extensions): files and answers read
/// into key → entry, with positions where the format has them (docs/providers.md).
enum ProviderReaders {
    /// The entries of a file, in file order.
    typealias Entries = OrderedDictionary<String, ProviderEntry>
}
