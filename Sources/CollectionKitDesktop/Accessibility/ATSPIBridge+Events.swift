import CollectionKit

/// The engine's events as AT-SPI2 signals (`org.a11y.atspi.Event.Object`, `Event.Focus`), each
/// sent only when a registered listener covers its name.
extension ATSPIBridge {
    /// Sends what the application queued since the last call. Call after each update (the tree is
    /// read again afterwards); with no listener the queue is detached and this returns at once.
    public func sendEvents() {
        applicationChanged()
        guard application.events.isListening else { return }
        sendWindowActivation()
        let events = application.events.drain()
        let tree = tree()
        announced = false
        for event in events { send(event, tree) }
        sendStructure(tree)
        sendFocusedName(tree)
        sendLiveText(tree)
        sendTextField(tree)
    }

    /// The live status line's text, as a label's would change: `text-changed:delete` of the old
    /// text and `text-changed:insert` of the new, which screen readers that follow live regions
    /// read out. Readers that speak only what happens to the focused object (Orca 43) hear the
    /// new line as the focused item's description changing, unless an announcement of the same
    /// step was just sent that way. Walks the listed nodes only.
    private func sendLiveText(_ tree: ATSPITree) {
        guard let path = tree.path(where: { $0.role == .liveRegion }), let node = tree.resolve(path)?.node else {
            live = nil; return
        }
        let text = node.name
        defer { live = (path, text) }
        guard let before = live, before.path == path, before.text != text else { return }
        if !before.text.isEmpty {
            emit(path, "object:text-changed:delete", signal: "TextChanged", detail: "delete", 0,
                 detail2: Int32(clamping: before.text.unicodeScalars.count), .string(before.text))
        }
        guard !text.isEmpty else { return }
        emit(path, "object:text-changed:insert", signal: "TextChanged", detail: "insert", 0,
             detail2: Int32(clamping: text.unicodeScalars.count), .string(text))
        if !announced { describeFocus(text) }
    }

    /// The focused item's description changes to `text`, which Orca 43 reads out, and back at
    /// once to the item's own (not read out: it is empty or known), so a client's cache of the
    /// description (libatspi keeps what these events say) never holds a drag step.
    func describeFocus(_ text: String) {
        guard let focus = lastFocus else { return }
        let name = "object:property-change:accessible-description"
        emit(focus, name, signal: "PropertyChange", detail: "accessible-description", 0, .string(text))
        let own = tree().resolve(focus)?.node.description ?? ""
        emit(focus, name, signal: "PropertyChange", detail: "accessible-description", 0, .string(own))
    }

    /// `window:activate` / `window:deactivate` and the frame's `active` state when the window
    /// gains or loses the keyboard focus: a screen reader reads the active window's focus events.
    private func sendWindowActivation() {
        let active = application.windowIsActive()
        guard active != lastActive else { return }
        lastActive = active
        let window = ATSPIObjectPath.root.child(0)
        let title = tree().window.name
        emit(window, active ? "window:activate" : "window:deactivate", interface: ATSPIInterfaces.eventWindow,
             signal: active ? "Activate" : "Deactivate", detail: "", 0, .string(title))
        stateChanged(window, "active", on: active)
    }

    private func send(_ event: AccessibilityEvent, _ tree: ATSPITree) {
        switch event {
        case let .focusChanged(collection, index, _):
            guard let path = tree.path(ofItem: index, inCollectionNamed: collection) else { return }
            focus(path)
        case let .selectionChanged(collection, selected):
            guard let path = tree.path(ofCollectionNamed: collection) else { return }
            let now = Set(selected), before = lastSelection[collection] ?? []
            lastSelection[collection] = now
            emit(path, "object:selection-changed", signal: "SelectionChanged", detail: "", 0, .int32(0))
            for i in before.subtracting(now).sorted() {
                if let item = tree.path(ofItem: i, inCollectionNamed: collection) { stateChanged(item, "selected", on: false) }
            }
            for i in now.subtracting(before).sorted() {
                if let item = tree.path(ofItem: i, inCollectionNamed: collection) { stateChanged(item, "selected", on: true) }
            }
        case let .childrenChanged(collection, count):
            guard let path = tree.path(ofCollectionNamed: collection) else { return }
            let before = lastCounts[collection]
            lastCounts[collection] = count
            // The engine reports the new count; a shrink is a removal, anything else an addition
            // (a move inside a collection keeps the count and changes its children all the same).
            let removed = before.map { count < $0 } ?? false
            let index = removed ? count : max(0, count - 1)
            emit(path, removed ? "object:children-changed:remove" : "object:children-changed:add", signal: "ChildrenChanged",
                 detail: removed ? "remove" : "add", Int32(clamping: index), .variant(reference(removed ? nil : path.child(index))))
        case let .stateChanged(collection, index, state, isOn):
            guard let path = tree.path(ofItem: index, inCollectionNamed: collection) else { return }
            if state.contains(.selected) { stateChanged(path, "selected", on: isOn) }
            if state.contains(.focused) { stateChanged(path, "focused", on: isOn) }
            // AT-SPI has no "dragged" state: the item's `grabbed` attribute changes (ARIA's aria-grabbed).
            if state.contains(.dragged) {
                emit(path, "object:attributes-changed", signal: "AttributesChanged", detail: "grabbed", isOn ? 1 : 0, .int32(0))
            }
        case let .announcement(text):
            // Polite (detail 1, ATSPI_LIVE_POLITE): read after what is being read.
            emit(ATSPIObjectPath.root.child(0), "object:announcement", signal: "Announcement", detail: "", 1, .string(text))
            describeFocus(text)
            announced = true
        }
    }

    func stateChanged(_ path: ATSPIObjectPath, _ state: String, on: Bool) {
        emit(path, "object:state-changed:" + state, signal: "StateChanged", detail: state, on ? 1 : 0, .int32(0))
    }

    /// One signal `(siiva{sv})`, when a listener covers `name`.
    func emit(_ path: ATSPIObjectPath, _ name: String, interface: String = ATSPIInterfaces.eventObject, signal: String,
                      detail: String, _ detail1: Int32, detail2: Int32 = 0, _ value: DBusValue) {
        guard connection.wants(name) else { return }
        let any: DBusValue = if case .variant = value { value } else { .variant(value) }
        connection.emit(path: path.string, interface: interface, signal: signal,
                        .tuple([.string(detail), .int32(detail1), .int32(detail2), any, .variantDictionary([])]))
    }
}
