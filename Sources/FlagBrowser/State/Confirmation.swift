/// A question awaiting y/n, with the write it would make.
package struct Confirmation: Sendable, Equatable {
    /// The question.
    package var title: String
    /// What will happen, line by line.
    package var lines: [String]
    /// The write on yes.
    package var request: WriteRequest
    /// What yes does, as the footer says it.
    package var yes = "yes, remove them"
    /// What no does, as the footer says it.
    package var no = "keep them"
    /// The status line after no.
    package var declined = "nothing was reset"
    /// The box's last line: what each answer does.
    package var answers = "y removes them (u undoes it), n keeps them"
    /// Whether the lines are items (keys that will go), each on one line with a dash, or prose,
    /// wrapped to the box.
    package var listsItems = true
}
