import Foundation
import OrderedCollections

/// One layer of a key's resolution put into words: its state, the value it holds (or the raw
/// value it ignored), how that value stands (wins, shadowed), why the state is what it is, and
/// what the source says besides.
///
/// This is the one place that words a layer: `get`, `get --json`, the detail pane and `explain`
/// lay these parts out, each in its own way, and never word a state themselves. A rule trace
/// (variant, reason, ordered steps) joins as one more part here: more ``lines`` at deeper
/// ``Line/depth`` and one more member of ``json``, so no caller has to learn a new word.
package struct LayerDescription: Sendable, Hashable {
    /// How a layer's value stands in the resolution.
    package enum Verdict: String, Sendable, Hashable {
        /// Its value is the key's value.
        case wins
        /// It has a value, and a higher layer (or a computed expression) wins over it.
        case shadowed
    }

    /// One thing said about a layer, below or beside its headline.
    package struct Line: Sendable, Hashable {
        /// Whether something went wrong (shown as a warning), or it is a plain fact.
        package var isProblem: Bool
        /// The words, as written: names and values from files are not escaped yet.
        package var text: String
        /// Nesting below the layer's own lines (0 for them; a rule trace's steps go deeper).
        package var depth: Int
        /// What goes before the text, with continuation lines hanging under the text after it:
        /// ``LayerDescription/decidingMark`` on the rule step that decided, spaces on the others.
        package var mark: String
        /// Whether this is the rule step that decided the layer's value.
        package var isDeciding: Bool

        /// Creates a line.
        package init(
            _ text: String, isProblem: Bool = false, depth: Int = 0, mark: String = "", isDeciding: Bool = false
        ) {
            self.text = text
            self.isProblem = isProblem
            self.depth = depth
            self.mark = mark
            self.isDeciding = isDeciding
        }
    }

    /// The layer described.
    package let layer: Layer
    /// How its value stands; `nil` when it has none that counts.
    package var verdict: Verdict?
    /// Whether the values come from a remote provider's offline cache.
    package var isCached: Bool
    /// Why the state is what it is, in one line (ignored, missing, excluded, an error); `nil`
    /// for `set` and `unset`, which say it themselves.
    package var reason: Line?
    /// How the source got its values and what it says besides (conditions, variants, the
    /// variable a value came from), in the source's order.
    package var notes: [Line]
    /// How the layer's rules decided, when it has some (docs/rules.md): a headline with the variant and
    /// the reason, then each step (depth 1, the deciding one marked) with what it read, its
    /// split and its note (depth 2).
    package var trace: [Line]

    /// The provider's name.
    package var provider: String { layer.provider }
    /// What the provider says about the key.
    package var state: LayerState { layer.state }
    /// The state's word, as `get`, `get --json` and the detail pane all write it.
    package var stateWord: String { state.name }

    /// Everything said below the headline: the reason, the notes, then the rule trace.
    package var lines: [Line] { (reason.map { [$0] } ?? []) + notes + trace }

    /// Puts `layer` of `resolution` into words. `workspace`, when given, names the provider's
    /// file (`profiles/qa.json does not exist`, `broken.json:1:3: expected a quoted key`).
    package init(_ layer: Layer, in resolution: Resolution, workspace: Workspace? = nil) {
        self.layer = layer
        isCached = layer.remote?.isCached == true
        notes = []
        switch layer.state {
        case .set:
            if layer.isWinner {
                verdict = .wins
            } else if resolution.reason != .default {
                verdict = .shadowed
            }
        case .typeMismatch(_, let problem):
            reason = Line("ignored: " + problem, isProblem: true)
        case .error(let message):
            // A file that cannot be read says where, so the reason leads to the place to fix.
            let provider = workspace?.providers.first { $0.config.name == layer.provider }
            if let provider, !provider.config.isRemote, case .failed(message, let location) = provider.status {
                reason = Line(
                    "\(provider.displayPath)\(location.map { ":\($0.line):\($0.column)" } ?? ""): \(message)",
                    isProblem: true)
            } else {
                reason = Line(message, isProblem: true)
            }
        case .excluded:
            reason = Line("listed in the flag's excludedProviders")
        case .missing:
            let path = workspace?.providers.first { $0.config.name == layer.provider }?.displayPath
            reason = Line("\(path ?? "its file") does not exist")
        case .fetching:
            reason = Line("waiting for the server")
        case .unset:
            break
        }
        // How a remote layer got its values (cached, failed, unchanged), unless its state says it already.
        if let remote = layer.remote, let note = remote.note, layer.state != .error(note) {
            notes.append(Line(note, isProblem: remote.problem != nil))
        }
        notes += layer.notes.map { Line($0) }
        trace = layer.rules.map { Self.lines(of: $0, in: layer) } ?? []
    }

    /// Every layer of `resolution`, in stack order.
    package static func all(of resolution: Resolution, workspace: Workspace? = nil) -> [LayerDescription] {
        resolution.layers.map { LayerDescription($0, in: resolution, workspace: workspace) }
    }

    /// The value on the headline: the layer's value, or the raw value it ignored, cut to about
    /// `limit` characters (at a cost that does not grow with the value); `nil` when it has none.
    package func valueText(limit: Int) -> String? {
        switch state {
        case .set(let value): return value.preview(limit: limit)
        case .typeMismatch(let raw, _): return raw.preview(limit: limit)
        default: return nil
        }
    }

    /// `{"provider","state","value"|"raw","problem","error","cached","winner","rules","notes"}` (docs/commands.md, docs/rules.md);
    /// the words in it are the ones the human outputs show.
    package var json: JSONValue { Self.json(of: layer) }

    /// The JSON of ``json`` for a layer on its own (it needs no resolution: the layer knows if it won).
    package static func json(of layer: Layer) -> JSONValue {
        var object: OrderedDictionary<String, JSONValue> = [
            "provider": .string(layer.provider), "state": .string(layer.state.name),
        ]
        switch layer.state {
        case .set(let value): object["value"] = value.json
        case .typeMismatch(let raw, let problem):
            object["raw"] = raw.json
            object["problem"] = .string(problem)
        case .error(let message): object["error"] = .string(message)
        default: break
        }
        if let remote = layer.remote {
            if remote.isCached {
                object["cached"] = .bool(true)
                if let fetchedAt = remote.fetchedAt {
                    object["fetchedAt"] = .string(ISO8601DateFormatter().string(from: fetchedAt))
                }
            }
            if remote.notModified { object["notModified"] = .bool(true) }
            if let problem = remote.problem, object["error"] == nil { object["error"] = .string(problem) }
        }
        if layer.isWinner { object["winner"] = .bool(true) }
        if let rules = layer.rules { object["rules"] = rules.json }
        if !layer.notes.isEmpty { object["notes"] = .array(layer.notes.map(JSONValue.string)) }
        return .object(object)
    }
}

