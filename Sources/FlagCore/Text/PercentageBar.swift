import Foundation

/// A percentage drawn in a few cells (`████████░░` for 80 % in ten), for splits in a trace and
/// in `flagscope rollout`: full blocks for the share, light shade for the rest.
package enum PercentageBar {
    /// `percent` (0–100, clamped) as `cells` cells, rounded to the nearest cell.
    package static func bar(_ percent: Double, cells: Int = 10) -> String {
        let clamped = percent.isFinite ? min(max(percent, 0), 100) : 0
        // Halves round to even, so 25 % and 75 % fill 2 and 8 of 10 cells, not 3 and 8.
        let filled = Int((clamped / 100 * Double(cells)).rounded(.toNearestOrEven))
        return String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled)
    }

    /// A percentage with at most one decimal, and none when it is whole (`50`, `37.5`).
    package static func number(_ percent: Double) -> String {
        let tenths = (percent * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(format: "%.1f", tenths)
    }
}
