/// Where an item is in a collection taking part in drag and drop: the collection's name and the
/// item's position in its data (not in what the view shows mid-drag).
public struct ItemLocation: Hashable, CustomStringConvertible {
    public var collection: String
    public var indexPath: ItemPath
    public init(collection: String, indexPath: ItemPath) {
        self.collection = collection; self.indexPath = indexPath
    }
    public var description: String { "\(collection)[\(indexPath.section), \(indexPath.item)]" }
}

/// One committed change of the data of the collections a `DragDropManager` coordinates: a drop,
/// a delete into a drop zone, an undo or a redo. The manager sends it once, after every
/// collection involved holds its new data, through ``DragDropCoordinator/onChange``; a cancelled or
/// refused drag sends nothing. It plays the part of UIKit's `performDrop` or of applying a
/// diffable snapshot: the app saves or syncs from it instead of comparing its model with every
/// collection after each event.
///
/// Positions are data positions: `from` in the data before the change, `to` in the data after.
///
/// ```swift
/// manager.onChange = { change in
///     for edit in change.edits {
///         switch edit {
///         case let .moved(id, from, to): print("\(id) \(from) -> \(to)")
///         case let .inserted(id, at): print("new \(id) at \(at)")
///         case let .removed(id, from): print("\(id) left \(from) for \(change.zone ?? "nowhere")")
///         }
///     }
///     try? save(board)
/// }
/// ```
public struct DragDropChange: Equatable {
    /// What made the change.
    public enum Cause: String, Equatable, Sendable {
        /// A drag was released over a target that took it (or a keyboard drag was dropped).
        case drop
        /// An earlier change was taken back.
        case undo
        /// An undone change was made again.
        case redo
        /// The app changed the data itself through the manager: an item added, renamed or
        /// deleted by a command rather than a drag (see `DragDropManager.insert(_:into:at:summary:)`).
        case edit
    }

    /// What happened to one item.
    public enum Edit: Equatable {
        /// The item went from one place to another (within a collection or between two).
        case moved(id: AnyHashable, from: ItemLocation, to: ItemLocation)
        /// The item appeared: a copy from a copying source, or an item back from a drop zone
        /// (an undone delete; ``DragDropChange/zone`` names the zone).
        case inserted(id: AnyHashable, at: ItemLocation)
        /// The item left every collection: dropped on a zone (``DragDropChange/zone`` names it), or
        /// an undone copy.
        case removed(id: AnyHashable, from: ItemLocation)
        /// The item stayed where it is and its content changed (a rename).
        case changed(id: AnyHashable, at: ItemLocation)

        /// The item the edit is about.
        public var id: AnyHashable {
            switch self {
            case let .moved(id, _, _), let .inserted(id, _), let .removed(id, _), let .changed(id, _): return id
            }
        }
    }

    public var cause: Cause
    /// The items the user moved, copied, deleted or swapped out, in drag order. Items that only
    /// shifted to make room are not listed; their new positions are in the collections' data.
    public var edits: [Edit]
    /// The drop zone that received the removed items or gave the inserted ones back; nil when
    /// no zone took part.
    public var zone: String?
    /// The names of the collections whose data changed, sorted.
    public var collections: [String]

    public init(cause: Cause, edits: [Edit], zone: String?, collections: [String]) {
        self.cause = cause; self.edits = edits; self.zone = zone; self.collections = collections
    }

    /// The change described by the data of the touched collections before and after it, for the
    /// items `ids`. O(total items) per identifier.
    static func between(before: [String: [ItemList]], after: [String: [ItemList]], ids: [AnyHashable],
                        cause: Cause, zone: String?) -> DragDropChange {
        func locate(_ id: AnyHashable, in data: [String: [ItemList]]) -> ItemLocation? {
            for name in data.keys.sorted() {
                for (s, section) in data[name]!.enumerated() {
                    if let i = section.firstIndex(of: id) { return ItemLocation(collection: name, indexPath: ItemPath(item: i, section: s)) }
                }
            }
            return nil
        }
        var edits: [Edit] = []
        for id in ids {
            switch (locate(id, in: before), locate(id, in: after)) {
            case let (from?, to?): if from != to { edits.append(.moved(id: id, from: from, to: to)) }
            case let (from?, nil): edits.append(.removed(id: id, from: from))
            case let (nil, to?): edits.append(.inserted(id: id, at: to))
            case (nil, nil): break
            }
        }
        let changed = after.keys.filter { before[$0] != after[$0] }.sorted()
        return DragDropChange(cause: cause, edits: edits, zone: zone, collections: changed)
    }
}
