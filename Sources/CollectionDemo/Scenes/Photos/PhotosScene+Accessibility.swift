import CollectionKit
import Foundation

extension PhotosScene {
    public var dragDropManager: DragDropCoordinator? { manager }

    /// The wall of pictures (each item read alone with its place, "IMG_0042.jpg, 43 of 120"), the
    /// drag's status line as a live region, and the picture's menu while it is open.
    public func accessibilityNodes() -> [AccessibleNode] {
        // Reading order: the header's sort switch, the wall, then what shows over it (a toast, the
        // viewer as a dialog).
        var nodes = sortRow.accessibilityNodes()
            + [collection.accessibilityNode(name: tr("Photos")), AccessibleNode(role: .liveRegion, name: manager.statusLine ?? "")]
            + toast.accessibilityNodes() + viewer.accessibilityNodes()
        if let open = menu.menu {
            let entries = open.actions.enumerated().map { i, action in
                var states: AccessibleStates = action.isEnabled ? [.focusable] : [.disabled]
                if open.highlighted == i { states.insert(.focused) }
                return AccessibleNode(role: .menuItem, name: action.title, states: states, index: i, frame: open.rowFrame(i))
            }
            nodes.append(AccessibleNode(role: .menu, name: tr("Photos"), frame: open.frame, children: entries))
        }
        return nodes
    }

    /// The picture's path: the wall's identifier for the item.
    func path(at ip: ItemPath) -> String? {
        guard ip.item >= 0, order.indices.contains(groups.position(ip)) else { return nil }
        return file(at: groups.position(ip))
    }

    /// When the file was last changed and its size ("Nov 27, 2026 at 10:04, 2.1 MB"), read from
    /// the file when asked (one item at a time); nil for a file that cannot be read.
    func fileDetails(at ip: ItemPath) -> String? {
        guard let path = path(at: ip), let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        var parts: [String] = []
        if let date = attributes[.modificationDate] as? Date { parts.append(PhotosScene.dateFormatter.string(from: date)) }
        if let size = (attributes[.size] as? NSNumber)?.int64Value {
            parts.append(ByteCountFormatter.string(fromByteCount: size, countStyle: .file))
        }
        return parts.isEmpty ? nil : parts.joined(separator: tr(", "))
    }

    private static let dateFormatter: DateFormatter = {
        let f = DateFormatter()
        f.dateStyle = .medium
        f.timeStyle = .short
        return f
    }()
}
