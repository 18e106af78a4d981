import FlagCore

extension BrowserState {
    /// The active view's name, with the compared device's.
    var viewTitle: String {
        guard view == .compared, let comparison = model.comparison else { return view.title }
        return "differs from \(comparison.device.name)"
    }

    /// What the active view shows, counted in what the view is about, for the status line: the
    /// unavailable-features view counts features (as the Features heading does), not the rows of
    /// their constraints; flag views count flags; the problems view counts problems.
    /// `, 1 hidden: . shows hidden flags` when the view leaves hidden flags out, else nothing: a
    /// count the command line gives (`flagscope stale`) must not look like a different one here.
    private var hiddenText: String {
        let hidden = hiddenViewMatchCount
        return hidden == 0 ? "" : ", \(hidden) hidden: . shows hidden flags"
    }

    var viewCountText: String {
        switch view {
        case .unavailable:
            // The features the view shows (a filter may hide some), worded as the Features
            // heading, `devices` and `features` word their counts.
            let shown = rows.compactMap { position -> FeatureExplanation? in
                guard case .feature(let key) = model.nodes[position].kind,
                    model.viewMarks[position].contains(.unavailable)
                else { return nil }
                return model.explanations[key]
            }
            var counts = FeatureCounts(shown)
            counts.total = model.workspace.features.count
            return counts.text + " features, with the constraints that block them"
        case .overridden, .differs:
            return Plural.count(shownLeafCount, "flag") + " shown" + hiddenText
        case .compared:
            return (model.comparison?.count ?? "nothing compared") + hiddenText
        case .problems:
            return Plural.count(shownLeafCount, "problem") + " shown"
        case .stale:
            return "\(shownLeafCount) shown\(hiddenText); Tab: why each can go"
        case .all:
            return "\(shownLeafCount) shown"
        }
    }
}
