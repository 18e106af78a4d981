import Foundation
import RealFlags

/// RealFlags: keys are `reader/…`, snake_case, joined with '/'.
let readerKeys = KeyConfiguration(prefix: "reader", pathSeparator: "/", keyTransform: .snakeCase)

let readerFlags = FlagsLoader(
    ReaderFlags.self, description: .init(name: "Reader", description: "The reader's flags"),
    keyConfiguration: readerKeys)

struct ReaderFlags: FlagCollectionProtocol {
    @Flag(default: true, description: "Show the new library screen")
    var newLibrary: Bool

    @Flag(key: "font_pt", default: 16, description: "Body text size in points")
    var fontSize: Int

    @Flag(default: Layout.defaultColumns(), description: "Columns on a wide screen")
    var columns: Int

    @Flag(
        default: false,
        description: FlagMetadata(description: "Crash on launch (testing)", isInternal: true))
    var crashOnLaunch: Bool

    init() {}
}
