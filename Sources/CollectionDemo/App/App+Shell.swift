import CollectionKit

/// The window as a composition of parts, in the order they are offered input: the app's own
/// commands (Ctrl+Q, the shortcuts window) capture first; a scene with a modal sheet or a text
/// field being typed in captures its keys next; then the app's keys (Escape for the notices, the
/// digits that switch scenes), the notice band, the tab bar and the scene. One focus chain runs in
/// reading order: the tab bar, the scene (whose own chain it enters), the notices' close buttons.
extension App {
    func makeShell() -> Composition {
        let tabs = TabBarStop(app: self)
        let scene = SceneStop(app: self)
        let notices = NoticesStop(app: self)
        let focus = FocusChain([tabs, scene, notices], initial: scene)
        tabsStop = tabs
        sceneStop = scene
        noticesStop = notices
        return Composition([TabDirectionObserver(app: self), AppCommandsPart(app: self), PrimaryMenuPart(app: self), SceneCapturePart(app: self),
                            AppKeysPart(app: self), NoticesPart(app: self), TabBarPart(app: self), focus, ScenePart(app: self)],
                           focus: focus)
    }
}

/// Remembers which way the last Tab went, so the stop it lands on (the scene's chain, the notices)
/// is entered from the right end.
private final class TabDirectionObserver: Component {
    unowned let app: App
    init(app: App) { self.app = app }
    var inputRole: InputRole { .observe }
    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        if case let .key(.tab, mods) = event { app.lastTabForward = !mods.contains(.shift) }
        return .ignored
    }
}

/// Ctrl+Q quits from anywhere, and so does Ctrl+W, which closes the one window; F1 or Ctrl+? opens the shortcuts window (not mid-drag), which then
/// takes every event until it closes, and draws over everything.
private final class AppCommandsPart: Component {
    unowned let app: App
    init(app: App) { self.app = app }
    var inputRole: InputRole { .capture }
    var drawLayer: DrawLayer { .popup }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        if case let .key(key, mods) = event, AppShortcuts.quits(key, mods) { app.requestQuit(); return .handled }
        if app.shortcutsWindow.isOpen {
            switch event {
            case let .key(key, mods): app.shortcutsWindow.handleKey(key, mods, in: app.size)
            case let .pointerDown(p, _, _): app.shortcutsWindow.handlePress(at: p, in: app.size)
            case let .pointerMove(p, _): app.shortcutsWindow.hover(p, in: app.size)
            case let .wheel(_, dy): app.shortcutsWindow.wheel(dy: dy, in: app.size)
            case .pointerUp, .text, .composition, .drop: break
            default: return .ignored
            }
            return .handled
        }
        // F10 opens the primary menu, and closes it again (not over a modal sheet, nor mid-drag).
        if case let .key(key, mods) = event, AppShortcuts.opensPrimaryMenu(key, mods), !app.currentScene.isDragging, !app.sceneIsModal {
            if app.primaryMenu.menu.isOpen { app.primaryMenu.menu.close() } else if app.primaryMenu.about?.isPresented != true {
                app.openPrimaryMenu(fromKeyboard: true, now: now)
            }
            return .handled
        }
        guard case let .key(key, mods) = event, AppShortcuts.opensShortcutsWindow(key, mods), !app.currentScene.isDragging else { return .ignored }
        app.shortcutsWindow.measurer = app.config.measurer
        app.shortcutsWindow.open(app.shortcutSections)
        return .handled
    }
    func draw(into list: inout DrawList) { app.shortcutsWindow.draw(in: app.size, into: &list) }
    func cursor(at p: Point) -> Cursor? {
        app.shortcutsWindow.isOpen ? (app.shortcutsWindow.closeButton(in: app.size).contains(p) ? .hand : .arrow) : nil
    }
}

/// A scene with a modal sheet open takes every event (the tabs and notices stay behind it); a
/// scene with a text field being typed in takes the keys (digits type, Escape is the field's).
private final class SceneCapturePart: Component {
    unowned let app: App
    init(app: App) { self.app = app }
    var inputRole: InputRole { app.sceneIsModal || app.currentScene.composition.isEditingText ? .capture : .normal }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        if app.sceneIsModal {
            switch event {
            case .drop: return .handled   // taken by nothing behind a modal sheet
            case .focus, .resize, .pointerExited: return .ignored
            default: app.currentScene.handle(event, now: now); return .handled
            }
        }
        guard app.currentScene.composition.isEditingText else { return .ignored }
        switch event {
        case .key, .text, .composition: app.currentScene.handle(event, now: now); return .handled
        default: return .ignored
        }
    }
}

