import FlagCore

/// OFREP request bodies (docs/serve.md): the input is what a client POSTs. It becomes the
/// device for that request on the demo's stack, and both endpoints answer it; the bulk answer
/// for each flag must be the one-flag answer, word for word (the bulk resolves without rule
/// steps, the one-flag endpoint with them).
enum OFREPTarget {
    /// The demo, loaded once.
    private static let demo: Workspace = {
        var files = DemoFiles.all
        files[".flagscope/local.json"] = nil
        return FuzzWorkspace(files: files).load()
    }()

    static func run(_ bytes: [UInt8]) -> Int {
        var output = OutputSize()
        switch OFREPEvaluation.context(fromBody: bytes) {
        case .failure(let problem):
            output.add(problem.json(key: "lab/sson"))
        case .success(let layer):
            // As the server answers: the device's name, and its context as a Live layer on top.
            let device = LiveDevice(context: layer)
            output.add(device.name)
            let workspace = OFREPEvaluation.workspace(demo, answering: device)
            let (json, _, etag) = OFREPEvaluation.bulk(workspace)
            output.add(json)
            output.add(etag)
            guard case .object(let members) = json, case .array(let flags)? = members["flags"] else {
                preconditionFailure("a bulk answer without flags")
            }
            for answer in flags {
                guard case .object(let fields) = answer, case .string(let key)? = fields["key"] else {
                    preconditionFailure("a bulk answer without its key: \(answer)")
                }
                let single = OFREPEvaluation.answer(key, in: workspace)
                precondition(single.json == answer, "\(key): bulk \(answer), one flag \(single.json)")
            }
        }
        return output.bytes
    }
}
