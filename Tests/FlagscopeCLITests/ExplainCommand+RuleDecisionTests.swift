import Foundation
import TestSupport
import Testing

/// `explain` follows a switch down to the rule that decided it, and says what to run.
@Suite("explain: the rule behind a switch, and commands to try")
struct ExplainCommandRuleDecisionTests {
    @Test(
        "explain turbo_downloads shows the Unleash strategy that turned its switch off, what to set, and a command that makes it available"
    )
    func ruleBehindTheSwitch() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        let output = try demo.run(["explain", "turbo_downloads"])
        #expect(output.status == 0, "\(output.stderr)")
        let text = output.stdout
        #expect(text.contains("internal/turbo_downloads is decided by the rules of Toggles:"), "\(text)")
        #expect(text.contains("    userWithId userIds qa-ana, qa-bo → false"), "\(text)")
        #expect(text.contains("      reads context/userId (unset)"), "\(text)")
        #expect(text.contains("  to change it: set context/userId to qa-ana or qa-bo"), "\(text)")
        #expect(
            text.contains(
                "1. enableRuntime: The runtime switch internal/turbo_downloads is off for this device: the rules of Toggles decide it; set context/userId to qa-ana or qa-bo."
            ), "\(text)")
        let tryLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("     try:  ") })
        #expect(tryLine == "     try:  flagscope set context/userId qa-ana --config \(demo.config.path)")

        // The command runs as printed, and the feature is available after it.
        let words = tryLine.dropFirst("     try:  flagscope ".count).split(separator: " ").map(String.init)
        let set = try CLIRunner.run(words, in: demo.folder.url)
        #expect(set.status == 0, "\(set.stderr)")
        let after = try demo.run(["explain", "turbo_downloads"])
        #expect(after.stdout.hasPrefix("✓ Turbo downloads (downloads/turbo_downloads) is available"), "\(after.stdout)")
    }

    @Test("explain --json carries the deciding layer as get --json writes it, what to set, and the command")
    func ruleBehindTheSwitchInJSON() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        let object = try demo.explainJSON("downloads/turbo_downloads")
        let constraint = try #require((object["constraints"] as? [[String: Any]])?.first)
        let decided = try #require(constraint["decidedBy"] as? [String: Any])
        #expect(decided["provider"] as? String == "Toggles")
        #expect(decided["value"] as? Bool == false)
        let rules = try #require(decided["rules"] as? [String: Any])
        let step = try #require((rules["steps"] as? [[String: Any]])?.first)
        #expect(step["rule"] as? String == "userWithId userIds qa-ana, qa-bo")
        #expect((step["reads"] as? [String: Any])?["context/userId"] is NSNull)
        let set = try #require(constraint["set"] as? [[String: Any]])
        #expect(set.count == 1)
        #expect(set.first?["key"] as? String == "context/userId")
        #expect(set.first?["values"] as? [String] == ["qa-ana", "qa-bo"])
        let next = try #require((object["nextSteps"] as? [[String: Any]])?.first)
        #expect(next["keys"] as? [String] == ["context/userId", "internal/turbo_downloads"])
        #expect(next["command"] as? String == "flagscope set context/userId qa-ana --config \(demo.config.path)")
    }

    @Test("Next steps name the real key and give a command: purchase, permission, OS version, user toggle")
    func commandsForEachStep() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        let config = " --config \(demo.config.path)"
        let playlists = try demo.run(["explain", "smart_playlists"]).stdout
        #expect(playlists.contains("simulate by setting context/purchases/SUB0001 to purchased."), "\(playlists)")
        #expect(!playlists.contains("<productID>"))
        #expect(playlists.contains("     try:  flagscope set context/purchases/SUB0001 purchased" + config))
        #expect(
            playlists.contains("     try:  flagscope set context/permissions/location_when_in_use authorized" + config))
        #expect(playlists.contains("? notDetermined  not asked yet"), "the state is not said twice: \(playlists)")
        let sync = try demo.run(["explain", "cloud_sync"]).stdout
        let upgrade = try #require(sync.split(separator: "\n").first { $0.hasPrefix("     try:  ") })
        #expect(upgrade.hasPrefix("     try:  flagscope set context/os_version "), "\(sync)")
        let timer = try demo.run(["explain", "sleep_timer"]).stdout
        #expect(timer.contains("     try:  flagscope set player/sleep_timer/user_toggled true" + config), "\(timer)")
    }
}
