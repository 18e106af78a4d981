import Foundation
import TestSupport
import Testing

@testable import FlagCore

// The machinery of MutationTests: an in-memory workspace of every file kind, the mutator that
// edits it, the crash breadcrumb and the checks each mutant must pass.

// MARK: - Deterministic randomness

/// The mutants' generator: the shared SplitMix64, the same sequence on every platform and run.
typealias MutationRandom = SplitMix64

// MARK: - An in-memory workspace

/// A read-only file system over a dictionary of files (absolute path → bytes): loading a
/// mutant costs no disk I/O, and nothing can be written by accident.
struct MutationFileSystem: FileSystem {
    let files: [String: [UInt8]]

    struct Refused: Error, CustomStringConvertible {
        var description: String { "the mutation file system is read-only" }
    }

    func contents(of url: URL) throws -> [UInt8] {
        guard let bytes = files[url.standardizedFileURL.path] else { throw CocoaError(.fileReadNoSuchFile) }
        return bytes
    }

    func fileExists(at url: URL) -> Bool { files[url.standardizedFileURL.path] != nil }

    func glob(_ pattern: String, in folder: URL) -> [String] {
        let base = folder.standardizedFileURL.path + "/"
        return files.keys.compactMap { path -> String? in
            guard path.hasPrefix(base) else { return nil }
            let relative = String(path.dropFirst(base.count))
            return fnmatch(pattern, relative, FNM_PATHNAME) == 0 ? relative : nil
        }.sorted()
    }

    func resolvingSymlinks(_ url: URL) -> URL { url }

    func status(of url: URL) -> FileStatus? {
        guard let bytes = files[url.standardizedFileURL.path] else { return nil }
        return FileStatus(inode: 1, size: Int64(bytes.count), modified: 0, permissions: 0o644)
    }

    func createDirectory(_ url: URL) throws { throw Refused() }
    func lock(_ url: URL, timeout: Double) throws -> FileLock { FileLock.none() }
    func writeTemporary(_ bytes: [UInt8], beside url: URL, permissions: UInt32) throws -> URL { throw Refused() }
    func replace(_ target: URL, with temporary: URL) throws { throw Refused() }
    func removeFile(_ url: URL) {}
}

/// The file kinds a workspace reads, each with a realistic valid seed (modelled on the demo).
enum MutationKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case workspace, yamlBlueprint, jsonBlueprint, jsonProvider, firebase, flagd, unleash, plist, binaryPlist

    var testDescription: String { rawValue }

    /// Where the file lives in the seed workspace.
    var path: String {
        switch self {
        case .workspace: "flagscope.yml"
        case .yamlBlueprint: "blueprints/experiments.yml"
        case .jsonBlueprint: "blueprints/catalog.json"
        case .jsonProvider: ".flagscope/local.json"
        case .firebase: "remote/remote-config.json"
        case .flagd: "remote/flags.flagd.json"
        case .unleash: "remote/unleash.json"
        case .plist, .binaryPlist: "prefs/flags.plist"
        }
    }

    /// The valid file every mutant of this kind starts from.
    var seedBytes: [UInt8] {
        guard self == .binaryPlist else { return Array(MutationSeeds.files[path]!.utf8) }
        return MutationSeeds.binaryPlist
    }
}

/// A valid workspace using every file kind and every provider format.
enum MutationSeeds {
    static let folder = URL(fileURLWithPath: "/flagscope-mutation/workspace")
    static let environment = [
        "FLAGSCOPE_LAB__COMPACT_ROWS": "yes", "FLAGSCOPE_STORE__CHARTS_REGION": "de", "HOME": "/nowhere",
    ]

