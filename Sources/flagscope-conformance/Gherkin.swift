import Foundation

/// The parts of Gherkin the flagd-testbed uses: a feature with tags, a background, scenarios
/// and scenario outlines with tags, steps (with data tables), and tagged, named Examples.
struct GherkinFeature {
    var name: String
    var tags: Set<String>
    var background: [GherkinStep]
    var scenarios: [GherkinScenario]
}

/// One step: its text (after the keyword) and its data table, if any.
struct GherkinStep {
    var keyword: String
    var text: String
    var line: Int
    var table: [[String]] = []
}

/// A scenario, or an outline with its examples.
struct GherkinScenario {
    var name: String
    var line: Int
    var tags: Set<String>
    var steps: [GherkinStep]
    var examples: [GherkinExamples]
    var isOutline: Bool
}

/// One Examples block: its tags, its header and rows (with their lines).
struct GherkinExamples {
    var name: String
    var tags: Set<String>
    var header: [String]
    var rows: [(line: Int, cells: [String])]
}

enum GherkinParser {
    /// Parses a feature file.
    static func parse(_ text: String) -> GherkinFeature {
        var feature = GherkinFeature(name: "", tags: [], background: [], scenarios: [])
        var pendingTags: Set<String> = []
        enum Section { case none, background, scenario, examples }
        var section = Section.none
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            let number = offset + 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("@") {
                pendingTags.formUnion(line.split(separator: " ").map(String.init).filter { $0.hasPrefix("@") })
                continue
            }
            if let rest = line.removingPrefix("Feature:") {
                feature.name = rest
                feature.tags = pendingTags
                pendingTags = []
                continue
            }
            if line.hasPrefix("Background:") {
                section = .background
                continue
            }
            if let rest = line.removingPrefix("Scenario Outline:") ?? line.removingPrefix("Scenario Template:") {
                feature.scenarios.append(
                    GherkinScenario(
                        name: rest, line: number, tags: pendingTags, steps: [], examples: [], isOutline: true))
                pendingTags = []
                section = .scenario
                continue
            }
            if let rest = line.removingPrefix("Scenario:") ?? line.removingPrefix("Example:") {
                feature.scenarios.append(
                    GherkinScenario(
                        name: rest, line: number, tags: pendingTags, steps: [], examples: [], isOutline: false))
                pendingTags = []
                section = .scenario
                continue
            }
            if let rest = line.removingPrefix("Examples:") ?? line.removingPrefix("Scenarios:") {
                guard !feature.scenarios.isEmpty else { continue }
                feature.scenarios[feature.scenarios.count - 1].examples.append(
                    GherkinExamples(name: rest, tags: pendingTags, header: [], rows: []))
                pendingTags = []
                section = .examples
                continue
            }
            if line.hasPrefix("|") {
                let cells = tableCells(line)
                switch section {
                case .examples:
                    let scenario = feature.scenarios.count - 1
                    let block = feature.scenarios[scenario].examples.count - 1
                    if feature.scenarios[scenario].examples[block].header.isEmpty {
                        feature.scenarios[scenario].examples[block].header = cells
                    } else {
                        feature.scenarios[scenario].examples[block].rows.append((number, cells))
                    }
                case .background:
                    if !feature.background.isEmpty {
                        feature.background[feature.background.count - 1].table.append(cells)
                    }
                case .scenario:
                    let scenario = feature.scenarios.count - 1
                    if !feature.scenarios[scenario].steps.isEmpty {
                        feature.scenarios[scenario].steps[feature.scenarios[scenario].steps.count - 1].table.append(
                            cells)
                    }
                case .none:
                    break
                }
                continue
            }
            for keyword in ["Given ", "When ", "Then ", "And ", "But ", "* "] where line.hasPrefix(keyword) {
                let step = GherkinStep(
                    keyword: keyword.trimmingCharacters(in: .whitespaces), text: String(line.dropFirst(keyword.count)),
                    line: number)
                switch section {
                case .background: feature.background.append(step)
                case .scenario, .examples:
                    if !feature.scenarios.isEmpty { feature.scenarios[feature.scenarios.count - 1].steps.append(step) }
                case .none: break
                }
                break
            }
        }
        return feature
    }

    /// The cells of a table row, unescaped as Gherkin does (`\|`, `\\`, `\n`), trimmed.
    static func tableCells(_ line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        var started = false
        for character in line {
            if escaped {
                switch character {
                case "|": current.append("|")
                case "\\": current.append("\\")
                case "n": current.append("\n")
                default:
                    current.append("\\")
                    current.append(character)
                }
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "|":
                if started { cells.append(current.trimmingCharacters(in: .whitespaces)) }
                started = true
                current = ""
            default: current.append(character)
            }
        }
        return cells
    }
}

extension String {
    /// The rest after `prefix`, trimmed, when the text starts with it.
    func removingPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) : nil
    }
}
