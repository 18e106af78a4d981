import SwiftSyntax

/// `.name` or `.name(argument)` as written in an argument.
struct SwiftEnumCase: Equatable {
    var name: String
    var argument: ExprSyntax?

    init(name: String, argument: ExprSyntax?) {
        self.name = name
        self.argument = argument
    }

    init?(_ expression: ExprSyntax) {
        if let member = expression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
            argument = nil
        } else if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        {
            name = member.declName.baseName.text
            argument = call.arguments.first?.expression
        } else {
            return nil
        }
    }

    static func == (lhs: SwiftEnumCase, rhs: SwiftEnumCase) -> Bool {
        lhs.name == rhs.name && (lhs.argument == nil) == (rhs.argument == nil)
    }
}
