import Foundation
import TestSupport
import Testing

/// `flagscope explain` on the demo workspace (docs/blueprints.md#features, docs/commands.md), as a QA engineer runs it.
@Suite("explain on the demo workspace")
struct ExplainCommandTests {
    /// The demo README's table: feature → (name, availability, next steps).
    static let demo: [(key: String, name: String, availability: String, steps: [String])] = [
        ("player", "Podcast player", "available", []),
        ("player/dynamic_speed", "Dynamic speed", "unavailable", ["purchase"]),
        ("player/sound_enhancement", "Sound enhancement", "unavailable", ["turnOn"]),
        ("player/background_audio", "Background audio", "available", []),
        ("player/sleep_timer", "Sleep timer", "unavailable", ["turnOn"]),
        ("downloads", "Podcast downloading", "available", []),
        ("downloads/turbo_downloads", "Turbo downloads", "unavailable", ["enableRuntime"]),
        ("podcast_favourites", "Podcast favourites", "available", []),
        ("podcast_favourites/smart_playlists", "Smart playlists", "unavailable", ["purchase", "requestPermission"]),
        ("podcast_favourites/offline_favourites", "Offline favourites", "unknown", ["unknownContext"]),
        ("podcast_favourites/cloud_sync", "Favourites sync", "unavailable", ["upgradeOS"]),
        ("sharing", "Share with friends", "unknown", ["requestPermission"]),
        ("nearby_podcasts", "Nearby podcasts", "unavailable", ["restricted"]),
        ("nearby_podcasts/local_events", "Live events calendar", "unavailable", ["enableParent"]),
        ("cover_art_studio", "Cover art studio", "unavailable", ["openSettings"]),
        ("qr_scanner", "Podcast QR codes", "available", []),
        ("tv_top_shelf", "Top Shelf", "unavailable", ["unsupportedPlatform"]),
    ]

    static let symbols = ["available": "✓", "unavailable": "✗", "unknown": "?"]

    static var demoConfig: String { Repository.demoWorkspaceFile.path }

