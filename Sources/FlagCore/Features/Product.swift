/// Something a user can buy that unlocks features (SPEC §4).
public struct Product: Sendable, Hashable {
    /// The entry name that purchase constraints use (`premium`).
    public var id: String
    /// The display name.
    public var name: String
    /// The store identifier; the context key is `context/purchases/<productID>`.
    public var productID: String
    /// What it is.
    public var description: String?
    /// Where it is declared.
    public var origin: SourceReference

    /// The stack key that holds this product's purchase state.
    public var contextKey: String { ContextKeys.purchase(productID) }
}