    static let files: [String: String] = [
        "flagscope.yml": """
        # Mutation seed workspace: one provider of every format.
        blueprints:
          - blueprints/experiments.yml
          - blueprints/*.json
        providers:                       # highest priority first
          - name: Remote
            format: firebase
            path: remote/remote-config.json
          - name: Rollout
            format: unleash
            path: remote/unleash.json
          - name: Flagd
            format: flagd
            path: remote/flags.flagd.json
          - name: Local
            format: json
            path: .flagscope/local.json
            writable: true
          - name: Prefs
            format: plist
            path: prefs/flags.plist
          - name: Environment
            format: env
            prefix: FLAGSCOPE_

        """,
        "blueprints/experiments.yml": """
        # Experiments in the style of a RealFlags collection.
        name: User Experiments
        description: Product experiments and unfinished work, gated per build
        keyPrefix: lab

        flags:
          allowsSSON:
            key: sson
            type: bool
            default: false
            description: Offer sign-in through the listener's company single-sign-on
            tags: [auth]
            owner: identity-team
          rememberLogin:
            type: bool
            default: false
            computed: "lab/sson && context/locale == 'it'"
            description: Stay signed in; only for SSO users in the Italian store
          showEuConsent:
            type: bool
            default: true
            computed: "key(\\"context/region\\") == 'EU' && !lab/sson"
            description: Show the consent sheet to EU listeners
          onboardingVariant:
            type: enum
            values: [control, carousel, video]
            default: control
            description: Onboarding flow shown to new listeners (A/B test)
            tags: [growth, ab-test]
            owner: growth-team
            expires: 2027-03-31
          legacyPlayerUI:
            type: bool
            default: true
            description: Keep the old player screen
            expires: 2025-06-30
          launchDate:
            type: date
            default: 2026-12-01
            description: Day the winter banner starts showing
          compactRows:
            type: bool
            default: false
            description: Denser episode rows

        collections:
          search:
            description: Search and discovery
            flags:
              resultsPerPage:
                type: int
                default: 20
                min: 5
                max: 100
                description: Search results loaded per page
              fuzzyMatchThreshold:
                type: double
                default: 0.75
                min: 0.0
                max: 1.0
                description: Minimum similarity for a fuzzy title match
              rankingModel:
                key: ranking
                type: enum
                values: [popularity, recency, personalised]
                default: popularity
                description: How results are ordered
          secrets:
            description: Risky switches
            flags:
              boomFeature: { type: bool, default: false, description: "Risky feature!" }
              forcePaywall:
                type: bool
                default: false
                description: Always show the paywall
                excludedProviders: [Remote]
                requiresRestart: true
            collections:
              deepLab:
                key: deep
                description: Engineers only
                flags:
                  apiEnvironment:
                    type: enum
                    values: [production, staging, sandbox]
                    default: production
                    description: Backend the app talks to
                    locked: true
                  crashOnLaunch:
                    type: bool
                    default: false
                    description: Crash right after launch
                    hidden: true
          appearance:
            skip: true
            description: Visual tweaks
            flags:
              accentColor:
                type: string
                default: "#FF6A00"
                pattern: "#[0-9A-Fa-f]{6}"
                description: "Tint colour, written #RRGGBB"
          paywall:
            description: Paywall copy and trial
            flags:
              config:
                type: json
                default:
                  headline: Listen without limits
                  highlights: [dynamic_speed, smart_playlists]
                  showAnnualFirst: true
                description: Layout and copy of the paywall screen
              termsURL:
                type: url
                default: https://podcasts.example.com/legal/terms
                description: Terms of service

        products:
          premium: { name: Premium subscription, productID: SUB0001, description: Monthly plan }
          supporter: { name: Generous supporter, productID: SUP0001 }

        features:
          player:
            name: Podcast player
            description: Plays episodes
            constraints:
              platforms: { iOS: 13, macOS: "10.15.4", tvOS: any, watchOS: 7 }
            features:
              dynamicSpeed:
                description: Dynamic speed
                constraints:
                  purchase: premium
                  userToggled: { default: true }
              soundEnhancement:
                description: Sound enhancement
                constraints:
                  purchase: { anyOf: [premium, supporter] }
                  runtimeEnabled: { flag: lab/compact_rows }
          podcastFavourites:
            description: Podcast favourites
            features:
              smartPlaylists:
                description: Smart playlists
                constraints:
                  permissions: [{ location: whenInUse }, motion]
                  purchase: { allOf: [supporter, { anyOf: [premium] }] }
                  platforms: { iOSOnly: "16.4" }

        """,
        "blueprints/catalog.json": """
        {
          "name": "Store & Catalog",
          "description": "Browse tab, charts and storefront",
          "keyPrefix": "store",
          "flags": {
            "storefrontURL": {
              "type": "url",
              "default": "https://podcasts.example.com/store",
              "description": "Web storefront opened by the Browse tab",
              "owner": "catalog-team"
            },
            "showCharts": { "type": "bool", "default": true, "description": "Show the Top Charts shelf" },
            "chartsRegion": {
              "type": "enum",
              "values": ["global", "us", "gb", "it", "de"],
              "default": "global",
              "description": "Country whose charts are shown",
              "tags": ["localisation"]
            }
          },
          "collections": {
            "catalog": {
              "description": "Directory content and promotions",
              "flags": {
                "featuredShowsCount": { "type": "int", "default": 12, "min": 1, "max": 48, "description": "Shows in the carousel" },
                "artworkQuality": { "type": "double", "default": 0.8, "min": 0.1, "max": 1.0, "description": "JPEG quality" },
                "promoBannerText": { "type": "string", "default": "", "description": "Banner text", "expires": "2026-01-31" },
                "layout": { "type": "json", "default": { "rows": 2, "dense": false }, "description": "Shelf layout" }
              }
            }
          },
          "features": {
            "charts": {
              "name": "Top charts",
              "description": "Charts on the Browse tab",
              "constraints": {
                "runtimeEnabled": { "flag": "store/show_charts" },
                "platforms": { "iOS": "15", "watchOS": "unsupported" }
              }
            }
          }
        }

        """,
        ".flagscope/local.json": """
        {
          "lab/search/results_per_page": 40,
          "lab/secrets/boom_feature": true,
          "lab/onboarding_variant": "fullscreen",
          "context/platform": "iOS",
          "context/os_version": "16.4",
          "context/locale": "it",
          "context/permissions/location_when_in_use": "denied",
          "context/purchases/SUB0001": "notPurchased",
          "store/catalog/layout": { "rows": 3, "dense": true },
          "store/catalog/featured_shows_count": 24,
          "lab/paywall/config": { "headline": "Hi", "highlights": [] },
          "player/dynamic_speed/user_toggled": false,
          "no/such/key": 1
        }

        """,
        "remote/remote-config.json": """
        {
          "conditions": [
            { "name": "italian_store", "expression": "device.country in ['it']", "tagColor": "GREEN" }
          ],
          "parameters": {
            "lab/sson": { "defaultValue": { "value": "true" }, "description": "SSO rollout", "valueType": "BOOLEAN" },
            "lab/onboarding_variant": {
              "defaultValue": { "value": "carousel" },
              "conditionalValues": { "italian_store": { "value": "video" } },
              "valueType": "STRING"
            },
            "lab/launch_date": { "defaultValue": { "useInAppDefault": true }, "valueType": "STRING" },
            "lab/paywall/config": {
              "defaultValue": { "value": "{\\"headline\\":\\"Your shows\\",\\"showAnnualFirst\\":false}" },
              "valueType": "JSON"
            },
            "store/show_charts": { "defaultValue": { "value": "false" }, "valueType": "BOOLEAN" }
          },
          "parameterGroups": {
            "Search tuning": {
              "description": "Owned by the discovery team",
              "parameters": {
                "lab/search/results_per_page": { "defaultValue": { "value": "25" }, "valueType": "NUMBER" },
                "lab/search/fuzzy_match_threshold": { "defaultValue": { "value": "0.8" }, "valueType": "NUMBER" }
              }
            }
          },
          "version": { "versionNumber": "42", "updateTime": "2026-11-18T09:12:44.120Z" }
        }

        """,
        "remote/flags.flagd.json": """
        {
          "$schema": "https://flagd.dev/schema/v0/flags.json",
          "flags": {
            "lab/compact_rows": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "on" },
            "lab/search/ranking": {
              "state": "ENABLED",
              "variants": { "pop": "popularity", "new": "recency" },
              "defaultVariant": "new",
              "targeting": { "if": [ { "in": ["@example.com", { "var": "email" }] }, "pop", null ] }
            },
            "store/charts_region": { "state": "DISABLED", "variants": { "it": "it" }, "defaultVariant": "it" },
            "store/catalog/artwork_quality": { "state": "ENABLED", "variants": { "low": 0.5, "high": 0.9 }, "defaultVariant": "high" }
          }
        }

        """,
        "remote/unleash.json": """
        {
          "version": 2,
          "features": [
            {
              "name": "lab/secrets/force_paywall",
              "type": "release",
              "enabled": true,
              "strategies": [{ "name": "flexibleRollout", "parameters": { "rollout": "50" } }],
              "variants": []
            },
            {
              "name": "lab/appearance/accent_color",
              "enabled": true,
              "strategies": [{ "name": "default", "parameters": {} }],
              "variants": [
                { "name": "green", "weight": 1000, "payload": { "type": "string", "value": "#1DB954" } }
              ]
            },
            { "name": "store/show_charts", "enabled": false, "strategies": [], "variants": [] }
          ]
        }

        """,
        "prefs/flags.plist": """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>lab</key>
            <dict>
                <key>legacy_player_ui</key>
                <false/>
                <key>launch_date</key>
                <date>2026-11-01T00:00:00Z</date>
                <key>search</key>
                <dict>
                    <key>fuzzy_match_threshold</key>
                    <real>0.6</real>
                </dict>
            </dict>
            <key>store</key>
            <dict>
                <key>storefront_url</key>
                <string>https://podcasts.example.com/it</string>
                <key>catalog</key>
                <dict>
                    <key>promo_banner_text</key>
                    <string>Autumn picks &amp; more</string>
                </dict>
            </dict>
        </dict>
        </plist>

        """,
    ]