/// Escape dismisses the notices; the digit keys switch scenes (not mid-drag).
private final class AppKeysPart: Component {
    unowned let app: App
    init(app: App) { self.app = app }
    func contains(_ p: Point) -> Bool { false }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        guard case let .key(key, mods) = event, mods.isEmpty, !app.currentScene.isDragging else { return .ignored }
        if key == .escape, !app.shownNotices.isEmpty { app.dismissAllNotices(); return .handled }
        if let d = key.digit, d >= 1, d <= app.entries.count { app.switchTo(app.entries[d - 1].name, now: now); return .handled }
        return .ignored
    }
}

/// The notice band at the bottom: a press closes the notice whose button it hit and goes no
/// further; the band holds the pointer until the release.
private final class NoticesPart: Component {
    unowned let app: App
    init(app: App) { self.app = app }
    func contains(_ p: Point) -> Bool { app.noticeBar.area(for: app.allNotices, in: app.size).contains(p) }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        switch event {
        case let .pointerDown(p, button, _):
            app.pressNotices(at: p, button: button)
            return .handled
        case .pointerUp:
            return .handled
        default:
            return .ignored
        }
    }
    func draw(into list: inout DrawList) { app.drawNotices(into: &list) }
    func cursor(at p: Point) -> Cursor? {
        guard contains(p) else { return nil }
        return app.noticeBar.closeButtons(for: app.allNotices, in: app.size).contains { $0.rect.contains(p) } ? .hand : .arrow
    }
}

/// The tab bar: a press on a tab shows its scene (a right click there still cancels a drag in
/// flight); hover lights a tab. Dimmed, and the scene's, behind a modal sheet.
private final class TabBarPart: Component {
    unowned let app: App
    init(app: App) { self.app = app }
    func contains(_ p: Point) -> Bool { p.y >= 0 && p.y < app.tabBarHeight }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        switch event {
        case let .pointerDown(p, button, _):
            if button == .left, let i = app.tabIndex(at: p), !app.currentScene.isDragging { app.switchTo(app.entries[i].name, now: now) }
            else if app.currentScene.isDragging { app.currentScene.handle(event, now: now) }
            return .handled
        case .pointerUp:
            return .handled
        case let .pointerMove(p, _):
            app.hoveredTab = contains(p) ? app.tabIndex(at: p) : nil
            return .ignored
        case .pointerExited:
            app.hoveredTab = nil
            return .ignored
        default:
            return .ignored
        }
    }
    func draw(into list: inout DrawList) {
        app.drawTabBar(into: &list)
        // Behind a modal sheet the tab bar is dimmed as the scene is.
        if app.sceneIsModal { list.fill(Rect(x: 0, y: 0, width: app.size.width, height: app.tabBarHeight), ModalSheet.dimming) }
    }
    func cursor(at p: Point) -> Cursor? {
        guard contains(p) else { return nil }
        return !app.sceneIsModal && app.tabIndex(at: p) != nil ? .hand : .arrow
    }
}

/// The scene shown: presses, moves, the wheel and drops in its area, and the keys that no stop of
/// the app took while the tab bar or a notice has the focus (Ctrl+Z still undoes there).
private final class ScenePart: Component {
    unowned let app: App
    init(app: App) { self.app = app }
    /// Below the tab bar and outside the notice band (above and below the window too, where a
    /// pointer the scene holds can go).
    func contains(_ p: Point) -> Bool {
        !(p.y >= 0 && p.y < app.tabBarHeight) && !app.noticeBar.area(for: app.allNotices, in: app.size).contains(p)
    }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        switch event {
        case .key, .text, .composition:
            // The scene's stop was offered these through the chain already.
            guard app.shell.focus.focused !== app.sceneStop else { return .ignored }
            app.currentScene.handle(event, now: now)
            return .handled
        case .pointerMove, .pointerExited, .focus, .resize:
            app.currentScene.handle(event, now: now)
            return .ignored
        default:
            app.currentScene.handle(event, now: now)
            return .handled
        }
    }
    func draw(into list: inout DrawList) { app.currentScene.draw(into: &list) }
    func cursor(at p: Point) -> Cursor? { app.currentScene.cursor(at: p) }
}

