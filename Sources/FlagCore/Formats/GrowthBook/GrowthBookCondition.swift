/// A GrowthBook condition, compiled once when its payload is read: the Mongo-like language of
/// the spec (`{"country": {"$in": ["US", "CA"]}, "$or": [...]}`) as a tree that keeps where
/// each part is written. Evaluation walks the tree (``GrowthBookConditionEvaluator``); nothing is
/// parsed again per device.
///
/// A condition is an object whose every entry must hold: `$and`, `$or`, `$nor` and `$not` combine
/// conditions, and any other name is an attribute path (`a.b.c`) whose value is tested.
package indirect enum GrowthBookCondition: Sendable, Hashable {
    /// Every part holds (an object's entries; none: true).
    case all([GrowthBookCondition])
    /// `$and`: every condition of the list holds.
    case and([GrowthBookCondition], at: TextLocation)
    /// `$or`: some condition of the list holds, or the list is empty.
    case or([GrowthBookCondition], at: TextLocation)
    /// `$nor`: no condition of the list holds (an empty list: false, as the SDKs decide).
    case nor([GrowthBookCondition], at: TextLocation)
    /// `$not`: the condition does not hold.
    case not(GrowthBookCondition, at: TextLocation)
    /// The attribute at `path` passes `test`.
    case attribute(GrowthBookPath, GrowthBookValueTest)
    /// A condition nested deeper than the reader follows: evaluating it is an error (a
    /// bounded answer for a hostile payload, never a deep recursion).
    case tooDeep(at: TextLocation)
}

/// An attribute path as a condition names it: dot-separated names (`pets.dog.name`).
package struct GrowthBookPath: Sendable, Hashable {
    /// The path as written.
    package var text: String
    /// Its names.
    package var names: [String]
    /// Where the path is written.
    package var location: TextLocation

    /// Creates a path from its text.
    package init(_ text: String, at location: TextLocation) {
        self.text = text
        names = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        self.location = location
    }
}

/// What a value must be, as a condition writes it after an attribute path: a plain value
/// (equality with the SDK's coercions) or an object of operators.
package indirect enum GrowthBookValueTest: Sendable, Hashable {
    /// Text: the value's text is this (`value + ""`); with `ignoringCase` (inside `$alli`), in
    /// lower case, this lowered.
    case text(String, ignoringCase: Bool)
    /// A number: the value as a number is this (`value * 1`).
    case number(Double)
    /// A bool: the value is not null and its truthiness is this.
    case bool(Bool)
    /// `null`: the value is null or missing.
    case null
    /// A list, or an object with a name that is no operator: the value's JSON is this JSON.
    case json(JSONValue)
    /// An object of operators: each holds.
    case operators([GrowthBookOperation])
    /// A test nested deeper than the reader follows: evaluating it is an error.
    case tooDeep(at: TextLocation)
}

/// One `$operator` of a condition, with its operand compiled and where it is written.
package struct GrowthBookOperation: Sendable, Hashable {
    /// The operator as written (`$in`), kept for the trace and for unknown ones.
    package var name: String
    /// What it tests.
    package var test: Test
    /// The operand as written, for the trace's words.
    package var operand: JSONValue
    /// Where the operator is written.
    package var location: TextLocation

    /// What an operator tests, its operand compiled.
    package indirect enum Test: Sendable, Hashable {
        /// `$eq` (`true`) or `$ne` (`false`): strict equality with the operand.
        case equal(Bool)
        /// `$lt`, `$lte`, `$gt`, `$gte` with JavaScript's comparisons.
        case order(GrowthBookOrder)
        /// `$veq`, `$vne`, `$vgt`, `$vgte`, `$vlt`, `$vlte`: the padded version texts compared.
        case version(GrowthBookOrder?, equal: Bool, padded: String)
        /// `$regex` and `$regexi`: the compiled pattern, `nil` when it could not be compiled
        /// (the test then fails, as the SDK's `RegExp` that throws).
        case regex(LinearPattern?)
        /// `$in`, `$nin`, `$ini`, `$nini`: membership in the operand's list (`nil` when the
        /// operand is no list: the test fails, negated or not).
        case membership(GrowthBookValueSet?, negated: Bool)
        /// `$all` and `$alli`: each test matches some item of the value's list (`nil`: the operand
        /// is no list, and the test fails).
        case all([GrowthBookValueTest]?)
        /// `$elemMatch`: some truthy item of the value's list passes.
        case elementMatch(GrowthBookElementTest)
        /// `$size`: the value is a list whose count passes the test.
        case size(GrowthBookValueTest)
        /// `$exists`: the value is set (`true`) or null (`false`).
        case exists(Bool)
        /// `$type`: the value's JSON type has this name (`null` when the operand is no text).
        case type(String?)
        /// `$not`: the value does not pass the test.
        case not(GrowthBookValueTest)
        /// `$inGroup` (`negated`: `$notInGroup`): membership in the saved group of this id.
        case group(String, negated: Bool)
        /// An operator the spec does not have: the test fails.
        case unknown
    }
}

/// `<`, `<=`, `>` or `>=`.
package enum GrowthBookOrder: Sendable, Hashable {
    case less, lessOrEqual, greater, greaterOrEqual
}

/// What `$elemMatch` asks of each item: an operator object tests the item itself; any other
/// condition reads the item as an object of attributes.
package enum GrowthBookElementTest: Sendable, Hashable {
    case value(GrowthBookValueTest)
    case condition(GrowthBookCondition)
}

/// The items of an `$in` list or a saved group, kept as the SDK's `Array.includes` matches them:
/// text, numbers, bools and null by value, in a set (a list of 100,000 ids is one lookup); lists
/// and objects match nothing (JavaScript compares them by identity).
package struct GrowthBookValueSet: Sendable, Hashable {
    /// A primitive value as `includes` compares it.
    package enum Member: Sendable, Hashable {
        case text(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// The members.
    package var members: Set<Member>
    /// Whether text is matched in lower case (`$ini`, `$nini`).
    package var ignoringCase: Bool
    /// The items as written, in order (for the trace and the Context branch's suggestions).
    package var items: [JSONValue]

    /// The set of `items`, text lowered when `ignoringCase`.
    package init(_ items: [JSONValue], ignoringCase: Bool) {
        self.items = items
        self.ignoringCase = ignoringCase
        var members = Set<Member>()
        members.reserveCapacity(items.count)
        for item in items {
            if let member = Self.member(item, ignoringCase: ignoringCase) { members.insert(member) }
        }
        self.members = members
    }

    /// The member a value stands for, or `nil` for a list or object.
    static func member(_ value: JSONValue?, ignoringCase: Bool) -> Member? {
        switch value {
        case nil, .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .number(Double(number))
        case .double(let number): return .number(number == 0 ? 0 : number)
        case .string(let text): return .text(ignoringCase ? GrowthBookCoercion.lowercased(text) : text)
        case .array, .object: return nil
        }
    }

    /// Whether `value` is a member.
    func contains(_ value: JSONValue?) -> Bool {
        guard let member = Self.member(value, ignoringCase: ignoringCase) else { return false }
        return members.contains(member)
    }

    // Equal sets say the same items.
    package static func == (a: GrowthBookValueSet, b: GrowthBookValueSet) -> Bool {
        a.ignoringCase == b.ignoringCase && a.items == b.items
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(ignoringCase)
        hasher.combine(items.count)
    }
}
