import Foundation

/// Reads a Remote Config condition expression into clauses, as Firebase's condition reference
/// writes them: elements joined by ` && `, each an element with its operator and targets.
/// Anything the reference does not have is an error at its offset in the expression.
struct FirebaseConditionParser {
    /// Every element the reference names, longest first so `app.version` is found before `app`.
    static let elements = [
        "app.operatingSystemAndVersion", "app.firebaseInstallationId", "app.firstOpenTimestamp",
        "app.browserAndVersion",
        "app.userProperty", "app.customSignal", "device.language", "device.dateTime", "device.country", "app.audiences",
        "app.version", "device.os", "app.build", "dateTime", "percent", "app.id", "version", "true", "false",
    ]

    private let scalars: [Unicode.Scalar]
    private let tokens: [FirebaseToken]
    private var position = 0

    /// Parses `expression`.
    static func parse(_ expression: String) throws(FirebaseConditionError) -> [FirebaseClause] {
        var parser = try FirebaseConditionParser(expression)
        return try parser.parseExpression()
    }

    private init(_ expression: String) throws(FirebaseConditionError) {
        scalars = Array(expression.unicodeScalars)
        tokens = try FirebaseConditionLexer.tokens(scalars)
    }

    private var current: FirebaseToken { tokens[position] }

    private mutating func advance() -> FirebaseToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private func fail(_ message: String, at token: FirebaseToken? = nil) -> FirebaseConditionError {
        FirebaseConditionError(message: message, offset: (token ?? current).offset)
    }

    private mutating func parseExpression() throws(FirebaseConditionError) -> [FirebaseClause] {
        if case .end = current.kind {
            throw fail("the condition is empty; write an element such as device.country in ['us']")
        }
        var clauses: [FirebaseClause] = []
        while true {
            let start = current.offset
            let test = try parseClause()
            let end = position > 0 ? tokens[position - 1].offset + tokens[position - 1].length : start
            clauses.append(FirebaseClause(test, text: Self.text(scalars[start..<end])))
            switch current.kind {
            case .end:
                return clauses
            case .symbol("&&"):
                let and = advance()
                let before = and.offset > 0 ? scalars[and.offset - 1] : " "
                let after = and.offset + 2 < scalars.count ? scalars[and.offset + 2] : " "
                guard before == " ", after == " " else {
                    throw fail("'&&' needs a space on each side (element1 && element2)", at: and)
                }
            case .symbol("||"):
                throw fail(
                    "a condition joins its elements with && only; for 'or', list the values (in [...]) or add a condition"
                )
            default:
                throw fail("expected && or the end of the condition, found \(current.described)")
            }
        }
    }

    /// One element with its operator and targets (`device.country in ['us']`).
    private mutating func parseClause() throws(FirebaseConditionError) -> FirebaseTest {
        let first = current
        let (element, method) = try parseElement()
        func noMethod() throws(FirebaseConditionError) {
            if let method {
                throw fail("\(element) has no method '.\(TerminalText.capped(method, limit: 40))'", at: first)
            }
        }
        switch element {
        case "true", "false":
            try noMethod()
            return .constant(element == "true")
        case "device.os":
            try noMethod()
            let equal = try parseEquality(element)
            return .platform(try parseText(), equal: equal)
        case "app.id":
            try noMethod()
            let equal = try parseEquality(element)
            return .appID(try parseText(), equal: equal)
        case "device.language", "device.country", "app.firebaseInstallationId":
            try noMethod()
            return try parseMembership(element)
        case "app.version", "app.build":
            return try parseVersionElement(element, method: method, at: first)
        case "app.userProperty", "app.customSignal":
            try noMethod()
            return try parseNamedValue(element)
        case "version":
            try noMethod()
            return try parseSemanticSignal()
        case "app.audiences":
            return try parseAudiences(method: method, at: first)
        case "dateTime", "device.dateTime", "app.firstOpenTimestamp":
            try noMethod()
            return try parseTimeElement(element)
        case "percent":
            try noMethod()
            return try parsePercent()
        default:
            throw fail("\(element) is only for web apps, which flagscope does not simulate", at: first)
        }
    }