    /// The plist seed in Apple's binary format (`bplist00`), which the plist reader also accepts.
    static let binaryPlist: [UInt8] = {
        let tree = try! PropertyListSerialization.propertyList(
            from: Data(files["prefs/flags.plist"]!.utf8), options: [], format: nil)
        return Array(try! PropertyListSerialization.data(fromPropertyList: tree, format: .binary, options: 0))
    }()

    /// The seed workspace with `path` replaced by `bytes`, keyed by absolute path.
    static func workspace(replacing path: String? = nil, with bytes: [UInt8] = []) -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for (name, text) in files {
            result[folder.appendingPathComponent(name).standardizedFileURL.path] =
                name == path ? bytes : Array(text.utf8)
        }
        return result
    }
}

// MARK: - Mutations

/// Builds mutants: a few seeded edits of a valid file, each described so it can be replayed.
struct Mutator {
    var random: MutationRandom
    var steps: [String] = []
    /// Which kinds of mutation were applied (0…15), for the coverage test.
    var usedKinds: Set<Int> = []

    init(seed: UInt64) { random = MutationRandom(seed: seed) }

    static let invalidUTF8: [(String, [UInt8])] = [
        ("lone continuation 0x80", [0x80]),
        ("overlong 0xC0 0xAF", [0xC0, 0xAF]),
        ("0xFF", [0xFF]),
        ("0xFE 0xFF", [0xFE, 0xFF]),
        ("truncated 3-byte 0xE2 0x82", [0xE2, 0x82]),
        ("truncated 4-byte 0xF0 0x9F 0x98", [0xF0, 0x9F, 0x98]),
        ("surrogate 0xED 0xA0 0x80", [0xED, 0xA0, 0x80]),
        ("beyond U+10FFFF 0xF4 0x90 0x80 0x80", [0xF4, 0x90, 0x80, 0x80]),
        ("raw C1 byte 0x9B", [0x9B]),
    ]

