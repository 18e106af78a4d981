import FlagCore

/// A choice list: enum values, bools, permission and purchase states.
package struct Picker: Sendable, Equatable {
    /// The key being edited.
    package var key: String
    /// The values offered.
    package var options: [FlagValue]
    /// The highlighted option.
    package var selected: Int
    /// The letters typed to jump to an option (empty after a move).
    package var typed: String = ""
    /// Whether a last row, "other…", opens the line editor for a value not among the options
    /// (a rule attribute's suggestions are what its rules compare it with, not all it may hold).
    package var offersOther = false
    /// What choosing does: write the key's value, or simulate a device.
    package var purpose: Purpose = .value

    /// What a picker is for.
    package enum Purpose: Sendable, Equatable {
        /// A value for ``key``, written to the writable provider.
        case value
        /// A device profile to simulate (`p`); the first option is no device.
        case device
        /// A device profile to compare with (`c`); the first option is none.
        case comparison
        /// An export format (`E`).
        case export
        /// A reference in the app's code to open (`R`); ``Picker/places`` has where each is.
        case references
    }

    /// For ``Purpose/references``: each option's file and position.
    package var places: [SourceReference] = []

    /// The device picker's first option.
    package static let noDevice = "none"

    /// The rows shown: the options, and "other…" when offered.
    package var rowCount: Int { options.count + (offersOther ? 1 : 0) }
    /// Whether the highlighted row is "other…".
    package var isOtherSelected: Bool { offersOther && selected == options.count }
}