    /// The element a clause starts with, and the method written after it (`app.version.contains`)
    /// or `nil`; anything but a known element is an error, with the closest one suggested.
    private mutating func parseElement() throws(FirebaseConditionError) -> (element: String, method: String?) {
        let first = current
        switch first.kind {
        case .symbol("!"):
            throw fail("a condition cannot negate an element; use != or .notContains([...])")
        case .symbol("("):
            throw fail("a condition has no parentheses around elements; join elements with &&")
        case .name:
            break
        default:
            throw fail("expected an element such as device.country, found \(first.described)")
        }
        let path = parsePath()
        guard let element = Self.elements.first(where: { path == $0 || path.hasPrefix($0 + ".") }) else {
            let suggestion = Suggestion.closest(to: path, in: Self.elements).map { "; did you mean '\($0)'?" } ?? ""
            throw fail(
                "'\(TerminalText.capped(path, limit: 60))' is not an element of Remote Config conditions\(suggestion)",
                at: first)
        }
        return (element, path == element ? nil : String(path.dropFirst(element.count + 1)))
    }

    /// `device.language`, `device.country`, `app.firebaseInstallationId`: `in [...]`.
    private mutating func parseMembership(_ element: String) throws(FirebaseConditionError) -> FirebaseTest {
        guard case .name("in") = current.kind else { throw fail("\(element) is compared with in [...]") }
        _ = advance()
        let list = try parseList()
        switch element {
        case "device.language": return .language(list)
        case "device.country": return .country(list)
        default: return .installationID(list)
        }
    }

    /// `app.audiences.inAtLeastOne([...])` and its kin.
    private mutating func parseAudiences(method: String?, at first: FirebaseToken) throws(FirebaseConditionError)
        -> FirebaseTest
    {
        guard let method, let match = FirebaseAudienceMatch(rawValue: method) else {
            throw fail(
                "app.audiences is compared with .inAtLeastOne, .notInAtLeastOne, .inAll or .notInAll([...])",
                at: first)
        }
        return .audiences(match, try parseArguments())
    }

    /// `dateTime` and `device.dateTime` (`>= dateTime('…')`), `app.firstOpenTimestamp` (where
    /// the word `dateTime` may be left out).
    private mutating func parseTimeElement(_ element: String) throws(FirebaseConditionError) -> FirebaseTest {
        let comparison = try parseTimeComparison(element)
        if element == "app.firstOpenTimestamp" {
            if case .name("dateTime") = current.kind { _ = advance() }
            return .firstOpen(comparison, try parseInstant())
        }
        guard case .name("dateTime") = current.kind else {
            throw fail("\(element) is compared with dateTime('2025-01-01T09:00:00'[, 'time zone'])")
        }
        _ = advance()
        return .dateTime(comparison, try parseInstant())
    }

    /// Names joined by dots: `app.version.contains`; stops before `.` and an operator.
    private mutating func parsePath() -> String {
        guard case .name(var path) = advance().kind else { return "" }
        while case .symbol(".") = current.kind, case .name(let next) = tokens[position + 1].kind {
            path += "." + next
            position += 2
        }
        return path
    }

    private mutating func parseEquality(_ element: String) throws(FirebaseConditionError) -> Bool {
        switch current.kind {
        case .symbol("=="):
            _ = advance()
            return true
        case .symbol("!="):
            _ = advance()
            return false
        default:
            throw fail("\(element) is compared with == or !=, found \(current.described)")
        }
    }

    private mutating func parseText() throws(FirebaseConditionError) -> String {
        guard case .text(let text) = current.kind else {
            throw fail("expected a quoted text, found \(current.described)")
        }
        _ = advance()
        return text
    }

    private mutating func expect(_ symbol: String, _ what: String) throws(FirebaseConditionError) {
        guard case .symbol(symbol) = current.kind else { throw fail("expected \(what), found \(current.described)") }
        _ = advance()
    }

    /// `['a', 'b']`: at least one quoted text.
    private mutating func parseList() throws(FirebaseConditionError) -> [String] {
        try expect("[", "a list such as ['a', 'b']")
        var items: [String] = []
        while true {
            items.append(try parseText())
            if case .symbol(",") = current.kind {
                _ = advance()
                continue
            }
            try expect("]", "',' or ']'")
            return items
        }
    }

    /// `([...])`: a method's one argument.
    private mutating func parseArguments() throws(FirebaseConditionError) -> [String] {
        try expect("(", "'(' and a list, as in .contains(['a'])")
        let list = try parseList()
        try expect(")", "')'")
        return list
    }

    private mutating func parseComparison() -> FirebaseComparison? {
        guard case .symbol(let symbol) = current.kind, let comparison = FirebaseComparison(rawValue: symbol) else {
            return nil
        }
        _ = advance()
        return comparison
    }

