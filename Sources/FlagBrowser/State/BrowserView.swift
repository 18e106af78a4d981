/// The view cycle of `F`.
package enum BrowserView: String, Sendable, Hashable, CaseIterable {
    case all
    /// What differs from the device pinned with `c`: next after all, and only while one is.
    case compared
    case overridden, differs, unavailable, problems, stale

    /// The header label.
    package var title: String {
        switch self {
        case .all: return "all"
        case .overridden: return "overridden"
        case .differs: return "differs from default"
        case .unavailable: return "unavailable features"
        case .problems: return "problems"
        case .compared: return "differs from the compared device"
        case .stale: return "stale"
        }
    }

    /// The view after this one; the comparison's only while a device is compared.
    func next(comparing: Bool) -> BrowserView {
        let all = Self.allCases.filter { comparing || $0 != .compared }
        return all[((all.firstIndex(of: self) ?? -1) + 1) % all.count]
    }
}
