extension DetailText {
    /// A blueprint's collection: its name and description, its key path, its file and how many
    /// flags it holds.
    static func collectionLines(
        name: String, description: String?, keyPath: String, file: String, flags: Int, _ out: inout Builder
    ) {
        out.text(name, .header)
        if let description { out.text(description) }
        out.blank()
        out.field("key path", keyPath.isEmpty ? "(root: no prefix)" : keyPath + "/…")
        out.field("file", file)
        out.field("contains", "\(flags) flag\(flags == 1 ? "" : "s")")
    }

    /// A section heading: its title and summary, and for the sections that need it, what its rows
    /// are and what the keys do there.
    static func sectionLines(_ section: TreeSection, summary: String, _ out: inout Builder) {
        out.text(section.title, .header)
        out.text(summary, .muted)
        if let help = sectionHelp(section) {
            out.blank()
            out.text(help, .normal)
        }
    }

    /// What the rows of `section` are and what the keys do there; `nil` for the sections whose
    /// rows say it themselves.
    static func sectionHelp(_ section: TreeSection) -> String? {
        switch section {
        case .context:
            "The simulated device is ordinary context/* keys: any provider can set them, and your edits here go to the writable file, so you can try what-ifs and reset them."
        case .devices:
            "Device profiles are files the team shares. Enter simulates one (again: none), p picks one from anywhere, c compares one with the simulated device, S saves the simulated device as a new one."
        case .live:
            "Each device that asks the server is listed here, named by its targetingKey (else by a hash of its context). Enter shows what it gets and why, its context as a Live layer on top; a keeps it as a device profile."
        case .problems:
            "What `flagscope validate` reports, errors first. Fix a file and save it: the browser reloads it within a second (r reloads now), and a fixed problem leaves this list."
        case .features, .unknown:
            nil
        }
    }
}