    @Test(
        "explain prints the verdict, a constraint table, and numbered next steps when not available",
        arguments: demo.map(\.key))
    func explainText(key: String) throws {
        let expected = try #require(Self.demo.first { $0.key == key })
        let output = try CLIRunner.run(["explain", key, "--config", Self.demoConfig])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let verdict = "\(Self.symbols[expected.availability]!) \(expected.name) (\(key)) is \(expected.availability)"
        #expect(lines.first == verdict)
        if key == "podcast_favourites" {
            #expect(output.stdout.contains("no constraints of its own"))
        } else {
            let header = try #require(
                lines.first { $0.contains("CONSTRAINT") }, "no constraint table:\n\(output.stdout)")
            for column in ["NAME", "STATUS", "DETAIL", "KEY"] { #expect(header.contains(column)) }
        }
        if key.contains("/") {
            #expect(lines.contains { $0.hasPrefix("  parent: ") }, "no parent line:\n\(output.stdout)")
        }
        let stepLines = lines.filter { $0.range(of: #"^  \d+\. "#, options: .regularExpression) != nil }
        if expected.availability == "available" {
            #expect(!output.stdout.contains("Next steps"))
            #expect(stepLines.isEmpty)
        } else {
            #expect(lines.contains("Next steps:"))
            #expect(stepLines.count == expected.steps.count, "\(output.stdout)")
            for (index, (line, action)) in zip(stepLines, expected.steps).enumerated() {
                #expect(line.hasPrefix("  \(index + 1). \(action): "), "\(line)")
            }
            #expect(lines.filter { $0.hasPrefix("     keys: ") }.count == expected.steps.count, "\(output.stdout)")
        }
    }

    @Test("Each constraint row says its status in words, not only with a symbol")
    func statusesInWords() throws {
        let output = try CLIRunner.run(["explain", "podcast_favourites/smart_playlists", "--config", Self.demoConfig])
        let rows = output.stdout.split(separator: "\n").map(String.init)
        let permission = try #require(rows.first { $0.contains("location_when_in_use") && $0.contains("permission") })
        #expect(permission.contains("notDetermined"))
        #expect(permission.contains("context/permissions/location_when_in_use"))
        let purchase = try #require(rows.first { $0.hasPrefix("  purchase") })
        #expect(purchase.contains("notSatisfied"))
        #expect(purchase.contains("context/purchases/SUB0001"))
        #expect(output.stdout.contains("parent: ✓ Podcast favourites (podcast_favourites) is available"))
    }

    static let constraintKinds: Set<String> = ["permission", "purchase", "platform", "userToggled", "runtimeEnabled"]
    static let statuses: Set<String> = ["satisfied", "notSatisfied", "notDetermined", "notActive"]
    static let actions: Set<String> = [
        "restricted", "purchase", "openSettings", "requestPermission", "enableParent", "turnOn",
        "enableRuntime", "unsupportedPlatform", "upgradeOS", "unknownContext",
    ]

    @Test("explain --json has the docs/commands.md shape for every demo feature", arguments: demo.map(\.key))
    func explainJSONShape(key: String) throws {
        let expected = try #require(Self.demo.first { $0.key == key })
        let output = try CLIRunner.run(["explain", key, "--json", "--config", Self.demoConfig])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try ConfiguredDemoCopy.object(output.stdout)
        #expect(json["feature"] as? String == key)
        #expect(json["name"] as? String == expected.name)
        #expect(json["availability"] as? String == expected.availability)
        if let slash = key.lastIndex(of: "/") {
            let parent = try #require(json["parent"] as? [String: Any], "no parent object")
            #expect(parent["feature"] as? String == String(key[..<slash]))
            #expect(["available", "unavailable", "unknown"].contains(parent["availability"] as? String ?? ""))
        } else {
            #expect(json["parent"] == nil || json["parent"] is NSNull)
        }
        let constraints = try #require(
            json["constraints"] as? [[String: Any]], "constraints is not an array of objects")
        for constraint in constraints {
            #expect(Self.constraintKinds.contains(constraint["kind"] as? String ?? ""), "\(constraint)")
            #expect(!(constraint["name"] as? String ?? "").isEmpty, "\(constraint)")
            #expect(Self.statuses.contains(constraint["status"] as? String ?? ""), "\(constraint)")
            #expect(constraint["detail"] is String, "\(constraint)")
            #expect((constraint["key"] as? String)?.isEmpty == false, "\(constraint)")
        }
        let steps = try #require(json["nextSteps"] as? [[String: Any]], "nextSteps is not an array of objects")
        #expect(steps.compactMap { $0["action"] as? String } == expected.steps)
        for step in steps {
            #expect(Self.actions.contains(step["action"] as? String ?? ""))
            let keys = try #require(step["keys"] as? [String], "keys is not an array of strings: \(step)")
            #expect(!keys.isEmpty)
            #expect(!(step["message"] as? String ?? "").isEmpty)
        }
    }

    @Test("explain --json for smart playlists matches the documented example field for field")
    func explainJSONExample() throws {
        let output = try CLIRunner.run([
            "explain", "podcast_favourites/smart_playlists", "--json", "--config", Self.demoConfig,
        ])
        let json = try ConfiguredDemoCopy.object(output.stdout)
        #expect(
            Set(json.keys).isSuperset(of: ["feature", "name", "availability", "parent", "constraints", "nextSteps"]))
        #expect(json["feature"] as? String == "podcast_favourites/smart_playlists")
        #expect(json["name"] as? String == "Smart playlists")
        #expect(json["availability"] as? String == "unavailable")
        let parent = try #require(json["parent"] as? [String: Any])
        #expect(parent["feature"] as? String == "podcast_favourites")
        #expect(parent["availability"] as? String == "available")
        let constraints = try #require(json["constraints"] as? [[String: Any]])
        #expect(constraints.count == 2)
        #expect(constraints[0]["kind"] as? String == "permission")
        #expect(constraints[0]["name"] as? String == "location_when_in_use")
        #expect(constraints[0]["status"] as? String == "notDetermined")
        #expect(constraints[0]["detail"] as? String == "notDetermined")
        #expect(constraints[0]["key"] as? String == "context/permissions/location_when_in_use")
        #expect(constraints[1]["kind"] as? String == "purchase")
        #expect(constraints[1]["name"] as? String == "premium")
        #expect(constraints[1]["status"] as? String == "notSatisfied")
        #expect(constraints[1]["key"] as? String == "context/purchases/SUB0001")
        let steps = try #require(json["nextSteps"] as? [[String: Any]])
        #expect(steps.count == 2)
        #expect(steps[0]["action"] as? String == "purchase")
        #expect(steps[0]["keys"] as? [String] == ["context/purchases/SUB0001"])
        #expect((steps[0]["message"] as? String)?.contains("Premium subscription") == true)
        #expect(steps[1]["action"] as? String == "requestPermission")
        #expect(steps[1]["keys"] as? [String] == ["context/permissions/location_when_in_use"])
    }

