import Foundation
import TestSupport
import Testing

/// An attribute that nothing reads changes nothing: said as a warning with the attribute meant,
/// never silently (docs/context.md, "attributes nobody reads").
@Suite("--context attributes that nothing reads")
struct ContextOptionsUnreadTests {
    @Test(
        "get --context contry=it warns 'did you mean country?', still answers and exits 0; userid suggests userId",
        arguments: [("contry=it", "contry", "country"), ("userid=qa-ana", "userid", "userId")])
    func typoOnTheCommandLine(argument: String, typed: String, meant: String) throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.folder.remove() }
        let output = try demo.run(["get", "storage/download_over_cellular", "--context", argument])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("value    false   from Rollouts"), "\(output.stdout)")
        #expect(
            output.stderr.contains(
                "warning: --context '\(argument)': nothing reads context/\(typed); did you mean '\(meant)'?"),
            "\(output.stderr)")
    }

    @Test("An attribute that is read gets no warning, nor does a field of an object a rule reads")
    func readAttributesAreQuiet() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.folder.remove() }
        let output = try demo.run([
            "get", "storage/download_over_cellular", "--context", "country=it", "--context", "userId=qa-ana",
            "--context", "permissions/camera=denied",
        ])
        #expect(output.status == 0 && output.stderr.isEmpty, "\(output.stderr)")
        #expect(output.stdout.contains("value    true   from Rollouts"))
    }

    @Test(
        "In a browser started with --context country=it, editing country says this run's --context sets it and the edit applies without it"
    )
    func editingAGivenAttribute() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.folder.remove() }
        let output = try demo.run([
            "snapshot", "--size", "200x40", "--context", "country=it", "--keys",
            "/context/country<Enter>e<Down><Enter>",
        ])
        let status = output.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            status.hasPrefix(
                "⚠ --context still wins with it: this run's --context sets it; the edit applies once the browser is started without it · saved"
            ), "\(status)")
        #expect(!status.contains("edit --context"))
    }

    @Test("A context file's unread attribute is a warning at its line and column, with the line and a caret")
    func typoInAContextFile() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.folder.remove() }
        try demo.folder.write("device.json", "{\n  \"country\": \"it\",\n  \"contry\": \"it\"\n}\n")
        let output = try demo.run(["list", "--context-file", "device.json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stderr.contains("device.json:3:3: warning: nothing reads context/contry; did you mean 'country'?"),
            "\(output.stderr)")
        #expect(output.stderr.contains("\"contry\": \"it\"") && output.stderr.contains("^"), "\(output.stderr)")
    }

    @Test("Without a close name the warning lists the attributes that are read")
    func noCloseName() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.folder.remove() }
        let output = try demo.run(["list", "--context", "favourite_colour=blue"])
        #expect(output.status == 0)
        #expect(
            output.stderr.contains(
                "nothing reads context/favourite_colour; the attributes read are app_version, country"),
            "\(output.stderr)")
    }

    @Test("The browser says it on its first status line (snapshot draws it), since its screen covers standard error")
    func browserStatusLine() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.folder.remove() }
        let output = try demo.run(["snapshot", "--size", "100x24", "--context", "contry=it"])
        #expect(output.status == 0 && output.stderr.isEmpty, "\(output.stderr)")
        let status = output.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            status.hasPrefix("⚠ --context contry=it: nothing reads context/contry; did you mean 'country'?"),
            "\(status)")
    }
}
