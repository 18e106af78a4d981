extension LaunchDarklyContext {
    /// The names an older-form user (a context without `kind`) writes at the top level besides
    /// `custom`: each is the attribute of the same name.
    static let userFormAttributes: Set<String> = [
        "key", "name", "anonymous", "email", "firstName", "lastName", "country", "ip", "avatar",
    ]

    /// The device attributes (keys without `context/`) that stand for a context written as
    /// LaunchDarkly's SDKs take one in JSON: a single kind (`{"kind": "org", "key": …}`), a
    /// multi-kind context (`{"kind": "multi", "user": {…}, "org": {…}}`), or the older user form
    /// (`{"key": …, "email": …, "custom": {…}}`). The user's attributes are top-level keys, another
    /// kind's are below its name; a name holding `/` is a nested key, and `null` is unset.
    package static func deviceAttributes(of context: JSONValue) -> [String: JSONValue] {
        guard let members = context.object else { return [:] }
        var attributes: [String: JSONValue] = [:]
        switch members["kind"] {
        case nil:
            for (name, value) in members where userFormAttributes.contains(name) {
                put(value, named: name, kind: "user", into: &attributes)
            }
            for (name, value) in members["custom"]?.object ?? [:] where !["key", "kind", "_meta"].contains(name) {
                if userFormAttributes.contains(name) && members[name] != nil { continue }
                put(value, named: name, kind: "user", into: &attributes)
            }
        case .string("multi"):
            for (kind, single) in members where kind != "kind" {
                for (name, value) in single.object ?? [:] where name != "kind" && name != "_meta" {
                    put(value, named: name, kind: kind, into: &attributes)
                }
            }
        case .string(let kind):
            for (name, value) in members where name != "kind" && name != "_meta" {
                put(value, named: name, kind: kind, into: &attributes)
            }
        default:
            break
        }
        return attributes
    }

    /// Puts one attribute of a context of `kind` where the device holds it.
    private static func put(
        _ value: JSONValue, named name: String, kind: String, into attributes: inout [String: JSONValue]
    ) {
        guard value != .null else { return }
        let path = name.split(separator: "/").joined(separator: "/")
        // An attribute whose name is empty (or only slashes) has no place on the device.
        guard !path.isEmpty else { return }
        attributes[kind == "user" ? path : kind + "/" + path] = value
    }
}