    /// `app.version.contains([...])` or `app.version.>=(['2.1.0'])`; never infix.
    private mutating func parseVersionElement(_ element: String, method: String?, at first: FirebaseToken)
        throws(FirebaseConditionError) -> FirebaseTest
    {
        let attribute: FirebaseAttribute = element == "app.version" ? .appVersion : .appBuild
        if let method {
            guard let match = FirebaseTextMatch(rawValue: method) else {
                throw fail(
                    "\(element) has no method '.\(TerminalText.capped(method, limit: 40))'; it has .contains, .notContains, .exactlyMatches, .matches and .>=([...]) and the other comparisons",
                    at: first)
            }
            let arguments = current
            return try textTest(attribute, match, try parseArguments(), at: arguments)
        }
        guard case .symbol(".") = current.kind else {
            throw fail("\(element) is compared with a method: \(element).>=(['1.2.0']) or \(element).contains([...])")
        }
        _ = advance()
        let operatorToken = current
        guard let comparison = parseComparison() else {
            throw fail("expected a method or a comparison after '\(element).', found \(current.described)")
        }
        let targets = try parseArguments()
        guard targets.count == 1 else {
            throw fail("a version comparison takes one version, found \(targets.count)", at: operatorToken)
        }
        guard let parts = Self.versionParts(targets[0]) else {
            throw fail(
                "'\(TerminalText.capped(targets[0], limit: 40))' is not a version of numbers and dots",
                at: operatorToken)
        }
        return .version(attribute, comparison, parts)
    }

    /// `app.userProperty['p']` / `app.customSignal['s']` then a number comparison or a text method.
    private mutating func parseNamedValue(_ element: String) throws(FirebaseConditionError) -> FirebaseTest {
        try expect("[", "[' and the \(element == "app.userProperty" ? "property" : "signal")'s name")
        let name = try parseText()
        try expect("]", "']'")
        let attribute: FirebaseAttribute = element == "app.userProperty" ? .userProperty(name) : .customSignal(name)
        if case .symbol(".") = current.kind {
            _ = advance()
            let methodToken = current
            guard case .name(let method) = advance().kind, let match = FirebaseTextMatch(rawValue: method) else {
                throw fail(
                    "\(element)['…'] has the methods .contains, .notContains, .exactlyMatches and .matches",
                    at: methodToken)
            }
            let arguments = current
            return try textTest(attribute, match, try parseArguments(), at: arguments)
        }
        guard let comparison = parseComparison() else {
            throw fail("expected a comparison (<, <=, ==, !=, >, >=) or a method, found \(current.described)")
        }
        guard case .number(let text) = current.kind, let number = Double(text) else {
            if case .text = current.kind {
                throw fail("\(element)['…'] compares text with .exactlyMatches(['…']); <, ==, > take a number")
            }
            throw fail("expected a number, found \(current.described)")
        }
        _ = advance()
        return .number(attribute, comparison, number)
    }

    /// `version(app.customSignal['s']) >= '1.2.0'`.
    private mutating func parseSemanticSignal() throws(FirebaseConditionError) -> FirebaseTest {
        try expect("(", "'(' and a custom signal, as in version(app.customSignal['s'])")
        let inner = current
        guard parsePath() == "app.customSignal" else {
            throw fail("version(...) takes a custom signal: version(app.customSignal['name'])", at: inner)
        }
        try expect("[", "'[' and the signal's name")
        let name = try parseText()
        try expect("]", "']'")
        try expect(")", "')'")
        guard let comparison = parseComparison() else {
            throw fail("expected a comparison (<, <=, ==, !=, >, >=), found \(current.described)")
        }
        let target = current
        let text = try parseText()
        guard let parts = Self.versionParts(text) else {
            throw fail("'\(TerminalText.capped(text, limit: 40))' is not a version of numbers and dots", at: target)
        }
        return .version(.customSignal(name), comparison, parts)
    }

    private mutating func parseTimeComparison(_ element: String) throws(FirebaseConditionError) -> FirebaseComparison {
        let token = current
        guard let comparison = parseComparison(), comparison != .equal, comparison != .notEqual else {
            throw fail("\(element) is compared with <, <=, > or >=, found \(token.described)", at: token)
        }
        return comparison
    }

