/// A question awaiting y/n, with the write it would make.
package struct Confirmation: Sendable, Equatable {
    /// The question.
    package var title: String
    /// What will happen, line by line.
    package var lines: [String]
    /// The write on yes.
    package var request: WriteRequest
}