    static let hostile: [(String, String)] = [
        ("CSI clear", "\u{1B}[2J"),
        ("OSC 52", "\u{1B}]52;c;ZXZpbA==\u{07}"),
        ("BEL", "\u{07}"),
        ("C1 CSI U+009B", "\u{9B}31m"),
        ("bidi override U+202E", "\u{202E}"),
        ("DEL", "\u{7F}"),
        ("backspaces", "\u{08}\u{08}\u{08}"),
        ("tab", "\t"),
    ]

    static let yamlSnippets: [String] = [
        "x: &a [1, *a]\n",
        "flags: *undefined_anchor\n",
        "<<: *a\n",
        "y: &a\n  z: *a\n",
        "? *a\n: 1\n",
        "k: &a &b v\n",
        "b: !!binary AAAA\n",
        "t: !flag\n",
        "a1: &a { x: 1 }\na2: *a\na3: *a\n",
        "l: &l [a, b]\nm: [*l, *l, *l, *l]\n",
        "--- \n",
        "...\n",
        "%YAML 1.1\n---\n",
        "merge: { <<: *nope }\n",
    ]

    static let tokens: [String] = [
        "1e999", "-0", "99999999999999999999", "-99999999999999999999", ".nan", ".inf", "~", "null", "true",
        "\"\"", "[]", "{}", "0x1F", "1_000", "2020-02-30", "\"\\ud800\"", "\"\\u0000\"", "\"\\u001b[2J\"",
        "'", "\"", "&a", "*a", "!!str", "|", ">-", "#", "- ", "? ", ": ", "<dict>", "</dict>", "<key>", "<![CDATA[",
        "&lol;", "&#0;", "&#x1B;",
    ]