/// What a user can do when a key's value comes from somewhere an edit does not reach: the
/// action (which file or variable to change), and why the edit did not reach it.
package struct LayerRemedy: Sendable, Hashable {
    /// What to do: `edit profiles/qa.json`, `unset or change $APP_THEME`.
    package var action: String
    /// Why, or what the place is: `firebase, read-only here`.
    package var why: String?

    /// The action with its why in parentheses.
    package var text: String { action + (why.map { " (\($0))" } ?? "") }
}

extension LayerDescription {
    /// What a user can do when `resolution`'s value does not come from `writableProvider`
    /// (a higher layer, a computed expression, or the flag excluding it); `nil` when it does,
    /// or when nothing written anywhere set it (the default).
    package static func remedy(for resolution: Resolution, writableProvider: String, in workspace: Workspace)
        -> LayerRemedy?
    {
        let flag = resolution.flag
        if let index = flag.excludedProviders.firstIndex(of: writableProvider) {
            let place = index < flag.excludedOrigins.count ? flag.excludedOrigins[index] : flag.origin
            return LayerRemedy(action: "remove \(writableProvider) from its excludedProviders", why: place.description)
        }
        if resolution.reason == .computed {
            return LayerRemedy(
                action: "change the keys it reads: \(resolution.computedInputs.joined(separator: ", "))",
                why: flag.computedOrigin.map { "computed at \($0)" } ?? "computed")
        }
        guard resolution.reason == .provider, resolution.source != writableProvider,
            let winner = workspace.providers.first(where: { $0.config.name == resolution.source })
        else { return nil }
        return remedy(for: flag.key, from: winner)
    }

    /// Where a key's value in a provider that Flagscope does not write is changed.
    static func remedy(for key: String, from provider: ProviderData) -> LayerRemedy {
        let config = provider.config
        // Given for this run only: nothing to edit now, the run itself must change.
        if config.name == ContextLayer.providerName {
            return LayerRemedy(
                action: "this run's --context sets it; the edit applies once the browser is started without it",
                why: nil)
        }
        if config.isRemote {
            return LayerRemedy(
                action: "change it on \(config.name)'s server", why: "\(config.format.name); Flagscope only reads it")
        }
        let remedy = config.format.descriptor.remedy(forKey: key, in: config, displayPath: provider.displayPath)
        return LayerRemedy(action: remedy.action, why: remedy.why)
    }
}
