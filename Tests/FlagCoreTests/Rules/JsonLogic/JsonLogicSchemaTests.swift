import Foundation
import Testing

@testable import FlagCore

/// A dialect's schema is asked about every operation compiled; JsonLogic alone has none.
@Suite("Rules: JsonLogic schemas")
struct JsonLogicSchemaTests {
    /// A schema that forbids `+`, saying so at its arguments.
    enum NoAddition: JsonLogicSchema {
        static func check(
            _ name: String, kind: JsonLogicOperatorKind, in dialect: JsonLogicDialect, arguments: SourceNode,
            report: (String, TextLocation?) -> Void
        ) {
            if kind == .standard(.plus) { report("no '\(name)' here", arguments.location) }
        }
    }

    /// The problems compiling `rule` finds in `dialect`.
    private func problems(_ rule: String, _ dialect: JsonLogicDialect) throws -> [String] {
        var compiler = JsonLogicCompiler(evaluators: nil, dialect: dialect)
        _ = compiler.compile(try JSONReader.parse(rule))
        return compiler.problems.map(\.message)
    }

    @Test("The dialect's schema reports what it forbids, wherever the operation is nested")
    func dialectSchema() throws {
        let dialect = JsonLogicDialect(operators: .standard, schema: NoAddition.self)
        #expect(try problems(#"{"if": [{"<": [{"+": [1, 2]}, 4]}, "a", "b"]}"#, dialect) == ["no '+' here"])
        #expect(try problems(#"{"-": [1, 2]}"#, dialect).isEmpty)
    }

    @Test("JsonLogic alone checks nothing but the operators' names")
    func noSchema() throws {
        #expect(try problems(#"{"==": [1]}"#, .standard).isEmpty)
        #expect(try problems(#"{"frobnicate": [1]}"#, .standard) == ["unknown operator 'frobnicate'"])
    }
}
