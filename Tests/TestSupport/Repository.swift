import Foundation

/// Paths inside the checkout the tests run from.
package enum Repository {
    /// The repository root (this file is `Tests/TestSupport/Repository.swift`).
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The bundled demo workspace folder, `Resources/Demo` (never written to: tests copy it first).
    package static var demoFolder: URL { root.appendingPathComponent("Resources/Demo") }

    /// The bundled demo's workspace file, `Resources/Demo/flagscope.yml`.
    package static var demoWorkspaceFile: URL { demoFolder.appendingPathComponent("flagscope.yml") }
}
