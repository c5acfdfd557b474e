/// Typed views of identifiers the engine holds as `AnyHashable` (a view's hidden items, the drag
/// machinery's selection and zones): the app reads its own identifier type back, once, here,
/// instead of down-casting each element itself.
extension Sequence where Element == AnyHashable {
    /// The elements that are `ID`s, as `ID`s, in order; elements of another type are left out.
    /// O(n).
    ///
    /// ```swift
    /// let hidden: [Int] = view.hiddenIdentifiers.identifiers(as: Int.self).sorted()
    /// ```
    public func identifiers<ID: Hashable>(as _: ID.Type) -> [ID] { compactMap { $0 as? ID } }
}
