/// A position in a sectioned collection: what UIKit calls an index path.
///
/// It has a name of its own so that a file importing both Foundation and CollectionKit can write
/// `ItemPath` unqualified (Foundation's `IndexPath` is a different type). Item paths order by
/// section, then item, which is also the order cells are configured in and the tie-break for
/// elements with the same z-index.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section, counting from 0.
    public var section: Int
    /// The item within its section, counting from 0.
    public var item: Int
    /// Creates an index path; the section defaults to 0 for single-section collections.
    public init(item: Int, section: Int = 0) { self.item = item; self.section = section }
    /// Orders by section, then by item.
    public static func < (a: ItemPath, b: ItemPath) -> Bool { (a.section, a.item) < (b.section, b.item) }
    /// Reads as `[section, item]`.
    public var description: String { "[\(section), \(item)]" }
}
