/// The engine's widgets as screen readers see them (see ``AccessibleComponent``).
extension Button: AccessibleComponent {
    /// A push button named by its title (or ``accessibleName``), focusable while it can take the
    /// focus, focused while it has it, disabled while not enabled, selected while checked, with the
    /// action "click". None while it is hidden (a zero frame).
    public func accessibilityNodes() -> [AccessibleNode] {
        guard frame.width > 0, frame.height > 0 else { return [] }
        return [accessibilityNode()]
    }

    /// Its node (shown or not).
    public func accessibilityNode(index: Int? = nil) -> AccessibleNode {
        var states: AccessibleStates = []
        if canTakeFocus { states.insert(.focusable) }
        if isFocused { states.insert(.focused) }
        if !isEnabled { states.insert(.disabled) }
        if isChecked { states.insert(.selected) }
        let click = AccessibleAction(name: "click", description: "Presses the button", keyBinding: "space") { [weak self] now in
            guard let self, self.isEnabled else { return false }
            self.activate(now: now)
            return true
        }
        return AccessibleNode(role: .pushButton, name: accessibleName ?? title, states: states, index: index, frame: frame,
                              actions: isEnabled ? [click] : [])
    }
}

extension ButtonRow: AccessibleComponent {
    /// Its buttons that show, each a push button (a row is no group of its own to a screen reader).
    public func accessibilityNodes() -> [AccessibleNode] { buttons.flatMap { $0.accessibilityNodes() } }
}

extension Dialog: AccessibleComponent {
    /// While presented: a dialog named by its title, whose children are its body text (a label),
    /// its content's nodes (when the content publishes any) and its buttons.
    public func accessibilityNodes() -> [AccessibleNode] {
        guard isPresented else { return [] }
        var children: [AccessibleNode] = []
        if !message.isEmpty { children.append(AccessibleNode(role: .label, name: message, frame: textViewport)) }
        if let c = content as? any AccessibleComponent { children += c.accessibilityNodes() }
        children += buttonRow.accessibilityNodes()
        for i in children.indices { children[i].index = i }
        return [AccessibleNode(role: .dialog, name: title, frame: box, children: children, description: message)]
    }
}

extension Toast: AccessibleComponent {
    /// While it shows: a notification named by its message, whose children are the message (a
    /// label) and its buttons. The bus adapter reads the message out when it appears.
    public func accessibilityNodes() -> [AccessibleNode] {
        guard let message else { return [] }
        var children = [AccessibleNode(role: .label, name: message, frame: box)]
        children += [actionButton, closeButton].flatMap { $0.accessibilityNodes() }
        for i in children.indices { children[i].index = i }
        // Its action (Undo) as the description: read after the message when the toast appears.
        return [AccessibleNode(role: .notification, name: message, frame: box, children: children, description: actionButton.title)]
    }
}
