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

/// Reads a feature file line by line: each line adds to the feature, the scenario, the step or
/// the Examples block that the lines before it opened.
struct GherkinParser {
    /// What the lines being read belong to.
    private enum Section { case none, background, scenario, examples }

    /// The feature read so far.
    private var feature = GherkinFeature(name: "", tags: [], background: [], scenarios: [])
    /// Tags read for the next feature, scenario or Examples block.
    private var pendingTags: Set<String> = []
    /// What the lines being read belong to.
    private var section = Section.none

    /// Parses a feature file.
    static func parse(_ text: String) -> GherkinFeature {
        var parser = GherkinParser()
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            parser.read(rawLine.trimmingCharacters(in: .whitespaces), number: offset + 1)
        }
        return parser.feature
    }

    /// Reads one line, trimmed, at line `number`.
    private mutating func read(_ line: String, number: Int) {
        if line.isEmpty || line.hasPrefix("#") { return }
        if line.hasPrefix("@") {
            pendingTags.formUnion(line.split(separator: " ").map(String.init).filter { $0.hasPrefix("@") })
            return
        }
        if let rest = line.removingPrefix("Feature:") {
            feature.name = rest
            feature.tags = pendingTags
            pendingTags = []
            return
        }
        if line.hasPrefix("Background:") {
            section = .background
            return
        }
        if let rest = line.removingPrefix("Scenario Outline:") ?? line.removingPrefix("Scenario Template:") {
            startScenario(rest, number: number, isOutline: true)
            return
        }
        if let rest = line.removingPrefix("Scenario:") ?? line.removingPrefix("Example:") {
            startScenario(rest, number: number, isOutline: false)
            return
        }
        if let rest = line.removingPrefix("Examples:") ?? line.removingPrefix("Scenarios:") {
            guard !feature.scenarios.isEmpty else { return }
            feature.scenarios[feature.scenarios.count - 1].examples.append(
                GherkinExamples(name: rest, tags: pendingTags, header: [], rows: []))
            pendingTags = []
            section = .examples
            return
        }
        if line.hasPrefix("|") {
            addTableRow(Self.tableCells(line), number: number)
            return
        }
        for keyword in ["Given ", "When ", "Then ", "And ", "But ", "* "] where line.hasPrefix(keyword) {
            addStep(
                GherkinStep(
                    keyword: keyword.trimmingCharacters(in: .whitespaces), text: String(line.dropFirst(keyword.count)),
                    line: number))
            break
        }
    }

    /// Opens a scenario, or an outline, named `name`, with the tags read before it.
    private mutating func startScenario(_ name: String, number: Int, isOutline: Bool) {
        feature.scenarios.append(
            GherkinScenario(
                name: name, line: number, tags: pendingTags, steps: [], examples: [], isOutline: isOutline))
        pendingTags = []
        section = .scenario
    }

    /// A table row: the header or a row of the Examples block being read, else a row of the
    /// last step's data table.
    private mutating func addTableRow(_ cells: [String], number: Int) {
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
                feature.scenarios[scenario].steps[feature.scenarios[scenario].steps.count - 1].table.append(cells)
            }
        case .none:
            break
        }
    }

    /// A step of the background, or of the scenario being read.
    private mutating func addStep(_ step: GherkinStep) {
        switch section {
        case .background: feature.background.append(step)
        case .scenario, .examples:
            if !feature.scenarios.isEmpty { feature.scenarios[feature.scenarios.count - 1].steps.append(step) }
        case .none: break
        }
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
