import Foundation
import Testing

@testable import FlagCore

/// Platform constraints: any, unsupported, minimum versions (int and string), `xOnly`, unknowns,
/// and numeric per-component version comparison.
@Suite("Platform constraints and version comparison")
struct FeatureEvaluatorPlatformTests {
    static func feature(_ platforms: String) -> String {
        """
          feature:
            description: Platform feature
            constraints:
              \(platforms)
        """
    }

    static func explain(
        _ platforms: String, platform: String?, version: String?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> FeatureExplanation {
        var device: [String: Any] = [:]
        if let platform { device["context/platform"] = platform }
        if let version { device["context/os_version"] = version }
        return try FeatureLab.explain(
            "feature", features: feature(platforms), device: device, sourceLocation: sourceLocation)
    }

    @Test("any is satisfied on that platform at any version, even an unknown one")
    func anyVersion() throws {
        let explanation = try Self.explain("platforms: { tvOS: any }", platform: "tvOS", version: nil)
        #expect(try explanation.constraint(.platform, "tvOS").status == .satisfied)
        #expect(explanation.availability == .available)
    }

    @Test("any cannot fail, so an unknown platform does not make it unknown")
    func anyUnknownPlatform() throws {
        let explanation = try Self.explain("platforms: { tvOS: any }", platform: nil, version: nil)
        #expect(explanation.availability == .available)
    }

    @Test("unsupported is notSatisfied on that platform, with an unsupportedPlatform step")
    func unsupported() throws {
        let explanation = try Self.explain("platforms: { iOS: unsupported, tvOS: any }", platform: "iOS", version: "17")
        let constraint = try explanation.constraint(.platform, "iOS")
        #expect(constraint.status == .notSatisfied)
        #expect(constraint.detail.contains("not supported"))
        #expect(explanation.availability == .unavailable)
        #expect(explanation.stepActions == [.unsupportedPlatform])
        #expect(explanation.nextStep(.unsupportedPlatform)?.keys == ["context/platform"])
    }

    @Test(
        "Minimum versions written as an int or a string",
        arguments: [
            ("iOS: 13", "iOS", "13", ConstraintStatus.satisfied),
            ("iOS: 13", "iOS", "12.9.9", .notSatisfied),
            ("iOS: 13", "iOS", "13.0.1", .satisfied),
            ("macOS: \"10.15.4\"", "macOS", "10.15.4", .satisfied),
            ("macOS: \"10.15.4\"", "macOS", "10.15.3", .notSatisfied),
            ("macOS: \"10.15.4\"", "macOS", "11", .satisfied),
            ("watchOS: '7'", "watchOS", "6.2", .notSatisfied),
        ])
    func minimumVersions(requirement: String, platform: String, version: String, expected: ConstraintStatus) throws {
        let explanation = try Self.explain("platforms: { \(requirement) }", platform: platform, version: version)
        let constraint = try explanation.constraint(.platform, platform)
        #expect(constraint.status == expected, "\(requirement) on \(version): \(constraint.detail)")
        #expect(constraint.key == "context/os_version")
        if expected == .notSatisfied {
            #expect(explanation.stepActions == [.upgradeOS])
            #expect(explanation.nextStep(.upgradeOS)?.keys == ["context/os_version"])
        }
    }

    @Test(
        "Versions compare numerically per component, missing components count as 0",
        arguments: [
            // (minimum, device, satisfied?)
            ("10.13", "10.13.4", true),  // 10.13.4 > 10.13
            ("10.13.4", "10.13", false),  // 10.13 < 10.13.4
            ("10.0", "9", false),  // 9 < 10.0 (not a text comparison)
            ("9", "10.0", true),
            ("10.13", "10.13.0", true),  // equal
            ("10.13.0", "10.13", true),  // equal
            ("16.4", "16.4", true),  // equal
            ("9.3", "16.4", true),  // "16.4" < "9.3" as text, not as versions
            ("10.2", "10.10", true),  // 10.10 > 10.2
            ("10.10", "10.9", false),
        ])
    func versionComparison(minimum: String, device: String, satisfied: Bool) throws {
        let explanation = try Self.explain("platforms: { macOS: \"\(minimum)\" }", platform: "macOS", version: device)
        let constraint = try explanation.constraint(.platform, "macOS")
        #expect(
            constraint.status == (satisfied ? .satisfied : .notSatisfied),
            "needs \(minimum), device \(device): \(constraint.detail)")
        #expect(explanation.availability == (satisfied ? .available : .unavailable))
    }