    mutating func offset(in bytes: [UInt8]) -> Int { random.below(bytes.count + 1) }

    mutating func mutate(_ original: [UInt8]) -> [UInt8] {
        var bytes = original
        let count = 1 + random.below(3)
        var deepNestingUsed = false
        for _ in 0..<count {
            var choice = random.below(16)
            if choice == 15, deepNestingUsed { choice = random.below(15) }
            let stepsBefore = steps.count
            defer { if steps.count > stepsBefore { usedKinds.insert(choice) } }
            switch choice {
            case 0:
                let at = offset(in: bytes)
                steps.append("truncate at byte \(at) of \(bytes.count)")
                bytes.removeSubrange(at...)
            case 1:
                let at = offset(in: bytes)
                let inserted = (0..<(1 + random.below(16))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                steps.append(
                    "insert bytes [\(inserted.map { String(format: "%02X", $0) }.joined(separator: " "))] at \(at)")
                bytes.insert(contentsOf: inserted, at: at)
            case 2:
                let (name, sequence) = random.pick(Self.invalidUTF8)
                let at = offset(in: bytes)
                steps.append("insert invalid UTF-8 (\(name)) at \(at)")
                bytes.insert(contentsOf: sequence, at: at)
            case 3:
                guard !bytes.isEmpty else { continue }
                let start = random.below(bytes.count)
                let length = 1 + random.below(min(300, bytes.count - start))
                let at = offset(in: bytes)
                steps.append("duplicate bytes \(start)..<\(start + length) at \(at)")
                bytes.insert(contentsOf: Array(bytes[start..<(start + length)]), at: at)
            case 4:
                guard !bytes.isEmpty else { continue }
                let start = random.below(bytes.count)
                let length = 1 + random.below(min(200, bytes.count - start))
                steps.append("delete bytes \(start)..<\(start + length)")
                bytes.removeSubrange(start..<(start + length))
            case 5:
                let set = Array("[]{}()\"'<>:,".utf8)
                let positions = bytes.indices.filter { set.contains(bytes[$0]) }
                guard !positions.isEmpty else { continue }
                var swaps: [String] = []
                for _ in 0..<(1 + random.below(4)) {
                    let position = random.pick(positions)
                    let replacement = random.pick(set)
                    swaps.append(
                        "\(position):\(Character(Unicode.Scalar(bytes[position])))→\(Character(Unicode.Scalar(replacement)))"
                    )
                    bytes[position] = replacement
                }
                steps.append("swap brackets/quotes \(swaps.joined(separator: " "))")
            case 6:
                let snippet = random.pick(Self.yamlSnippets)
                let at = lineStart(in: bytes)
                steps.append("insert YAML \(snippet.debugDescription) at line start \(at)")
                bytes.insert(contentsOf: Array(snippet.utf8), at: at)
            case 7:
                // An anchor after one `: ` and an alias (or an alias to nothing) after another.
                let separators = bytes.indices.filter {
                    $0 + 1 < bytes.count && bytes[$0] == UInt8(ascii: ":") && bytes[$0 + 1] == 0x20
                }
                guard separators.count >= 2 else { continue }
                let first = random.pick(separators)
                let second = random.pick(separators)
                let alias = random.pick(["*m", "*m", "*nothing"])
                let (early, late) = (min(first, second), max(first, second))
                steps.append("anchor &m after byte \(early + 1), alias \(alias) after byte \(late + 1)")
                bytes.insert(contentsOf: Array((alias + " ").utf8), at: late + 2)
                bytes.insert(contentsOf: Array("&m ".utf8), at: early + 2)
            case 8:
                let at = offset(in: bytes)
                let nuls = 1 + random.below(3)
                steps.append("insert \(nuls) NUL at \(at)")
                bytes.insert(contentsOf: Array(repeating: 0, count: nuls), at: at)
            case 9:
                let style = random.below(3)
                switch style {
                case 0:
                    steps.append("line endings → CRLF")
                    bytes = replacingNewlines(bytes, with: [0x0D, 0x0A])
                case 1:
                    steps.append("line endings → CR")
                    bytes = replacingNewlines(bytes, with: [0x0D])
                default:
                    let newlines = bytes.indices.filter { bytes[$0] == 0x0A }
                    guard !newlines.isEmpty else { continue }
                    let position = random.pick(newlines)
                    steps.append("one LF at \(position) → CR")
                    bytes[position] = 0x0D
                }
            case 10:
                let at = random.below(4) == 0 ? 0 : offset(in: bytes)
                steps.append("insert BOM at \(at)")
                bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: at)
            case 11:
                let (name, text) = random.pick(Self.hostile)
                let at = offset(in: bytes)
                steps.append("insert \(name) at \(at)")
                bytes.insert(contentsOf: Array(text.utf8), at: at)
            case 12:
                // Replace a word (letters, digits, dots) with an awkward token.
                let words = wordRanges(in: bytes)
                guard !words.isEmpty else { continue }
                let range = random.pick(words)
                let token = random.pick(Self.tokens)
                steps.append("replace word at \(range.lowerBound)..<\(range.upperBound) with \(token.debugDescription)")
                bytes.replaceSubrange(range, with: Array(token.utf8))
            case 13:
                // Cut just after an opening quote or bracket: unterminated constructs.
                let openers = bytes.indices.filter { "\"'[{<".utf8.contains(bytes[$0]) }
                guard !openers.isEmpty else { continue }
                let at = random.pick(openers) + 1
                steps.append("truncate just after opener at \(at)")
                bytes.removeSubrange(at...)
            case 14:
                // A long line: a string of 64 KiB inside the file.
                let at = offset(in: bytes)
                steps.append("insert 65536 × 'x' at \(at)")
                bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "x"), count: 65_536), at: at)
            default:
                deepNestingUsed = true
                let patterns: [(String, String, Int)] = [
                    ("[", "[", 100_000), ("{\"a\":", "{\"a\":", 20_000), ("{a: ", "{a: ", 20_000),
                    ("- ", "- ", 20_000), ("? ", "? ", 20_000), ("<array>", "<array>", 10_000),
                    ("<dict><key>k</key>", "<dict><key>k</key>", 5_000),
                ]
                let (name, unit, times) = random.pick(patterns)
                let at = random.below(2) == 0 ? afterSeparator(in: bytes) : offset(in: bytes)
                steps.append("insert \(times) × \(name.debugDescription) at \(at)")
                var block: [UInt8] = []
                block.reserveCapacity(unit.utf8.count * times)
                for _ in 0..<times { block.append(contentsOf: unit.utf8) }
                bytes.insert(contentsOf: block, at: at)
            }
        }
        return bytes
    }

    mutating func lineStart(in bytes: [UInt8]) -> Int {
        let starts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        return random.pick(starts)
    }

    /// Right after a `: ` or a `,` (where a value starts), else anywhere.
    mutating func afterSeparator(in bytes: [UInt8]) -> Int {
        let positions = bytes.indices.filter { bytes[$0] == UInt8(ascii: ":") || bytes[$0] == UInt8(ascii: ",") }.map {
            $0 + 1
        }
        return positions.isEmpty ? offset(in: bytes) : random.pick(positions)
    }

    func replacingNewlines(_ bytes: [UInt8], with ending: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 20)
        for byte in bytes {
            if byte == 0x0A { result.append(contentsOf: ending) } else { result.append(byte) }
        }
        return result
    }

    func wordRanges(in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        for index in 0...bytes.count {
            let isWord =
                index < bytes.count
                && (bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "_")
                    || (bytes[index] >= 0x30 && bytes[index] <= 0x39)
                    || ((bytes[index] | 0x20) >= 0x61 && (bytes[index] | 0x20) <= 0x7A))
            if isWord, start == nil { start = index }
            if !isWord, let first = start {
                ranges.append(first..<index)
                start = nil
            }
        }
        return ranges
    }
}

