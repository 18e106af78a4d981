import Foundation

/// A test workspace: its `flagscope.yml` made from the blueprint patterns and provider
/// descriptions, and the blueprint and provider files beside it. Tests whose subject is the
/// workspace file itself (a position in it, a malformed field) write it inline instead.
package struct WorkspaceBuilder: Sendable {
    /// One entry of the `providers:` list.
    package struct Provider: Sendable {
        /// The entry's fields in the order written; `name` and `format` come first.
        package var fields: [Field]

        /// A provider named `name` reading `format`, with more fields after those two.
        package init(_ name: String, format: String, _ fields: [Field] = []) {
            self.fields = [Field("name", name), Field("format", format)] + fields
        }

        /// A `json` file at `path` (the writable layer when `writable`).
        package static func json(_ name: String, _ path: String, writable: Bool = false) -> Provider {
            file(name, format: "json", path, writable: writable)
        }

        /// A property list at `path`.
        package static func plist(_ name: String, _ path: String, writable: Bool = false) -> Provider {
            file(name, format: "plist", path, writable: writable)
        }

        /// A flagd flag file at `path`.
        package static func flagd(_ name: String, _ path: String) -> Provider { file(name, format: "flagd", path) }

        /// A Firebase Remote Config template at `path`.
        package static func firebase(_ name: String, _ path: String) -> Provider {
            file(name, format: "firebase", path)
        }

        /// An Unleash client payload or export at `path`.
        package static func unleash(_ name: String, _ path: String) -> Provider { file(name, format: "unleash", path) }

        /// A GrowthBook SDK payload at `path`.
        package static func growthbook(_ name: String, _ path: String) -> Provider {
            file(name, format: "growthbook", path)
        }

        /// LaunchDarkly's server-side SDK data at `path`.
        package static func launchdarkly(_ name: String, _ path: String) -> Provider {
            file(name, format: "launchdarkly", path)
        }

        /// Environment variables named `prefix` + key.
        package static func env(_ name: String, prefix: String) -> Provider {
            Provider(name, format: "env", [Field("prefix", prefix)])
        }

        /// An OFREP server at `url`.
        package static func ofrep(_ name: String, url: String) -> Provider {
            Provider(name, format: "ofrep", [Field("url", url)])
        }

        private static func file(_ name: String, format: String, _ path: String, writable: Bool = false) -> Provider {
            Provider(name, format: format, [Field("path", path)] + (writable ? [Field("writable", "true")] : []))
        }

        /// The same provider with `key: value` added (or replaced), such as a priority or a timeout.
        package func with(_ key: String, _ value: String) -> Provider {
            var copy = self
            if let index = copy.fields.firstIndex(where: { $0.key == key }) {
                copy.fields[index].value = value
            } else {
                copy.fields.append(Field(key, value))
            }
            return copy
        }

        /// The entry as a block-style YAML list item, indented for `providers:`.
        package var yaml: String {
            fields.enumerated().map { index, field in
                (index == 0 ? "  - " : "    ") + "\(field.key): \(field.value)\n"
            }.joined()
        }
    }

    /// One `key: value` line of a provider entry, the value as YAML writes it.
    package struct Field: Sendable {
        package var key: String
        package var value: String

        package init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The patterns under `blueprints:`.
    package var blueprints: [String]
    /// The providers, top of the stack first.
    package var providers: [Provider]
    /// More top-level YAML after the providers (`limits:`), ending in a line break.
    package var more: String
    /// The other files, by path relative to the workspace folder, in the order they are written.
    package var files: [(path: String, text: String)]

    /// A workspace listing `blueprints` and `providers`, with no file of its own yet.
    package init(blueprints: [String] = ["blueprints/*.yml"], providers: [Provider], more: String = "") {
        self.blueprints = blueprints
        self.providers = providers
        self.more = more
        self.files = []
    }

    /// The same workspace with one more file (a blueprint, a provider's file) at `path`.
    package func file(_ path: String, _ text: String) -> WorkspaceBuilder {
        var copy = self
        copy.files.append((path, text))
        return copy
    }

    /// The same workspace with each of `files` added.
    package func files(_ files: [String: String]) -> WorkspaceBuilder {
        files.keys.sorted().reduce(self) { $0.file($1, files[$1]!) }
    }

    /// The text of `flagscope.yml`.
    package var workspaceFile: String {
        "blueprints:\n" + blueprints.map { "  - \($0)\n" }.joined() + "providers:\n"
            + providers.map(\.yaml).joined() + more
    }

    /// Writes `flagscope.yml` and every file into `folder`; returns where `flagscope.yml` is.
    @discardableResult
    package func write(in folder: some TestFolder) throws -> URL {
        for (path, text) in files { try folder.write(path, text) }
        return try folder.write("flagscope.yml", workspaceFile)
    }

    /// Writes the workspace into a new temporary folder, which the test removes.
    package func folder(prefix: String = "flagscope-test") throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: prefix)
        try write(in: folder)
        return folder
    }
}
