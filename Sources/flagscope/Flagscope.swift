import ArgumentParser
import FlagCore
import Foundation

/// The `flagscope` command: browse and edit feature flags across a layered provider stack.
@main
struct Flagscope: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flagscope",
        abstract: "Browse feature flags, see which provider layer set each value, and explain unavailable features.",
        discussion: "Run inside a folder with a flagscope.yml (or below one), or pass --config PATH.",
        version: "0.1.0",
        subcommands: [Demo.self, Init.self, Validate.self, List.self, Get.self, Set.self, Reset.self, Explain.self]
    )
}
