import CollectionKit

extension AccessibleWindowHost {
    /// Publishes the window to screen readers (Orca) and inspectors over the AT-SPI2 bus, in one
    /// call: every collection the root's composition shows, named as its data source names its
    /// items, with focus, selection, contents and drag events, and actions that act as the user
    /// would; and every part that publishes itself (`AccessibleComponent`: buttons, dialogs,
    /// toasts, the app's own parts), with the focus events of its buttons and its actions. It joins the bus after the first frame, costs nothing while no screen reader
    /// listens, and is off (nil) when `enabled` is false or `NO_AT_BRIDGE=1` is set. Without an
    /// accessibility bus it stays quiet.
    ///
    /// ```swift
    /// let loop = try WindowLoop(root: board, title: "Kanban")
    /// loop.publishAccessibility(name: "Kanban")
    /// loop.run()
    /// ```
    @discardableResult
    public func publishAccessibility(name: String, enabled: Bool = true) -> ATSPIBridge? {
        let published = AccessibleComposition(root.composition)
        let application = AccessibleApplication(
            name: name,
            tree: { [unowned self] in published.tree(title: name, size: root.size) },
            events: published.events,
            setListening: { published.setListening($0) },
            dragManager: { published.dragManager },
            send: { [unowned self] in root.handle($0, now: now) },
            windowOrigin: { [unowned self] in windowOrigin },
            pixelsPerPoint: { [unowned self] in pixelsPerPoint },
            windowIsActive: { [unowned self] in windowIsActive },
            now: { [unowned self] in now })
        guard let bridge = ATSPIBridge.make(for: application, enabled: enabled) else { return nil }
        // After each update the composition is compared with the last frame; the bridge then
        // sends what that queued (it runs after whatever `didUpdate` already does).
        let updated = didUpdate
        didUpdate = { now in
            updated?(now)
            published.sync()
        }
        // The loop keeps the bridge (its hooks hold it), and the bridge the composition's publisher.
        bridge.attach(to: self)
        return bridge
    }
}
