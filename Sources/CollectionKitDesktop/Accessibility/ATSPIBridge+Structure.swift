import CollectionKit

/// What the window shows, as far as a screen reader must hear it change: which scene each of the
/// window's places holds (a node's identity), the selected page tab, and the popup menu with its
/// highlighted entry. Read from the listed nodes only; no collection's items are made.
struct ATSPIShape: Equatable {
    var places: [Int?]
    var tabs: ATSPIObjectPath?
    var selectedTab: Int?
    var menu: ATSPIObjectPath?
    var highlighted: Int?
    /// The listed node that has the focus (a button, a dialog's button), not a collection's
    /// item, a text field or a menu entry (those have events of their own).
    var focusedNode: ATSPIObjectPath?
    /// The notification shown (a toast) and what it says (an alert, such as the demo's notices, is read by its role).
    var notification: ATSPIObjectPath?
    var notificationText: String?
    /// The dialog open (the shortcuts window, a modal sheet).
    var dialog: ATSPIObjectPath?
    /// The collections that are one of several in their place (a calendar's month: a node with an
    /// identity), by path, with their names.
    var pages: [ATSPIObjectPath: String]

    init(_ tree: ATSPITree) {
        places = tree.window.children.map(\.identity)
        tabs = tree.path { $0.role == .pageTabList }
        selectedTab = tabs.flatMap { tree.resolve($0)?.node.children.firstIndex { $0.states.contains(.selected) } }
        menu = tree.path { $0.role == .menu }
        highlighted = menu.flatMap { tree.resolve($0)?.node.children.firstIndex { $0.states.contains(.focused) } }
        focusedNode = tree.path { $0.states.contains(.focused) && $0.items == nil && $0.textField == nil && $0.role != .menuItem && $0.role != .window }
        notification = tree.path { $0.role == .notification }
        // Its words, then what it offers (a toast's Undo), as a sighted user reads them.
        notificationText = notification.flatMap { tree.resolve($0)?.node }.map { node in
            [node.name, node.description].filter { !$0.isEmpty }.joined(separator: ". ")
        }
        dialog = tree.path { $0.role == .dialog }
        var pages: [ATSPIObjectPath: String] = [:]
        func walk(_ node: AccessibleNode, _ path: ATSPIObjectPath) {
            if node.items != nil { if node.identity != nil { pages[path] = node.name }; return }
            for (i, c) in node.children.enumerated() { walk(c, path.child(i, identity: c.identity)) }
        }
        walk(tree.window, ATSPIObjectPath.root.child(0, identity: tree.window.identity))
        self.pages = pages
    }
}

