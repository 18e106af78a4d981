import Foundation

/// Words as a POSIX shell reads them: commands Flagscope prints for people to run.
package enum ShellWord {
    /// `text` as one shell word: as it is when it holds only characters no shell treats
    /// specially, else in single quotes (a quote inside written `'\''`).
    package static func quoted(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "@%+=:,./_-".unicodeScalars.contains(scalar))
            }
        if plain { return text }
        return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// A command line of words, each quoted as needed.
    package static func command(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }
}
