/// How RealFlags and Vexil turn property names into key segments.
enum SwiftKeyStyles {
    /// RealFlags' transform: `([a-z0-9])([A-Z])` → `$1<separator>$2`, then lowercased
    /// (`myURLFlag` → `my_urlflag`).
    static func realFlags(_ name: String, separator: Character) -> String {
        var result = ""
        var previous: Character?
        for character in name {
            if let previous, ("A"..."Z").contains(character),
                ("a"..."z").contains(previous) || ("0"..."9").contains(previous)
            {
                result.append(separator)
            }
            result.append(character)
            previous = character
        }
        return result.lowercased()
    }

    /// Vexil's transform: a separator before each word that starts with a capital, an acronym
    /// being one word (`myURLProperty` → `my-url-property`), then lowercased.
    static func vexil(_ name: String, separator: Character) -> String {
        let characters = Array(name)
        var result = ""
        var separateOnUppercase = true
        for (position, character) in characters.enumerated() {
            if character.isUppercase {
                if separateOnUppercase, !result.isEmpty { result.append(separator) }
                let next = position + 1
                separateOnUppercase =
                    next < characters.count && characters[next].isUppercase && next + 1 < characters.count
                    && characters[next + 1].isLowercase
            } else {
                separateOnUppercase = character != separator
            }
            result += character.lowercased()
        }
        return result
    }
}

extension SwiftKeyStyles {
    /// `location_when_in_use` → `locationWhenInUse`, as Swift code spells enum cases.
    static func camel(_ snake: String) -> String {
        let parts = snake.split(separator: "_")
        return (parts.first.map(String.init) ?? "")
            + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }
}

/// RealFlags' key configuration (`KeyConfiguration(prefix:pathSeparator:keyTransform:)`).
struct RealFlagsKeyStyle {
    /// How a property name becomes a segment.
    enum Transform: Equatable {
        case none, kebabCase, snakeCase
        case custom(String)

        func apply(_ name: String) -> String {
            switch self {
            case .none: return name
            case .kebabCase: return SwiftKeyStyles.realFlags(name, separator: "-")
            case .snakeCase: return SwiftKeyStyles.realFlags(name, separator: "_")
            case .custom(let fixed): return fixed
            }
        }
    }

    var prefix: String?
    var separator = "/"
    var transform = Transform.snakeCase
}

/// Vexil's key configuration (`VexilConfiguration(codingPathStrategy:prefix:separator:)`):
/// kebab-case names joined with `.` unless a pole says otherwise.
struct VexilKeyStyle {
    var snakeCase = false
    var prefix: String?
    var separator = "."

    func segment(_ name: String) -> String {
        // Vexil's macros always name a flag in kebab-case; a snake_case pole then swaps each
        // dash for an underscore, which is not the same as snake-casing the name (`a_B`).
        let kebab = SwiftKeyStyles.vexil(name, separator: "-")
        return snakeCase ? String(kebab.map { $0 == "-" ? "_" : $0 }) : kebab
    }
}
