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
            return Plural.count(shownLeafCount, "flag") + " shown"
        case .compared:
            return model.comparison?.count ?? "nothing compared"
        case .problems:
            return Plural.count(shownLeafCount, "problem") + " shown"
        case .stale:
            return "\(shownLeafCount) shown; Tab: why each can go"
        case .all:
            return "\(shownLeafCount) shown"
        }
    }
}