    @Test("An unquoted version keeps the digits as written: macOS: 10.10 is 10.10, not 10.1")
    func unquotedVersion() throws {
        let explanation = try Self.explain("platforms: { macOS: 10.10 }", platform: "macOS", version: "10.9")
        let constraint = try explanation.constraint(.platform, "macOS")
        #expect(constraint.status == .notSatisfied, "\(constraint.detail)")
        #expect(constraint.detail.contains("10.10"))
    }

    @Test("iOSOnly: 12 — iOS from 12, every other platform unsupported")
    func iOSOnly() throws {
        let onIOS = try Self.explain("iOSOnly: 12", platform: "iOS", version: "12.0")
        #expect(onIOS.constraints.map(\.name) == Platform.names)
        #expect(onIOS.availability == .available)
        #expect(try onIOS.constraint(.platform, "iOS").status == .satisfied)
        #expect(onIOS.constraints.filter { $0.name != "iOS" }.allSatisfy { $0.status == .notActive })

        let oldIOS = try Self.explain("iOSOnly: 12", platform: "iOS", version: "11.4")
        #expect(oldIOS.stepActions == [.upgradeOS])

        for other in ["macOS", "tvOS", "watchOS", "visionOS", "linux", "android"] {
            let explanation = try Self.explain("iOSOnly: 12", platform: other, version: "99")
            #expect(try explanation.constraint(.platform, other).status == .notSatisfied, "\(other)")
            #expect(explanation.availability == .unavailable, "\(other)")
            #expect(explanation.stepActions == [.unsupportedPlatform], "\(other)")
        }
        // Also accepted inside `platforms:`.
        let nested = try Self.explain("platforms: { iOSOnly: 12 }", platform: "tvOS", version: "17")
        #expect(nested.availability == .unavailable)
    }

    @Test("Platform unknown: a minimum or unsupported cannot be decided, so notDetermined with unknownContext")
    func platformUnknown() throws {
        let explanation = try Self.explain("platforms: { iOS: 13, watchOS: unsupported }", platform: nil, version: "17")
        #expect(try explanation.constraint(.platform, "iOS").status == .notDetermined)
        #expect(try explanation.constraint(.platform, "watchOS").status == .notDetermined)
        #expect(explanation.availability == .unknown)
        #expect(explanation.nextSteps.count == 1)
        #expect(explanation.nextStep(.unknownContext)?.keys == ["context/platform"])
    }

    @Test("Version unknown on a platform with a minimum: notDetermined, and the step names context/os_version")
    func versionUnknown() throws {
        let explanation = try Self.explain("platforms: { iOS: 13 }", platform: "iOS", version: nil)
        let constraint = try explanation.constraint(.platform, "iOS")
        #expect(constraint.status == .notDetermined)
        #expect(constraint.key == "context/os_version")
        #expect(explanation.availability == .unknown)
        #expect(explanation.stepActions == [.unknownContext])
        #expect(explanation.nextStep(.unknownContext)?.keys == ["context/os_version"])
    }

    @Test("An unreadable OS version is not a version: it never wins, so the version stays unknown")
    func versionUnreadable() throws {
        let explanation = try Self.explain("platforms: { iOS: 13 }", platform: "iOS", version: "seventeen")
        #expect(try explanation.constraint(.platform, "iOS").status == .notDetermined)
        #expect(explanation.availability == .unknown)
    }

    @Test("Version unknown does not matter where the platform needs no version")
    func versionUnknownIrrelevant() throws {
        let unsupported = try Self.explain("platforms: { iOS: unsupported }", platform: "iOS", version: nil)
        #expect(unsupported.availability == .unavailable)
        #expect(unsupported.stepActions == [.unsupportedPlatform])
        let other = try Self.explain("platforms: { macOS: 12 }", platform: "iOS", version: nil)
        #expect(other.availability == .available)
    }
}
