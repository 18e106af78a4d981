import SwiftSyntax

/// The single pass over one code file that finds where it reads flags (docs/code.md): property
/// chains, Flint feature types, keys as string literals and keys built at run time. Comments
/// are trivia and never visited; a name alone (`sson`, a local) is not a reference, and what an
/// attribute's arguments hold (`@Flag(key: "…")`) is a declaration.
final class SwiftReferenceFinder: SyntaxVisitor {
    private let code: SwiftCode
    private let file: SwiftSourceFile
    private let keys: Set<String>
    /// Property and literal references, by key.
    private(set) var direct: [(key: String, reference: CodeReference)] = []
    /// Feature references, by feature key.
    private(set) var features: [(key: String, reference: CodeReference)] = []
    /// Keys built at run time, by the text they start with.
    private(set) var dynamic: [(start: String, reference: CodeReference)] = []
    /// Each name bound in this file, found the first time a chain needs one.
    private lazy var bindings: [String: Binding] = fileBindings()
    /// What the bindings asked about are written as.
    private var writtenBindings: [String: String] = [:]

    /// Members of a Flint feature type that check or use the feature.
    private static let featureMembers: Set<String> = ["isAvailable", "request", "available"]

    init(code: SwiftCode, file: SwiftSourceFile, keys: Set<String>) {
        self.code = code
        self.file = file
        self.keys = keys
        super.init(viewMode: .sourceAccurate)
    }

