/// The words the accessibility tree speaks itself when an app gives none: the name of an item
/// without a label. An app replaces the table to use its own words or to translate them.
public struct AccessibilityStrings: Sendable {
    /// An item the data source gives no label: "Item 3" (one-based).
    public var unnamedItem: @Sendable (_ position: Int) -> String = { TextDomain.fill(TextDomain.collectionKit("Item %@"), "\($0)") }

    public init() {}
}
