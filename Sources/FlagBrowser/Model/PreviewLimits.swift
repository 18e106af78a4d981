/// How much of a value or text the browser lays out: a huge value costs what the screen shows,
/// not what the file holds.
package enum PreviewLimits {
    /// Values shown in a tree row are cut to this many characters before layout.
    package static let row = 500
    /// Values in the detail pane are cut to this many characters (about ten lines).
    package static let detail = 600
}
