import Foundation

/// One named condition of a Remote Config template, compiled once for every parameter that
/// has a conditional value for it (docs/rules.md).
package struct FirebaseCondition: Sendable, Hashable {
    /// The condition's name, as parameters refer to it.
    package var name: String
    /// The expression as written.
    package var expression: String
    /// Where the expression is written in the template file, when known.
    package var location: TextLocation?
    /// The elements joined by `&&`, in the order written; empty when the expression has a problem.
    package var clauses: [FirebaseClause]
    /// Why the expression cannot be evaluated, located inside the template file; `nil` when it can.
    package var problem: RuleProblem?

    /// Creates a condition.
    package init(
        name: String, expression: String, location: TextLocation? = nil, clauses: [FirebaseClause],
        problem: RuleProblem? = nil
    ) {
        self.name = name
        self.expression = expression
        self.location = location
        self.clauses = clauses
        self.problem = problem
    }

    /// The condition in the trace's words: `italian_store: device.country in ['it']`.
    package var wording: String { "\(name): \(expression)" }
}

/// One element of a condition: what it reads and how it compares.
package struct FirebaseClause: Sendable, Hashable {
    /// What the element compares.
    package var test: FirebaseTest
    /// The element as written (`device.country in ['it']`).
    package var text: String

    /// Creates a clause.
    package init(_ test: FirebaseTest, text: String) {
        self.test = test
        self.text = text
    }
}

/// A comparison of two ordered things (numbers, versions, instants).
package enum FirebaseComparison: String, Sendable, Hashable, CaseIterable {
    /// `<`
    case less = "<"
    /// `<=`
    case lessOrEqual = "<="
    /// `==`
    case equal = "=="
    /// `!=`
    case notEqual = "!="
    /// `>`
    case greater = ">"
    /// `>=`
    case greaterOrEqual = ">="

    /// Whether `order` (the actual value against the target: -1, 0, 1) satisfies the comparison.
    func holds(_ order: Int) -> Bool {
        switch self {
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        }
    }
}

/// The text methods of `app.version`, `app.build`, user properties and custom signals.
package enum FirebaseTextMatch: String, Sendable, Hashable, CaseIterable {
    /// Some target is part of the value.
    case contains
    /// No target is part of the value.
    case notContains
    /// The value is one of the targets (spaces around either ignored).
    case exactlyMatches
    /// Some target, a regular expression, matches somewhere in the value.
    case matches
}

/// The methods of `app.audiences`.
package enum FirebaseAudienceMatch: String, Sendable, Hashable, CaseIterable {
    /// The device is in some listed audience.
    case inAtLeastOne
    /// The device is missing from some listed audience.
    case notInAtLeastOne
    /// The device is in every listed audience.
    case inAll
    /// The device is in none of the listed audiences.
    case notInAll
}

/// A value a condition reads from the device, with the `context/*` key it lives at.
package enum FirebaseAttribute: Sendable, Hashable {
    /// `app.version` → `context/app_version`.
    case appVersion
    /// `app.build` → `context/app_build`.
    case appBuild
    /// `app.userProperty['p']` → `context/user_properties/p`.
    case userProperty(String)
    /// `app.customSignal['s']` → `context/custom_signals/s`.
    case customSignal(String)

    /// The path of names below `context/`.
    var path: [String] {
        switch self {
        case .appVersion: return ["app_version"]
        case .appBuild: return ["app_build"]
        case .userProperty(let name): return ["user_properties", name]
        case .customSignal(let name): return ["custom_signals", name]
        }
    }
}

/// What one element tests.
package enum FirebaseTest: Sendable, Hashable {
    /// `true` or `false`.
    case constant(Bool)
    /// `device.os == 'ios'` (or `!=`): `context/platform`, lower-cased.
    case platform(String, equal: Bool)
    /// `device.language in [...]`: `context/locale`; a target without a region matches every region.
    case language([String])
    /// `device.country in [...]`: `context/country`.
    case country([String])
    /// `app.id == '…'` (or `!=`): `context/app_id`.
    case appID(String, equal: Bool)
    /// A text method on an attribute.
    case text(FirebaseAttribute, FirebaseTextMatch, [String])
    /// `.matches([…])` on an attribute: regular expressions compiled once, in RE2's syntax,
    /// matched in linear time; some must match somewhere in the value.
    case pattern(FirebaseAttribute, [LinearPattern])
    /// A number comparison on a user property or custom signal.
    case number(FirebaseAttribute, FirebaseComparison, Double)
    /// A version comparison, dotted numbers compared part by part (`app.version.>=(['2.1'])`,
    /// `version(app.customSignal['s']) >= '1.2.0'`).
    case version(FirebaseAttribute, FirebaseComparison, [Int])
    /// `app.audiences.inAtLeastOne([...])` and its kin: `context/audiences`.
    case audiences(FirebaseAudienceMatch, [String])
    /// `app.firebaseInstallationId in [...]`: `context/firebase_installation_id`.
    case installationID([String])
    /// `dateTime < dateTime('…', 'zone')`: `context/now`, else the clock.
    case dateTime(FirebaseComparison, Date)
    /// `app.firstOpenTimestamp <= ('…', 'zone')`: `context/first_open_timestamp`.
    case firstOpen(FirebaseComparison, Date)
    /// `percent <= 20`, `percent('seed') between 10 and 30`: the installation id's bucket in
    /// micro-percents, which matches when `lower < bucket ≤ upper`.
    case percent(seed: String?, lower: Int64, upper: Int64)
}
