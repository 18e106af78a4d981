/// A question awaiting y/n, with the write it would make.
public struct Confirmation: Sendable, Equatable {
    /// The question.
    public var title: String
    /// What will happen, line by line.
    public var lines: [String]
    /// The write on yes.
    public var request: WriteRequest
}
