/// Something a user can buy that unlocks features (docs/blueprints.md#features).
package struct Product: Sendable, Hashable {
    /// The entry name that purchase constraints use (`premium`).
    package var id: String
    /// The display name.
    package var name: String
    /// The store identifier; the context key is `context/purchases/<productID>`.
    package var productID: String
    /// What it is.
    package var description: String?
    /// Where it is declared.
    package var origin: SourceReference

    /// The stack key that holds this product's purchase state.
    package var contextKey: String { ContextKeys.purchase(productID) }
}

/// The state of a purchase on the simulated device.
package enum PurchaseState: String, Sendable, Hashable, CaseIterable {
    case purchased, notPurchased, unknown
}
