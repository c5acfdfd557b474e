/// The lengths of a collection's shown elements along its scroll axis, for a layout with
/// per-item lengths to read on every reflow: capture this object (not the collection) in the
/// layout's closure, so a 100,000-item reflow is array reads, not calls into the collection.
/// A run of generated items stores one period of lengths (see ``SectionLengths``).
///
/// To an app it is a handle: a drag-and-drop collection makes it and hands it to its layout
/// (``GridLayout/ItemLength/table(_:)``); what it holds is the engine's.
public final class ItemLengths {
    /// Each section's lengths.
    var sections: [SectionLengths] = []
    /// Each section's lengths, listed one by one: O(n).
    var values: [[Double]] { sections.map(Array.init) }
    /// The items' size across the scroll axis the lengths were measured for (a list's column
    /// width), when its owner measures items for a width (see `DragDropCollection.measureItem`).
    var crossLength: Double?
    /// Measures again for a new cross length; set by the owner, called by the layout's `prepare`.
    /// Returns false when the owner could not measure yet (its view has no size): the lengths
    /// stay as they were and the next `prepare` asks again.
    var measure: ((Double) -> Bool)?

    init() {}

    /// Called by a layout in `prepare` with its items' cross size: the owner measures its items
    /// again when that size changed, before the layout reads a length. O(1) when it did not.
    func prepare(crossLength: Double) {
        guard let measure, crossLength != self.crossLength else { return }
        let before = self.crossLength
        self.crossLength = crossLength
        if !measure(crossLength) { self.crossLength = before }
    }

    /// The length of the element at `ip`; `fallback` past the end.
    func length(at ip: ItemPath, fallback: Double = 60) -> Double {
        guard ip.section < sections.count, ip.item < sections[ip.section].count else { return fallback }
        return sections[ip.section][ip.item]
    }
}
