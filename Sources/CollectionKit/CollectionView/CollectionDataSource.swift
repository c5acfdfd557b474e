/// Answers the collection view's questions about the data. Updates go to the data source first,
/// then to the view (`performBatchUpdates`).
///
/// Only the item count, identifiers and cells are required; sections default to one, supplementary
/// elements draw nothing and items cannot move.
public protocol CollectionDataSource: AnyObject {
    /// The number of sections. The default is 1.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// The number of items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The counts of all sections at once, for sections whose counts follow a rule (a calendar's
    /// months): the view keeps them as given instead of asking `numberOfSections` and
    /// `numberOfItemsInSection` for every section and keeping an array. They must agree with those
    /// two. The default is nil: the view asks section by section.
    func sectionCounts(in collectionView: CollectionView) -> SectionCounts?
    /// A stable identifier for the item: it follows the item through moves.
    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: ItemPath) -> AnyHashable
    /// Dequeue a cell (`dequeueReusableCell`) and configure it for the item.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionCell
    /// Draws a supplementary element (a header) into `frame`.
    func collectionView(_ collectionView: CollectionView, drawSupplementary kind: String, at indexPath: ItemPath,
                        in frame: Rect, into list: inout DrawList)
    /// Whether the item at a data index path may be moved interactively. Items that cannot move also
    /// keep their places while others move around them. The default is false.
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: ItemPath) -> Bool
    /// The data source moves its item; called once when an interactive move ends. Items that cannot
    /// move keep their indices and the others shift around them (`Array.moveKeepingAnchors`).
    func collectionView(_ collectionView: CollectionView, moveItemAt source: ItemPath, to destination: ItemPath)
}

extension CollectionDataSource {
    /// One section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    /// None: the view asks section by section.
    public func sectionCounts(in collectionView: CollectionView) -> SectionCounts? { nil }
    /// Draws nothing.
    public func collectionView(_ collectionView: CollectionView, drawSupplementary kind: String, at indexPath: ItemPath,
                               in frame: Rect, into list: inout DrawList) {}
    /// No item can move.
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: ItemPath) -> Bool { false }
    /// Does nothing; implement it together with `canMoveItemAt`.
    public func collectionView(_ collectionView: CollectionView, moveItemAt source: ItemPath, to destination: ItemPath) {}
}
