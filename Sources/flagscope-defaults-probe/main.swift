import Foundation

// flagscope-defaults-probe: prints, as JSON, what Foundation's UserDefaults.standard holds for
// each key named on standard input (one a line), when launched with exported launch arguments
// after `--`: the object its argument domain gives, and the typed accessors' readings. The
// export tests launch it the way Xcode and `simctl launch` launch an app.
var keys: [String] = []
while let line = readLine() { keys.append(line) }
let defaults = UserDefaults.standard
var answers: [String: Any] = [:]
for key in keys {
    var answer: [String: Any] = [
        "bool": defaults.bool(forKey: key), "integer": defaults.integer(forKey: key),
        "double": defaults.double(forKey: key),
    ]
    if let object = defaults.object(forKey: key) { answer["object"] = object }
    answers[key] = answer
}
let data = (try? JSONSerialization.data(withJSONObject: answers, options: [.sortedKeys])) ?? Data("{}".utf8)
FileHandle.standardOutput.write(data)
