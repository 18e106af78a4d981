/// A conditional feature as a blueprint declares it (docs/blueprints.md#features).
package struct FeatureDefinition: Sendable, Hashable {
    /// The entry name (`smartPlaylists`).
    package var entryName: String
    /// The full key (`podcast_favourites/smart_playlists`).
    package var key: String
    /// The optional `name:`.
    package var explicitName: String?
    /// What the feature is.
    package var description: String?
    /// What must hold for it to be available.
    package var constraints: FeatureConstraints
    /// Sub-features, available only when this one is.
    package var features: [FeatureDefinition]
    /// Where the feature is declared.
    package var origin: SourceReference

    /// The display name: `name:`, else the description, else the entry name.
    package var displayName: String { explicitName ?? description ?? entryName }

    /// This feature and its sub-features, depth-first.
    package var flattened: [FeatureDefinition] {
        [self] + features.flatMap(\.flattened)
    }
}

/// All constraints of one feature.
package struct FeatureConstraints: Sendable, Hashable {
    /// Permissions that must be authorized, in declaration order.
    package var permissions: [PermissionRequirement] = []
    /// The purchases that unlock the feature.
    package var purchase: PurchaseRequirement?
    /// A user-facing switch, read from `<featureKey>/user_toggled`.
    package var userToggled: ToggleRequirement?
    /// A runtime switch, read from `<featureKey>/runtime_enabled` or from a named flag.
    package var runtimeEnabled: RuntimeRequirement?
    /// Per-platform requirements; platforms not listed are `any`.
    package var platforms: [PlatformRequirement] = []

    /// Creates an empty constraint set.
    package init() {}
}

/// One required permission.
package struct PermissionRequirement: Sendable, Hashable {
    /// The permission.
    package var permission: Permission
    /// Where it is written.
    package var origin: SourceReference
}

/// Products to purchase, possibly combined (three-valued logic when evaluated).
package indirect enum PurchaseRequirement: Sendable, Hashable {
    /// One product, by entry name.
    case product(String, SourceReference)
    /// At least one of these.
    case anyOf([PurchaseRequirement])
    /// All of these.
    case allOf([PurchaseRequirement])

    /// Every product named anywhere in the requirement, in order.
    package var productNames: [(name: String, origin: SourceReference)] {
        switch self {
        case .product(let name, let origin): return [(name, origin)]
        case .anyOf(let items), .allOf(let items): return items.flatMap(\.productNames)
        }
    }
}

/// A user toggle with its default.
package struct ToggleRequirement: Sendable, Hashable {
    /// The value when no layer sets the toggle.
    package var defaultValue: Bool
    /// Where it is written.
    package var origin: SourceReference
}

/// A runtime switch: the feature's own key with a default, or another bool flag.
package enum RuntimeRequirement: Sendable, Hashable {
    /// `<featureKey>/runtime_enabled` with a default.
    case ownKey(defaultValue: Bool, origin: SourceReference)
    /// An existing bool flag, by full key.
    case flag(key: String, origin: SourceReference)
}

/// What a feature needs on one platform.
package struct PlatformRequirement: Sendable, Hashable {
    /// The platform.
    package var platform: Platform
    /// What it needs there.
    package var support: PlatformSupport
    /// Where it is written.
    package var origin: SourceReference
}

/// Support on a platform.
package enum PlatformSupport: Sendable, Hashable {
    /// Any version.
    case any
    /// Not available.
    case unsupported
    /// This version or later.
    case minimum(OSVersion)
}

/// A dotted version such as `10.15.4`, compared numerically per component (`10.13` = `10.13.0`).
package struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numeric components.
    package var components: [Int]

    /// Parses `17`, `17.4` or `17.4.1`; `nil` for anything else.
    package init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 4 else { return nil }
        var components: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.utf8.count <= 9, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(part)
            else { return nil }
            components.append(number)
        }
        self.components = components
    }

    package static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        let count = max(lhs.components.count, rhs.components.count)
        for index in 0..<count {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    package static func == (lhs: OSVersion, rhs: OSVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    package func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }

    package var description: String { components.map(String.init).joined(separator: ".") }
}