/// Events for changes of structure the engine's collections do not report: a page switch
/// (`selection-changed` on the tab list, `children-changed` on the frame, and a focus event on
/// what has the focus in the new page, since the object a reader followed is gone) and a popup
/// menu (its appearing, each entry highlighted as a focus event, its closing and the focus going
/// back).
extension ATSPIBridge {
    func sendStructure(_ tree: ATSPITree) {
        let now = ATSPIShape(tree)
        defer { shape = now }
        guard let before = shape, before != now else { return }
        if before.tabs == now.tabs, let tabs = now.tabs, before.selectedTab != now.selectedTab {
            emit(tabs, "object:selection-changed", signal: "SelectionChanged", detail: "", 0, .int32(0))
            if let old = before.selectedTab { stateChanged(tabs.child(old), "selected", on: false) }
            if let new = now.selectedTab { stateChanged(tabs.child(new), "selected", on: true) }
        }
        let window = ATSPIObjectPath.root.child(0, identity: tree.window.identity)
        var replaced = false
        if before.places != now.places {
            for i in 0..<max(before.places.count, now.places.count) {
                let old = before.places.indices.contains(i) ? before.places[i] : nil
                let new = now.places.indices.contains(i) ? now.places[i] : nil
                guard old != new else { continue }
                if i < before.places.count {
                    emit(window, "object:children-changed:remove", signal: "ChildrenChanged", detail: "remove", Int32(i),
                         .variant(reference(window.child(i, identity: old))))
                }
                if i < now.places.count {
                    emit(window, "object:children-changed:add", signal: "ChildrenChanged", detail: "add", Int32(i),
                         .variant(reference(window.child(i, identity: new))))
                    replaced = true
                }
            }
        }
        if now.menu != before.menu, let menu = before.menu, let parent = menu.parent, let index = menu.indices.last {
            emit(parent, "object:children-changed:remove", signal: "ChildrenChanged", detail: "remove", Int32(index), .variant(reference(menu)))
        }
        if now.menu != before.menu, let menu = now.menu, let parent = menu.parent, let index = menu.indices.last {
            emit(parent, "object:children-changed:add", signal: "ChildrenChanged", detail: "add", Int32(index), .variant(reference(menu)))
            stateChanged(menu, "showing", on: true)
            emit(menu, "object:state-changed:visible", signal: "StateChanged", detail: "visible", 1, .int32(0))
        }
        // A collection that takes another's place (a calendar's next month) is announced by its
        // name: the focus may stay where it was (a day of the month before), so nothing else is read.
        for (path, name) in now.pages where before.pages[path] == nil && !name.isEmpty
            && before.pages.keys.contains(where: { $0.indices == path.indices }) {
            emit(ATSPIObjectPath.root.child(0), "object:announcement", signal: "Announcement", detail: "", 1, .string(name))
            describeFocus(name)
            announced = true
        }
        // A notification that appears (or says something new) is read out, politely.
        if let text = now.notificationText, !text.isEmpty, now.notification != before.notification || text != before.notificationText {
            emit(ATSPIObjectPath.root.child(0), "object:announcement", signal: "Announcement", detail: "", 1, .string(text))
            // Orca 43 reads no announcements: it hears the focused item's description change.
            describeFocus(text)
            announced = true
        }
        if let menu = now.menu, let item = now.highlighted, now.menu != before.menu || now.highlighted != before.highlighted {
            focus(menu.child(item))
        } else if let node = now.focusedNode, node != before.focusedNode || replaced {
            // A button took the focus (Tab, a dialog opening): a screen reader follows it.
            focus(node)
        } else if let dialog = now.dialog, dialog != before.dialog {
            // A dialog opened with none of its controls focused takes the focus itself: a screen
            // reader reads its name and what it says as it enters.
            focus(dialog)
        } else if replaced || (before.menu != nil && now.menu == nil) || (before.focusedNode != nil && now.focusedNode == nil)
                    || (before.dialog != nil && now.dialog == nil) {
            focusCurrent(tree)
        }
    }

    /// `property-change:accessible-name` when what has the focus is renamed (a card given a new
    /// title): a screen reader reads the new name of its point of focus. One node made a frame.
    func sendFocusedName(_ tree: ATSPITree) {
        guard let path = lastFocus, let node = tree.resolve(path)?.node else { lastFocusName = nil; return }
        defer { lastFocusName = node.name }
        guard let before = lastFocusName, before != node.name, !node.name.isEmpty else { return }
        emit(path, "object:property-change:accessible-name", signal: "PropertyChange", detail: "accessible-name", 0, .string(node.name))
    }

    /// A focus event on what has the keyboard focus now: the focused item of the first collection
    /// that has one, else the first collection itself.
    func focusCurrent(_ tree: ATSPITree) {
        guard let collection = tree.path(where: { $0.items?.focusedIndex != nil }) ?? tree.path(where: { $0.items != nil }),
              let node = tree.resolve(collection)?.node else { return }
        focus(node.items?.focusedIndex.map { collection.child($0) } ?? collection)
    }

    func focus(_ path: ATSPIObjectPath) {
        if let old = lastFocus, old != path { stateChanged(old, "focused", on: false) }
        lastFocus = path
        lastFocusName = nil
        stateChanged(path, "focused", on: true)
        emit(path, "focus:", interface: ATSPIInterfaces.eventFocus, signal: "Focus", detail: "", 0, .int32(0))
    }
}