// MARK: - The crash breadcrumb

/// When a mutant crashes the process, a signal handler prints which mutants were running
/// (async-signal-safe: `write(2)` of preformatted C buffers), then lets the previous handler run.
enum MutationCrashReport {
    static let slotCount = 16
    static let slotSize = 1024
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<CChar> = {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
        pointer.initialize(repeating: 0, count: slotCount * slotSize)
        return pointer
    }()
    nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        pointer.initialize(repeating: sigaction(), count: 65)
        return pointer
    }()
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    static let installed: Bool = {
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { number, _, _ in
                var running = false
                for slot in 0..<MutationCrashReport.slotCount
                where (MutationCrashReport.slots + slot * MutationCrashReport.slotSize).pointee != 0 {
                    running = true
                }
                if running {
                    let header: StaticString = "\n*** flagscope mutation test: the process crashed while running:\n"
                    _ = write(2, header.utf8Start, header.utf8CodeUnitCount)
                }
                for slot in 0..<MutationCrashReport.slotCount {
                    let text = MutationCrashReport.slots + slot * MutationCrashReport.slotSize
                    let length = strlen(text)
                    if length > 0 {
                        _ = write(2, text, length)
                        _ = write(2, "\n", 1)
                    }
                }
                // Hand over to the handler that was there before (the runtime's backtracer or the default):
                // returning re-executes the faulting instruction, or abort() re-raises.
                if number >= 0, number < 65 { sigaction(number, MutationCrashReport.previous + Int(number), nil) }
            }
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, previous + Int(signal))
        }
        return true
    }()

    /// Gives the current thread a stack to run the handler on when the crash is a stack overflow.
    static func prepareThread() {
        _ = installed
        let size = 1 << 16
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        stack.ss_size = size
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
    }

    /// Records what `slot` is running now (empty: nothing).
    static func set(_ slot: Int, _ text: String) {
        let target = slots + (slot % slotCount) * slotSize
        var bytes = Array(text.utf8.prefix(slotSize - 1)).map { CChar(bitPattern: $0) }
        bytes.append(0)
        bytes.withUnsafeBufferPointer { target.update(from: $0.baseAddress!, count: $0.count) }
    }
}