/// The tab bar as a stop: Left and Right (mirrored right to left), Home and End switch scenes.
final class TabBarStop: FocusStop {
    unowned let app: App
    private(set) var ring = false
    init(app: App) { self.app = app }
    var focusName: String { "tabs" }
    var canTakeFocus: Bool { true }
    /// Presses never put the focus here: clicking a tab shows its scene, whose focus it keeps.
    func contains(_ p: Point) -> Bool { false }
    var showsOwnRing: Bool { ring }
    func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) {
        ring = isFocused
        if isFocused { app.currentScene.composition.focus.leave(now: now) }
    }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        guard case let .key(key, mods) = event, mods.isEmpty else { return .ignored }
        let current = app.entries.firstIndex { $0.name == app.currentName } ?? 0
        switch key {
        case .left, .right, .home, .end:
            let forward: Key = app.config.layoutDirection.isRightToLeft ? .left : .right
            let next = key == .home ? 0 : key == .end ? app.entries.count - 1 : current + (key == forward ? 1 : -1)
            if app.entries.indices.contains(next), !app.currentScene.isDragging { app.switchTo(app.entries[next].name, now: now) }
            return .handled
        case .enter, .space:
            return .handled
        default:
            return .ignored
        }
    }
}

/// The shown scene as one stop of the window's chain: Tab walks the scene's own chain first and
/// comes out past its ends; coming in by keyboard enters it from the end Tab came from; keys go to
/// the scene.
final class SceneStop: FocusStop {
    unowned let app: App
    init(app: App) { self.app = app }
    var focusName: String { "scene" }
    /// A scene with stops keeps its place in the chain even while none of them can take the
    /// focus for a moment (a drag in flight).
    var canTakeFocus: Bool { !app.currentScene.composition.focus.stops.isEmpty }
    func contains(_ p: Point) -> Bool { true }
    var showsOwnRing: Bool { app.currentScene.composition.focus.isRingVisible }

    func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) {
        let chain = app.currentScene.composition.focus
        if !isFocused { chain.leave(now: now); return }
        // Already inside (Tab moved among the scene's own stops): nothing to enter.
        guard chain.leftOut else { return }
        if showsRing { chain.enter(forward: app.lastTabForward, now: now) } else { chain.resume(now: now) }
    }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        if case let .key(.tab, mods) = event, mods.isSubset(of: .shift) {
            // Mid-drag Tab stays the scene's; otherwise past the chain's end it goes on.
            if app.currentScene.isDragging { app.currentScene.handle(event, now: now); return .handled }
            return app.currentScene.composition.handle(event, now: now)
        }
        switch event {
        case .key, .text, .composition:
            app.currentScene.handle(event, now: now)
            return .handled
        default:
            return .ignored
        }
    }
}

/// The notices' close buttons as one stop: Tab walks them; Enter or Space closes the focused one.
final class NoticesStop: FocusStop {
    unowned let app: App
    init(app: App) { self.app = app }
    var focusName: String { "notice" }
    var canTakeFocus: Bool { !app.shownNotices.isEmpty }
    func contains(_ p: Point) -> Bool { false }
    var showsOwnRing: Bool { app.noticeFocus != nil }

    func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) {
        let count = app.shownNotices.count
        app.noticeFocus = isFocused && count > 0 ? (app.lastTabForward ? 0 : count - 1) : nil
    }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        guard case let .key(key, mods) = event, let i = app.noticeFocus else { return .ignored }
        let count = app.shownNotices.count
        guard i < count else { app.noticeFocus = nil; return .ignored }
        switch key {
        case .tab where mods.isSubset(of: .shift):
            let next = mods.contains(.shift) ? i - 1 : i + 1
            guard next >= 0, next < count else { return .ignored }
            app.noticeFocus = next
            return .handled
        case .enter where mods.isEmpty, .space where mods.isEmpty:
            app.dismissNotice(app.shownNotices[i])
            let left = app.shownNotices.count
            if left > 0 { app.noticeFocus = min(i, left - 1) }
            else { app.noticeFocus = nil; app.shell.focus.focus(app.sceneStop, showingRing: true, now: now) }
            return .handled
        default:
            return .ignored
        }
    }
}
