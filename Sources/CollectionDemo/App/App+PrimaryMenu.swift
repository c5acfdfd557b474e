import CollectionKit

/// The primary menu, as GNOME apps have one: F10 opens it at the window's top trailing corner
/// with its first entry highlighted (the engine's ``ContextMenuController``: arrows, Enter,
/// Escape, the pointer); it offers Keyboard Shortcuts, About Collection Demo (the engine's
/// ``Dialog``, with the version and the licence) and Quit. Screen readers see the open menu and
/// its entries, which they can click, and the About dialog.
final class PrimaryMenu {
    enum Entry: CaseIterable { case shortcuts, about, quit }

    let menu = ContextMenuController()
    private(set) var about: Dialog?

    static var entries: [(Entry, String)] {
        [(.shortcuts, tr("Keyboard Shortcuts")), (.about, tr("About Collection Demo")), (.quit, tr("Quit"))]
    }

    init() { menu.width = 240 }
}

extension App {
    /// Opens the primary menu (F10) at the top trailing corner, under the tab bar.
    func openPrimaryMenu(fromKeyboard: Bool, now: Double) {
        let trailing = config.layoutDirection == .rightToLeft ? 0.0 : size.width
        primaryMenu.menu.layoutDirection = config.layoutDirection
        primaryMenu.menu.open(itemID: AnyHashable("primary"), actions: PrimaryMenu.entries.map { ContextMenuAction($0.1) },
                              at: Point(x: trailing, y: tabBarHeight), in: Rect(origin: .zero, size: size),
                              isDragging: currentScene.isDragging, fromKeyboard: fromKeyboard)
    }

    /// What a chosen entry does.
    func runPrimaryMenu(_ index: Int, now: Double) {
        guard PrimaryMenu.entries.indices.contains(index) else { return }
        switch PrimaryMenu.entries[index].0 {
        case .shortcuts: if !shortcutsWindow.isOpen { shortcutsWindow.open(shortcutSections) }
        case .about: presentAbout(now: now)
        case .quit: requestQuit()
        }
    }

    /// The About dialog: the program's name, version, what it is, and its licence.
    func presentAbout(now: Double) {
        let close = Button(name: "close", title: tr("Close"))
        let message = [filled(tr("Version %@"), AppInfo.version),
                       tr("A collection-view engine for the desktop, shown through SDL2."),
                       tr("Licence: MIT. Copyright 2026 the CollectionKit authors.")].joined(separator: "\n")
        let dialog = Dialog(name: "about", title: tr("Collection Demo"), message: message, buttons: [close], measurer: config.measurer)
        dialog.layoutDirection = config.layoutDirection
        dialog.setFrame(Rect(origin: .zero, size: size))
        primaryMenu.setAbout(dialog)
        dialog.present(in: shell.focus, showingRing: true, now: now)
    }

    /// The menu and the dialog as the dump shows them.
    var primaryMenuDump: JSON {
        var pairs: [(String, JSON)] = [("open", .bool(primaryMenu.menu.isOpen))]
        if let m = primaryMenu.menu.menu {
            pairs += [("items", .strings(m.actions.map(\.title))), ("highlighted", m.highlighted.map { .number(Double($0)) } ?? .null),
                      ("frame", .rect(m.frame))]
        }
        let about = primaryMenu.about.flatMap { $0.isPresented ? $0 : nil }
        pairs.append(("about", about.map { .object([("title", .string($0.title)), ("message", .string($0.message)), ("frame", .rect($0.box))]) } ?? .null))
        return .object(pairs)
    }

    /// The open menu and its entries (each one clickable), and the About dialog, for screen readers.
    var primaryMenuAccessibilityNodes: [AccessibleNode] {
        var nodes: [AccessibleNode] = []
        if let open = primaryMenu.menu.menu {
            let entries = open.actions.enumerated().map { i, action in
                var states: AccessibleStates = [.focusable]
                if open.highlighted == i { states.insert(.focused) }
                let click = AccessibleAction(name: "click", description: tr("Presses the button")) { [weak self] now in
                    guard let self, self.primaryMenu.menu.isOpen else { return false }
                    self.primaryMenu.menu.close()
                    self.runPrimaryMenu(i, now: now)
                    return true
                }
                return AccessibleNode(role: .menuItem, name: action.title, states: states, index: i, frame: open.rowFrame(i), actions: [click])
            }
            nodes.append(AccessibleNode(role: .menu, name: tr("Main Menu"), frame: open.frame, children: entries))
        }
        nodes += primaryMenu.about?.accessibilityNodes() ?? []
        return nodes
    }
}

extension PrimaryMenu {
    func setAbout(_ dialog: Dialog) { about = dialog }
}

/// The primary menu and its About dialog as a part of the window: while either is open it takes
/// every event (the menu first); it draws over the scene.
final class PrimaryMenuPart: Component {
    unowned let app: App
    init(app: App) {
        self.app = app
        app.primaryMenu.menu.onChoose = { [unowned app] _, index, _, now in app.runPrimaryMenu(index, now: now) }
    }
    private var menu: ContextMenuController { app.primaryMenu.menu }
    private var about: Dialog? { app.primaryMenu.about.flatMap { $0.isPresented ? $0 : nil } }

    var inputRole: InputRole { menu.isOpen || about != nil ? .capture : .normal }
    var drawLayer: DrawLayer { .popup }
    func contains(_ p: Point) -> Bool { menu.isOpen || about != nil }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        if menu.isOpen { return menu.handle(event, now: now) }
        if let about {
            if about.area.size != app.size { about.setFrame(Rect(origin: .zero, size: app.size)) }
            return about.handle(event, now: now)
        }
        return .ignored
    }
    func cursor(at p: Point) -> Cursor? { about?.cursor(at: p) ?? (menu.isOpen ? .arrow : nil) }
    func draw(into list: inout DrawList) {
        if let about {
            if about.area.size != app.size { about.setFrame(Rect(origin: .zero, size: app.size)) }
            about.draw(into: &list)
        }
        menu.draw(into: &list)
    }
}