    /// `('2025-01-01T09:00:00'[, 'America/Los_Angeles'])`: a time without a zone is GMT.
    private mutating func parseInstant() throws(FirebaseConditionError) -> Date {
        try expect("(", "'(' and an ISO date, as in ('2025-01-01T09:00:00')")
        let timeToken = current
        let time = try parseText()
        var zone = TimeZone(identifier: "GMT")!
        if case .symbol(",") = current.kind {
            _ = advance()
            let zoneToken = current
            let name = try parseText()
            guard let named = TimeZone(identifier: name) else {
                throw fail(
                    "'\(TerminalText.capped(name, limit: 40))' is not a time zone (such as 'Europe/Rome')",
                    at: zoneToken)
            }
            zone = named
        }
        try expect(")", "')'")
        guard let instant = Self.instant(time, in: zone) else {
            throw fail(
                "'\(TerminalText.capped(time, limit: 40))' is not an ISO date and time such as '2025-01-01T09:00:00'",
                at: timeToken)
        }
        return instant
    }

    /// `percent <= 20`, `percent > 20`, `percent between 10 and 30`, each with an optional `('seed')`.
    private mutating func parsePercent() throws(FirebaseConditionError) -> FirebaseTest {
        var seed: String?
        if case .symbol("(") = current.kind {
            _ = advance()
            let seedToken = current
            let text = try parseText()
            let allowed = text.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
            }
            guard allowed, text.unicodeScalars.count <= 32 else {
                throw fail("a percent seed has at most 32 letters, digits, '-', '_' and '.'", at: seedToken)
            }
            seed = text.isEmpty ? nil : text
            try expect(")", "')'")
        }
        let operatorToken = current
        switch current.kind {
        case .symbol("<="), .symbol(">"):
            let isAtMost = current.kind == .symbol("<=")
            _ = advance()
            let bound = try parsePercentage()
            return isAtMost
                ? .percent(seed: seed, lower: -1, upper: bound) : .percent(seed: seed, lower: bound, upper: 100_000_000)
        case .name("between"):
            _ = advance()
            let lower = try parsePercentage()
            guard case .name("and") = current.kind else { throw fail("expected 'and', found \(current.described)") }
            _ = advance()
            let upperToken = current
            let upper = try parsePercentage()
            guard lower < upper else {
                throw fail("percent between takes a lower bound, then a higher one", at: upperToken)
            }
            return .percent(seed: seed, lower: lower, upper: upper)
        default:
            throw fail("percent is compared with <=, > or between … and …, found \(operatorToken.described)")
        }
    }

    /// A percentage from 0 to 100, in micro-percents.
    private mutating func parsePercentage() throws(FirebaseConditionError) -> Int64 {
        guard case .number(let text) = current.kind, let value = Double(text), value >= 0, value <= 100 else {
            throw fail("expected a percentage from 0 to 100, found \(current.described)")
        }
        _ = advance()
        return Int64((value * 1_000_000).rounded())
    }

    private func textTest(
        _ attribute: FirebaseAttribute, _ match: FirebaseTextMatch, _ targets: [String], at arguments: FirebaseToken
    ) throws(FirebaseConditionError) -> FirebaseTest {
        guard match == .matches else { return .text(attribute, match, targets) }
        var patterns: [LinearPattern] = []
        for target in targets {
            do {
                patterns.append(try LinearPattern(target, dialect: .re2))
            } catch {
                throw fail(
                    "'\(TerminalText.capped(target, limit: 40))' is not a regular expression Firebase accepts: \(error.description)",
                    at: arguments)
            }
        }
        return .pattern(attribute, patterns)
    }

    /// The numbers of a version of digits and dots (`2`, `2.1.0`); `nil` for anything else.
    static func versionParts(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(part) else {
                return nil
            }
            numbers.append(number)
        }
        return numbers
    }

    /// `2025-01-01T09:00:00` (seconds and fractions optional, a date alone is midnight) in
    /// `zone`; a text with its own zone (`Z`, `+02:00`) keeps it.
    static func instant(_ text: String, in zone: TimeZone) -> Date? {
        if let withZone = FlagDate.parse(text), text.count > 10 { return withZone }
        let pattern = #"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?$"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        func number(_ group: Int) -> Int? {
            guard let range = Range(match.range(at: group), in: text) else { return nil }
            return Int(text[range])
        }
        var components = DateComponents()
        components.year = number(1)
        components.month = number(2)
        components.day = number(3)
        components.hour = number(4) ?? 0
        components.minute = number(5) ?? 0
        components.second = number(6) ?? 0
        guard let month = components.month, (1...12).contains(month), let day = components.day, (1...31).contains(day),
            let hour = components.hour, hour < 24, let minute = components.minute, minute < 60,
            let second = components.second, second < 61
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard var date = calendar.date(from: components) else { return nil }
        if let range = Range(match.range(at: 7), in: text), let fraction = Double("0." + text[range]) {
            date += fraction
        }
        return date
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}