    private func reference(_ kind: CodeReference.Kind, at node: some SyntaxProtocol) -> CodeReference {
        let place = file.reference(node)
        return CodeReference(kind: kind, place: place, text: file.lineText(place.location.line))
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    // MARK: Literals

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let segments = node.segments
        if segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) {
            guard let text = node.representedLiteralValue else { return .visitChildren }
            if keys.contains(text) {
                direct.append((text, reference(.literal, at: node)))
            } else if !text.isEmpty, Self.isJoinedAtRunTime(node) {
                dynamic.append((text, reference(.dynamic, at: node)))
            }
        } else if let first = segments.first?.as(StringSegmentSyntax.self), !first.content.text.isEmpty {
            dynamic.append((first.content.text, reference(.dynamic, at: node)))
        }
        return .visitChildren
    }

    /// `"lab/" + name`: the literal is the left side of a `+`.
    private static func isJoinedAtRunTime(_ node: StringLiteralExprSyntax) -> Bool {
        guard let list = node.parent?.as(ExprListSyntax.self) else { return false }
        var elements = list.makeIterator()
        while let element = elements.next() {
            guard element.id == node.id else { continue }
            return elements.next()?.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
        }
        return false
    }

    // MARK: Property chains and features

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let member = Self.unprojected(node.declName.baseName.text)
        guard let base = node.base.map(Self.unwrapped) else { return .visitChildren }
        if Self.featureMembers.contains(member), let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let feature = code.featureKeys[type]
        {
            features.append((feature, reference(.feature, at: node.declName)))
        } else if let owners = code.flagProperties[member] {
            let name = Self.lastName(of: base)
            for key in keys(of: owners, after: name, isIdentifier: base.is(DeclReferenceExprSyntax.self), at: node) {
                direct.append((key, reference(.property, at: node.declName)))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: KeyPathExprSyntax) -> SyntaxVisitorContinueKind {
        var previous = node.root.map { SwiftFlagTypeName.simple($0) }
        for component in node.components {
            guard let property = component.component.as(KeyPathPropertyComponentSyntax.self) else {
                previous = nil
                continue
            }
            let name = Self.unprojected(property.declName.baseName.text)
            if let owners = code.flagProperties[name] {
                for key in keys(of: owners, after: previous, isIdentifier: false, at: node) {
                    direct.append((key, reference(.property, at: property.declName)))
                }
            }
            previous = name
        }
        return .visitChildren
    }

    /// The keys a flag property of one of `owners` has when read after `name` (the chain's
    /// previous name): the owner type itself, a nesting property holding one, `self` inside
    /// one, a name bound to something that names one; else only a property no other type
    /// declares. A chain after anything else (a call, a subscript) is such an unknown name.
    private func keys(
        of owners: [SwiftCode.FlagOwner], after name: String?, isIdentifier: Bool, at node: some SyntaxProtocol
    )
        -> [String]
    {
        var matching: [SwiftCode.FlagOwner]
        if let name, isIdentifier, let written = written(name) {
            matching = bound(owners, to: written)
        } else if name == "self" || name == "Self" {
            let enclosing = Self.enclosingType(of: Syntax(node))
            matching = owners.filter { $0.type == enclosing }
        } else if let name, code.ownerTypes.contains(name) {
            matching = owners.filter { $0.type == name }
        } else if let name, let held = code.nestings[name] {
            matching = owners.filter { held.contains($0.type) }
        } else if let name, isIdentifier, let binding = code.globalBindings[name] {
            matching = bound(owners, to: binding.written)
        } else {
            matching = owners.count == 1 ? owners : []
        }
        return matching.flatMap(\.keys)
    }

    /// The owners a name bound to `written` may hold: those it names; else, when it looks
    /// like flags (a loader, a pole or its snapshot, a flags type), the one owner there is;
    /// else none, since a name bound to something else (`let player = AVPlayer()`) is a look-alike.
    private func bound(_ owners: [SwiftCode.FlagOwner], to written: String) -> [SwiftCode.FlagOwner] {
        let named = owners.filter { Self.mentions(written, $0.type) }
        if !named.isEmpty { return named }
        let lowered = written.lowercased()
        let looksLikeFlags =
            ["flag", "pole", "snapshot"].contains(where: lowered.contains)
            || code.ownerTypes.contains(where: { Self.mentions(written, $0) })
        return looksLikeFlags && owners.count == 1 ? owners : []
    }

    // MARK: Names

    /// `$sson` (a Vexil projected value) → `sson`.
    private static func unprojected(_ name: String) -> String {
        name.hasPrefix("$") ? String(name.dropFirst()) : name
    }

    /// The expression without `?`, `!`, `try`, `await` and parentheses around it.
    private static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        var expression = expression
        while true {
            if let optional = expression.as(OptionalChainingExprSyntax.self) {
                expression = optional.expression
            } else if let forced = expression.as(ForceUnwrapExprSyntax.self) {
                expression = forced.expression
            } else if let tried = expression.as(TryExprSyntax.self) {
                expression = tried.expression
            } else if let awaited = expression.as(AwaitExprSyntax.self) {
                expression = awaited.expression
            } else if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
                let only = tuple.elements.first, only.label == nil
            {
                expression = only.expression
            } else {
                return expression
            }
        }
    }

    /// The last name of a chain (`a.b.c` → `c`, `flags` → `flags`); nil for a call or anything else.
    private static func lastName(of expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return unprojected(reference.baseName.text)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) { return unprojected(member.declName.baseName.text) }
        return nil
    }

    /// Whether `text` names `type` as a whole word.
    private static func mentions(_ text: String, _ type: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: type) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            let isWord: (Character?) -> Bool = { $0.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isWord(before), !isWord(after) { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    /// The type whose body holds `node` (an extension names the type it extends).
    private static func enclosingType(of node: Syntax) -> String? {
        var current = node.parent
        while let parent = current {
            if let declaration = parent.asProtocol(NamedDeclSyntax.self), parent.is(DeclSyntax.self),
                !parent.is(FunctionDeclSyntax.self)
            {
                return declaration.name.text
            }
            if let extended = parent.as(ExtensionDeclSyntax.self) {
                return SwiftFlagTypeName.simple(extended.extendedType)
            }
            current = parent.parent
        }
        return nil
    }

    // MARK: Bindings

    /// A name's binding: its written type and value (a parameter has only a type).
    struct Binding {
        var type: TypeSyntax?
        var value: ExprSyntax?

        /// The type and the value as written; made only for the names a chain asks about.
        var written: String { (type?.trimmedDescription ?? "") + " " + (value?.trimmedDescription ?? "") }
    }

    /// What the name `name` bound in this file is written as, if the file binds it.
    private func written(_ name: String) -> String? {
        if let known = writtenBindings[name] { return known }
        guard let binding = bindings[name] else { return nil }
        let text = binding.written
        writtenBindings[name] = text
        return text
    }

    /// Every name this file binds (`let`, `var`, a function's or closure's parameter); the first
    /// binding of a name wins.
    private func fileBindings() -> [String: Binding] {
        let collector = BindingCollector(viewMode: .sourceAccurate)
        collector.walk(file.tree)
        return collector.bindings
    }

    /// The names a `let`/`var` binds, each with its type and value.
    static func bindings(of variable: VariableDeclSyntax) -> [(String, Binding)] {
        variable.bindings.compactMap { binding in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
            return (name, Binding(type: binding.typeAnnotation?.type, value: binding.initializer?.value))
        }
    }

    private final class BindingCollector: SyntaxVisitor {
        var bindings: [String: Binding] = [:]

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            for (name, binding) in SwiftReferenceFinder.bindings(of: node) where bindings[name] == nil {
                bindings[name] = binding
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
            let name = (node.secondName ?? node.firstName).text
            if bindings[name] == nil { bindings[name] = Binding(type: node.type) }
            return .visitChildren
        }

        override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
            let name = (node.secondName ?? node.firstName).text
            if bindings[name] == nil, let type = node.type { bindings[name] = Binding(type: type) }
            return .visitChildren
        }
    }
}
