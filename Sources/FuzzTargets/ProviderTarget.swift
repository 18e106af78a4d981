import FlagCore

/// Every provider format, as a layer of a workspace beside the demo's blueprints: the first
/// input byte chooses the format (and whether the file is read from disk or is a server's
/// answer), the rest is the file or the answer. One target for all of them, because they share
/// the JSON reader and the layer logic, and a finding in one format is a seed for the others.
enum ProviderTarget {
    /// Where the bytes go.
    enum Kind: CaseIterable {
        case json, flagd, unleash, firebase, plist, env, ofrepAnswer, unleashAnswer, firebaseAnswer
    }

    static func run(_ bytes: [UInt8]) -> Int {
        guard let first = bytes.first else { return 0 }
        let kind = Kind.allCases[Int(first) % Kind.allCases.count]
        let body = Array(bytes.dropFirst())
        return workspace(kind, body).exercise()
    }

    /// The workspace whose provider "Under test" holds `body` as `kind` says.
    static func workspace(_ kind: Kind, _ body: [UInt8]) -> FuzzWorkspace {
        var files = DemoFiles.declarations
        var workspace = FuzzWorkspace(files: [:])
        let provider: String
        switch kind {
        case .json, .plist:
            let format = kind == .json ? "json" : "plist"
            provider = "format: \(format)\n    path: under-test/flags.\(format)\n    writable: true"
            files["under-test/flags.\(format)"] = body
        case .flagd, .unleash, .firebase:
            let format = "\(kind)"
            provider = "format: \(format)\n    path: under-test/flags.\(format).json"
            files["under-test/flags.\(format).json"] = body
        case .env:
            provider = "format: env\n    prefix: FUZZ_"
            workspace.environment = environment(body)
        case .ofrepAnswer, .unleashAnswer, .firebaseAnswer:
            let format = String("\(kind)".dropLast("Answer".count))
            provider = "format: \(format)\n    url: https://flags.example.com/api"
            workspace.remoteBodies = ["Under test": body]
        }
        files["flagscope.yml"] = Array(
            """
            blueprints:
              - blueprints/*.yml
              - blueprints/*.json
            providers:
              - name: Under test
                \(provider)
              - name: QA profile
                format: json
                path: profiles/qa.json

            """.utf8)
        workspace.files = files
        return workspace
    }

    /// Environment variables from `NAME=value` lines.
    static func environment(_ bytes: [UInt8]) -> [String: String] {
        var variables: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            variables[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return variables
    }
}
