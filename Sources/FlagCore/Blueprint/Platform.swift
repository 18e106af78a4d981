/// Platforms a feature can be constrained to, as `context/platform` names them.
package enum Platform: String, Sendable, Hashable, CaseIterable {
    case iOS, macOS, tvOS, watchOS, visionOS, linux, android

    /// Every name.
    package static var names: [String] { allCases.map(\.rawValue) }
}
