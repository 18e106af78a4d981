import Foundation

/// The bundled demo workspace (`Resources/Demo`): the podcast app and RealFlags-style collections.
public enum DemoWorkspace {
    /// The folder holding the demo's `flagscope.yml`, inside the built resource bundle.
    public static var folder: URL? {
        Bundle.module.url(forResource: "Demo", withExtension: nil)
    }

    /// The folder of the Swift demo (`Resources/SwiftDemo`): an app whose flags and features are
    /// declared in Swift, read by `flagscope demo --swift`.
    public static var swiftFolder: URL? {
        Bundle.module.url(forResource: "SwiftDemo", withExtension: nil)
    }
}
