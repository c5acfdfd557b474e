/// Something an assistive technology can do to a node: its name ("click"), what it does, and the
/// work, run on the window's thread when asked (AT-SPI's `DoAction`).
///
/// ```swift
/// AccessibleAction(name: "click", description: "Presses the button") { [weak self] now in
///     self?.activate(now: now); return true
/// }
/// ```
public struct AccessibleAction {
    /// The action's name as assistive technologies know it ("click", "activate").
    public var name: String
    /// What it does, in a sentence.
    public var description: String
    /// The key that does the same, in GTK's accelerator words ("space"), or "".
    public var keyBinding: String
    /// Does it at the window's time `now`; true when it was done.
    public var perform: (_ now: Double) -> Bool

    public init(name: String, description: String = "", keyBinding: String = "", perform: @escaping (_ now: Double) -> Bool) {
        self.name = name; self.description = description; self.keyBinding = keyBinding; self.perform = perform
    }
}

/// A part that shows screen readers what it is: any ``Component`` listed in a ``Composition``
/// publishes its nodes through this hook, and ``AccessibleComposition/tree(title:size:)`` places
/// them under the window (nested compositions are searched too). The engine's widgets conform
/// (``Button``, ``ButtonRow``, ``Dialog``, ``Toast``); so can an app's own part.
///
/// ```swift
/// final class TrashZone: Component, AccessibleComponent {
///     var frame = Rect(x: 700, y: 500, width: 80, height: 80)
///     func accessibilityNodes() -> [AccessibleNode] {
///         [AccessibleNode(role: .label, name: words("Trash"), frame: frame)]
///     }
/// }
/// ```
///
/// Called when an assistive technology reads the tree, never per frame while none listens: an
/// answer is made fresh each time, so it should cost O(what it shows).
public protocol AccessibleComponent: AnyObject {
    /// The nodes it shows now, in reading order (none while hidden).
    func accessibilityNodes() -> [AccessibleNode]
}

extension Composition {
    /// The nodes its parts publish (``AccessibleComponent``), in the order of its parts, nested
    /// compositions' included; a part listed twice publishes once.
    ///
    /// While a modal part is open (one that captures input at the ``DrawLayer/modal`` layer or
    /// above: a presented ``Dialog``), what is behind it is inert, as ARIA's `aria-modal` has it:
    /// the other parts' nodes are still read but lose their actions, so an assistive technology
    /// cannot press a button the user cannot reach (collections' items act through input, which
    /// the modal part takes anyway).
    public var accessibleComponentNodes: [AccessibleNode] {
        var seen = Set<ObjectIdentifier>()
        var published: [(node: AccessibleNode, modal: Bool)] = []
        func walk(_ c: Composition) {
            for part in c.parts where seen.insert(ObjectIdentifier(part)).inserted {
                if let a = part as? any AccessibleComponent {
                    let modal = part.inputRole == .capture && part.drawLayer >= .modal
                    published += a.accessibilityNodes().map { ($0, modal) }
                } else if let inner = part as? Composition {
                    walk(inner)
                }
            }
        }
        walk(self)
        guard published.contains(where: \.modal) else { return published.map(\.node) }
        func inert(_ n: AccessibleNode) -> AccessibleNode {
            var n = n
            n.actions = []
            n.children = n.children.map(inert)
            return n
        }
        return published.map { $0.modal ? $0.node : inert($0.node) }
    }
}