// MARK: - Checking one mutant

enum MutationCheck {
    /// Lines as an editor counts them: LF, CRLF and lone CR each end a line.
    static func lineCount(_ bytes: [UInt8]) -> Int {
        var lines = 1
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                lines += 1
            } else if bytes[index] == 0x0D {
                lines += 1
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            }
            index += 1
        }
        return lines
    }

    /// The raw control characters in text meant for a terminal (line feeds separate lines and are allowed).
    static func rawControls(_ text: String) -> [String] {
        var found: [String] = []
        for scalar in text.unicodeScalars where scalar != "\n" && TerminalText.needsEscape(scalar) {
            found.append("U+" + String(format: "%04X", scalar.value))
            if found.count >= 5 { break }
        }
        return found
    }

    /// Loads `files`, runs every report, and returns the problems found (empty: the mutant is handled).
    static func problems(in files: [String: [UInt8]]) -> [String] {
        var problems: [String] = []
        let fileSystem = MutationFileSystem(files: files)
        let workspace = Workspace.load(
            from: MutationSeeds.folder.appendingPathComponent("flagscope.yml"),
            fileSystem: fileSystem, environment: MutationSeeds.environment)
        let byDisplayPath = Dictionary(
            uniqueKeysWithValues: files.map {
                (WorkspacePath.displayPath(of: URL(fileURLWithPath: $0.key), in: MutationSeeds.folder), $0.value)
            })

        for diagnostic in workspace.diagnostics {
            if diagnostic.message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("empty message: \(diagnostic.headline)")
            }
            if diagnostic.file.isEmpty { problems.append("no file: \(diagnostic.headline)") }
            if let location = diagnostic.location {
                if location.line < 1 || location.column < 1 {
                    problems.append("location below 1:1: \(diagnostic.headline)")
                }
                if let bytes = byDisplayPath[diagnostic.file], location.line > lineCount(bytes) {
                    problems.append(
                        "line \(location.line) is past the end of \(diagnostic.file) (\(lineCount(bytes)) lines): \(diagnostic.headline)"
                    )
                }
            }
        }

        func checkText(_ label: String, _ text: String) {
            let raw = rawControls(text)
            if !raw.isEmpty { problems.append("\(label) prints raw control characters \(raw.joined(separator: " "))") }
        }
        func checkJSON(_ label: String, _ value: JSONValue) {
            let text = value.serialized(pretty: true, sortedKeys: false)
            if (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) == nil {
                problems.append("\(label) JSON does not parse: \(text.prefix(300))")
            }
        }

        let rendered = workspace.diagnosticRenderer.render(all: workspace.diagnostics)
        checkText("rendered diagnostics", rendered)
        let validate = ValidateReport(workspace: workspace)
        checkText("validate", validate.text)
        checkJSON("validate --json", validate.json)

        let resolver = Resolver(workspace: workspace)
        let resolutions = resolver.resolveAll()
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        for key in workspace.flags.keys {
            guard let resolution = resolver.resolve(key) else {
                problems.append("declared key \(key.debugDescription) does not resolve")
                continue
            }
            let report = GetReport(resolution: resolution, now: now)
            checkText("get \(key.debugDescription)", report.text)
            _ = report.json.serialized(pretty: true, sortedKeys: false)
        }
        let evaluator = FeatureEvaluator(workspace: workspace, resolutions: resolutions)
        let explanations = evaluator.explainAll()
        let list = ListReport(
            resolutions: resolutions, features: Array(explanations.values), unknownKeys: workspace.unknownKeys,
            filter: .init(writableProvider: workspace.config.writableProvider?.name), now: now)
        checkText("list", list.text)
        checkJSON("list --json", list.json)
        for key in workspace.features.keys {
            guard let explanation = evaluator.explain(key) else {
                problems.append("feature \(key.debugDescription) cannot be explained")
                continue
            }
            let report = ExplainReport(explanation: explanation)
            checkText("explain \(key.debugDescription)", report.text)
            checkJSON("explain --json \(key.debugDescription)", report.json)
        }
        return problems
    }
}
