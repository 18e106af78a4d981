/// A small blueprint with one flag of every type (each with a rule that can be broken) and a
/// nested collection: the provider tests and the get/set/reset command tests both start from it.
package enum EveryTypeBlueprint {
    /// The blueprint's YAML, with `extraFlags` (flag entries indented by two spaces, ending in a
    /// newline) declared after the eight typed flags and before the collection.
    package static func yaml(extraFlags: String = "") -> String {
        """
        name: App
        description: Flags of every type
        flags:
          darkMode:
            type: bool
            default: false
            description: Dark appearance
          retries:
            type: int
            default: 3
            min: 0
            max: 10
            description: Network retries
          ratio:
            type: double
            default: 0.5
            min: 0.0
            max: 1.0
            description: Sampling ratio
          greeting:
            type: string
            default: hello
            pattern: "[a-z]+"
            description: Lower-case greeting word
          theme:
            type: enum
            values: [system, light, dark]
            default: system
            description: Colour theme
          launchDate:
            type: date
            default: 2026-01-01
            description: Campaign start
          homepage:
            type: url
            default: https://example.com
            description: Home page
          layout:
            type: json
            default:
              columns: 2
            description: Grid layout
        \(extraFlags)collections:
          checkout:
            description: Checkout flow
            flags:
              newFlow:
                type: bool
                default: true
                description: New checkout flow

        """
    }

    /// The keys of the typed flags and the collection's flag, in declaration order (extra flags not included).
    package static let keys = [
        "dark_mode", "retries", "ratio", "greeting", "theme", "launch_date", "homepage", "layout",
        "checkout/new_flow",
    ]
}

/// Workspace files for the usual test layout: a read-only Remote layer (`remote.json`) above a
/// writable Local one.
package enum WorkspaceFile {
    /// A workspace file listing `blueprints`, with Remote above a writable Local at `localPath`,
    /// then `moreProviders` (YAML list items indented by two spaces, ending in a newline).
    package static func remoteAndLocal(blueprints: [String], localPath: String, moreProviders: String = "") -> String {
        """
        blueprints:
        \(blueprints.map { "  - \($0)" }.joined(separator: "\n"))
        providers:
          - name: Remote
            format: json
            path: remote.json
          - name: Local
            format: json
            path: \(localPath)
            writable: true
        \(moreProviders)
        """
    }
}
