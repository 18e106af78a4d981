/// The view cycle of `F`.
package enum BrowserView: String, Sendable, Hashable, CaseIterable {
    case all, overridden, differs, unavailable, problems

    /// The header label.
    package var title: String {
        switch self {
        case .all: return "all"
        case .overridden: return "overridden"
        case .differs: return "differs from default"
        case .unavailable: return "unavailable features"
        case .problems: return "problems"
        }
    }

    var next: BrowserView {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
