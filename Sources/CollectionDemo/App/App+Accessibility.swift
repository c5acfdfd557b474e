import CollectionKit

extension App {
    /// The window as assistive technology sees it: the tab bar as a page tab list, the shown scene
    /// as a panel of its own nodes, and each notice on screen as an alert. Made on request from
    /// what is shown now; nothing is kept between requests.
    public func accessibilityTree(title: String) -> AccessibleNode {
        let rects = tabRects()
        // While the tab bar has the keyboard focus (Tab reached it), the shown scene's tab has
        // it: a screen reader follows it there and names the tab.
        let focused = tabBarFocused
        let tabs = entries.enumerated().map { i, entry in
            AccessibleNode(role: .pageTab, name: entry.title,
                           states: entry.name == currentName ? (focused ? [.selectable, .selected, .focusable, .focused] : [.selectable, .selected])
                                                             : [.selectable],
                           index: i, frame: rects[i])
        }
        let tabBar = AccessibleNode(role: .pageTabList, name: tr("Scenes"),
                                    frame: Rect(x: 0, y: 0, width: size.width, height: tabBarHeight), children: tabs)
        let sceneTitle = entries.first { $0.name == currentName }?.title ?? currentName
        // The panel's identity is the scene's place in the tab bar: an object a screen reader kept
        // from another scene is gone, not a node of this one at the same indices.
        // A field open over an item (a card being named) follows the scene's own nodes.
        let own = currentScene.accessibilityNodes()
        let fields = currentScene.composition.textFields.enumerated().map { i, f in f.accessibilityNode(index: own.count + i) }
        let scene = AccessibleNode(role: .panel, name: sceneTitle, frame: sceneFrame, children: own + fields,
                                   identity: entries.firstIndex { $0.name == currentName })
        let box = noticeBar.box(for: allNotices, in: size)
        let alerts = noticeBar.closeButtons(for: allNotices, in: size).enumerated().map { i, line in
            AccessibleNode(role: .alert, name: line.notice, index: i,
                           frame: Rect(x: box.minX, y: line.rect.midY - NoticeBar.lineHeight / 2,
                                       width: box.width, height: NoticeBar.lineHeight))
        }
        // The shortcuts window, while open, is a dialog over everything.
        let shortcuts = shortcutsWindow.accessibilityNode(in: size) { [weak self] _ in
            guard let self, self.shortcutsWindow.isOpen else { return false }
            self.shortcutsWindow.close()
            return true
        }
        return AccessibleNode(role: .window, name: title, frame: Rect(origin: .zero, size: size),
                              children: [tabBar, scene] + alerts + (shortcuts.map { [$0] } ?? []) + primaryMenuAccessibilityNodes)
    }

    /// Starts queueing events in ``accessibilityEvents``: the scene's state now is what the
    /// listener can read from the tree; from now on it hears what changes.
    public func listenForAccessibilityEvents() {
        accessibilityEvents.attach()
        syncAccessibility()
    }

    /// Stops queueing and forgets what was waiting.
    public func stopAccessibilityEvents() {
        accessibilityEvents.detach()
        syncAccessibility()
    }

    /// Turns what changed in the shown scene since the last frame into events, while a listener
    /// is attached to ``accessibilityEvents``; otherwise it returns at once. Each scene gets its
    /// watcher the first time it is shown to a listener.
    func syncAccessibility() {
        guard accessibilityEvents.isListening else {
            // Watchers forget what they saw, so a listener attaching later hears only new changes.
            for watcher in accessibilityWatchers.values { watcher.sync() }
            return
        }
        let watcher: AccessibilityWatcher
        if let known = accessibilityWatchers[currentName] {
            watcher = known
        } else {
            watcher = AccessibilityWatcher(events: accessibilityEvents)
            for node in currentScene.accessibilityNodes() { if let view = node.items?.view { watcher.watch(view) } }
            if let manager = currentScene.dragDropManager { watcher.watch(manager) }
            accessibilityWatchers[currentName] = watcher
        }
        watcher.sync()
    }
}
