import FlagCore

/// Every provider format, as a layer of a workspace beside the demo's blueprints: the first
/// input byte chooses the format (and whether its file is read from disk, or its variables, or
/// a server's answer), the rest is the file, the variables or the answer. One target for all of them, because they share
/// the JSON reader and the layer logic, and a finding in one format is a seed for the others.
enum ProviderTarget {
    /// Where the bytes go: a file of a format, its environment variables, or a server's answer.
    enum Kind: Hashable {
        case file(ProviderFormat)
        case environment(ProviderFormat)
        case answer(ProviderFormat)
    }

    /// Every kind, from the format registry: each format's file (or variables), and its
    /// server's answer where it has a server.
    static let kinds: [Kind] = ProviderFormat.all.flatMap { format -> [Kind] in
        var kinds: [Kind] = []
        switch format.source {
        case .file, .fileOrServer: kinds.append(.file(format))
        case .environment: kinds.append(.environment(format))
        case .server: break
        }
        if format.canBeRemote { kinds.append(.answer(format)) }
        return kinds
    }

    static func run(_ bytes: [UInt8]) -> Int {
        guard let first = bytes.first else { return 0 }
        let kind = kinds[Int(first) % kinds.count]
        let body = Array(bytes.dropFirst())
        return workspace(kind, body).exercise()
    }

    /// The workspace whose provider "Under test" holds `body` as `kind` says.
    static func workspace(_ kind: Kind, _ body: [UInt8]) -> FuzzWorkspace {
        var files = DemoFiles.declarations
        var workspace = FuzzWorkspace(files: [:])
        let provider: String
        switch kind {
        case .file(let format) where format.isWritable:
            provider = "format: \(format.name)\n    path: under-test/flags.\(format.name)\n    writable: true"
            files["under-test/flags.\(format.name)"] = body
        case .file(let format):
            provider = "format: \(format.name)\n    path: under-test/flags.\(format.name).json"
            files["under-test/flags.\(format.name).json"] = body
        case .environment(let format):
            provider = "format: \(format.name)\n    prefix: FUZZ_"
            workspace.environment = environment(body)
        case .answer(let format):
            provider = "format: \(format.name)\n    url: https://flags.example.com/api"
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