    @Test("An unknown feature exits 1 with \"did you mean\", in text and JSON mode", arguments: [[], ["--json"]])
    func unknownFeature(extra: [String]) throws {
        let output = try CLIRunner.run(
            ["explain", "podcast_favourites/smrat_playlists"] + extra + ["--config", Self.demoConfig])
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("unknown feature 'podcast_favourites/smrat_playlists'"), "\(output.stderr)")
        #expect(output.stderr.contains("did you mean 'podcast_favourites/smart_playlists'?"), "\(output.stderr)")
    }

    @Test("A flag key is not a feature: explain says so and exits 1")
    func flagIsNotAFeature() throws {
        let output = try CLIRunner.run(["explain", "lab/sson", "--config", Self.demoConfig])
        #expect(output.status == 1)
        #expect(output.stderr.contains("unknown feature 'lab/sson'"))
    }

    @Test("explain without a feature is bad usage: exit 64")
    func missingArgument() throws {
        let output = try CLIRunner.run(["explain", "--config", Self.demoConfig])
        #expect(output.status == 64, "\(output.stderr)")
    }

    @Test("list --json carries every feature with the availability explain gives")
    func listJSONAvailability() throws {
        let output = try CLIRunner.run(["list", "--json", "--config", Self.demoConfig])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try ConfiguredDemoCopy.object(output.stdout)
        let features = try #require(json["features"] as? [[String: Any]])
        var byKey: [String: [String: Any]] = [:]
        for feature in features { byKey[feature["key"] as? String ?? ""] = feature }
        #expect(Set(byKey.keys) == Set(Self.demo.map(\.key)))
        for expected in Self.demo {
            #expect(byKey[expected.key]?["availability"] as? String == expected.availability, "\(expected.key)")
            #expect(byKey[expected.key]?["name"] as? String == expected.name, "\(expected.key)")
        }
    }

    // MARK: What-if edits with `flagscope set`

    @Test("Buying Premium with `set context/purchases/SUB0001 purchased` removes the purchase step")
    func buyPremium() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        try demo.set("context/purchases/SUB0001", "purchased")
        let smart = try demo.explainJSON("podcast_favourites/smart_playlists")
        #expect(
            (smart["nextSteps"] as? [[String: Any]])?.compactMap { $0["action"] as? String } == ["requestPermission"])
        #expect(smart["availability"] as? String == "unknown")
        #expect(try demo.explainJSON("player/dynamic_speed")["availability"] as? String == "available")
        // Granting location then makes smart playlists available.
        try demo.set("context/permissions/location_when_in_use", "authorized")
        let granted = try demo.explainJSON("podcast_favourites/smart_playlists")
        #expect(granted["availability"] as? String == "available")
        #expect((granted["nextSteps"] as? [Any])?.isEmpty == true)
        // The edit went to the writable provider only.
        let local = try String(
            contentsOf: demo.config.deletingLastPathComponent().appendingPathComponent(".flagscope/local.json"),
            encoding: .utf8)
        #expect(local.contains("\"context/purchases/SUB0001\": \"purchased\""))
    }

    @Test("Marking the offline pack notPurchased turns unknown into unavailable with a purchase step")
    func offlinePackNotPurchased() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        try demo.set("context/purchases/PACK0001", "notPurchased")
        let offline = try demo.explainJSON("podcast_favourites/offline_favourites")
        #expect(offline["availability"] as? String == "unavailable")
        let steps = try #require(offline["nextSteps"] as? [[String: Any]])
        #expect(steps.compactMap { $0["action"] as? String } == ["purchase"])
        #expect(
            Set(steps.first?["keys"] as? [String] ?? []) == ["context/purchases/SUB0001", "context/purchases/PACK0001"])
    }

    /// The value QA sets to fix a key of a next step in the demo.
    static func fixingValue(_ key: String) -> String {
        if key.hasPrefix("context/permissions/") { return "authorized" }
        if key.hasPrefix("context/purchases/") { return "purchased" }
        if key == "context/platform" { return "tvOS" }
        if key == "context/os_version" { return "99" }
        return "true"
    }

    @Test(
        "Setting every key a feature's next steps list makes it available",
        arguments: demo.filter { $0.availability != "available" }.map(\.key))
    func settingStepKeysMakesAvailable(key: String) throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        let before = try demo.explainJSON(key)
        let steps = try #require(before["nextSteps"] as? [[String: Any]])
        for step in steps {
            for stepKey in step["keys"] as? [String] ?? [] {
                try demo.set(stepKey, Self.fixingValue(stepKey))
            }
        }
        let after = try demo.explainJSON(key)
        #expect(
            after["availability"] as? String == "available",
            "after setting \(steps.flatMap { $0["keys"] as? [String] ?? [] }): \(after["nextSteps"] ?? [])")
        #expect((after["nextSteps"] as? [Any])?.isEmpty == true)
        let text = try demo.run(["explain", key])
        #expect(text.stdout.hasPrefix("✓ "))
        #expect(!text.stdout.contains("Next steps"))
    }

    @Test("explain on a Flint conditional feature: its constraints and next steps, editable like YAML ones")
    func swiftFeature() throws {
        let folder = try SwiftAppWorkspace.folder()
        defer { folder.remove() }
        var output = try CLIRunner.run(["explain", "smart_playlists"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Smart playlists (smart_playlists) is"), "\(output.stdout)")
        for key in [
            "context/permissions/location_when_in_use", "context/purchases/SUB0001", "smart_playlists/user_toggled",
        ] {
            #expect(output.stdout.contains(key), "\(key) in \(output.stdout)")
        }
        for (key, value) in [
            ("context/permissions/location_when_in_use", "authorized"), ("context/purchases/SUB0001", "purchased"),
            ("context/platform", "iOS"), ("context/os_version", "17.4"),
        ] {
            let set = try CLIRunner.run(["set", key, value], in: folder.url)
            #expect(set.status == 0, "\(set.stderr)")
        }
        output = try CLIRunner.run(["explain", "smart_playlists"], in: folder.url)
        #expect(output.stdout.hasPrefix("✓ Smart playlists (smart_playlists) is available"), "\(output.stdout)")
        // Swift sources are never written; edits go to the writable provider.
        #expect(try folder.read("Sources/App/AppFlags.swift") == SwiftAppWorkspace.flags)
    }
}
