import SwiftSyntax

/// Reads blueprints out of an app's own Swift declarations (docs/blueprints.md#swift-sources-as-blueprints): RealFlags collections,
/// Vexil containers and Flint features. Parsing only — nothing is compiled or run — so what
/// only running the app could tell is a located warning, never an invented value.
package enum SwiftBlueprintReading {
    /// What the Swift files of a workspace declare.
    package struct Output {
        /// One blueprint per root collection, container or feature group.
        package var blueprints: [Blueprint] = []
        /// Every problem found, at its place in the `.swift` file.
        package var diagnostics: [Diagnostic] = []
        /// Feature switch keys (`…/runtime_enabled`) whose default is code, with that code.
        package var unknownSwitchDefaults: [String: String] = [:]
        /// Files with syntax errors: what they declare may be missing.
        package var unreadFiles: [String] = []
        /// The `code:` files, parsed with the blueprints, for ``SwiftCode/references(keys:features:)``.
        package var code: SwiftCode?
    }

    /// Reads `files` (path relative to the workspace, text) together: a nested collection's type
    /// may be declared in another file. Those in `blueprints` (all when nil) are blueprints;
    /// those `code` names are the app's code to search for references (docs/code.md). Each file
    /// is parsed once, whichever it is. `providerNames` are the workspace's providers, which
    /// `excludedProviders: [SomeProvider.self]` names by type.
    package static func read(
        _ files: [(path: String, text: String)], blueprints: Set<String>? = nil, code: [String] = [],
        providerNames: [String]
    ) -> Output {
        let parsed = files.map { SwiftSourceFile(path: $0.path, text: $0.text) }
        let sources = parsed.filter { blueprints?.contains($0.path) ?? true }
        var builder = SwiftBlueprintBuilder(
            index: SwiftIndex(sources.map(SwiftDeclarationCollector.collect)), providerNames: providerNames)
        for source in sources where source.hasSyntaxErrors {
            builder.syntaxError(in: source)
            builder.output.unreadFiles.append(source.path)
        }
        builder.buildRealFlags()
        builder.buildVexil()
        builder.buildFlint()
        // A collection that several loaders or poles use is read once for each of them: a
        // problem in it is still one problem.
        var reported = Set<Diagnostic>()
        builder.output.diagnostics.removeAll { !reported.insert($0).inserted }
        if !code.isEmpty {
            let byPath = Dictionary(parsed.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            builder.output.code = SwiftCode(
                sources: code.compactMap { byPath[$0] }, index: builder.index, blueprints: builder.output.blueprints)
        }
        return builder.output
    }
}
