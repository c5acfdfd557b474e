/// A root's parts listed once, in priority order, and everything a root does folded over them:
/// input routed by one rule, update, drawing, deadlines, the cursor, live cells and the state
/// dump. A scene or an app states its views and the handlers it wants; the composition does the
/// wiring that each one would otherwise write by hand.
///
/// Input goes by one rule:
/// - a press goes to the first part (in list order) whose area contains it and that takes it;
///   that part then holds the pointer: every move and the release go to it alone, wherever the
///   pointer wanders, until the button is let go (Dear ImGui's active item, GTK's implicit grab);
/// - with nothing held, moves go to every part, so hover follows the pointer and ends where it left;
/// - the wheel goes to the first part under the pointer that takes it;
/// - keys and text go down the list until a part takes them; the ``FocusChain``, listed where its
///   keys should come, gives them to the stop with the focus (a stop listed among the parts too
///   is not offered keys a second time, nor while another stop has the focus);
/// - losing window focus, the pointer leaving, and a resize reach every part.
///
/// Before those rules, a part's ``InputRole`` may put it first: a part that **captures** (an open
/// menu, a drag in flight, a modal sheet) is offered every event before the others, wherever the
/// pointer is, and what it ignores goes on by the rules above; a part that **observes** sees every
/// event before anyone and takes none (GTK4's capture phase and its event controllers that only
/// watch).
///
/// Drawing is stated apart from input: lower ``DrawLayer``s draw first, and within a layer the
/// list is the stacking order, as in a view tree: the first part is on top, so it draws last and
/// names the cursor first. The deadline is the earliest of all.
///
/// ```swift
/// let grid = CollectionController(view: CollectionView(name: "photos", layout: GridLayout(minimumCrossSize: 160)))
/// let root = Composition([grid], focus: FocusChain([grid]))
/// // root.handle(event, now:), root.update(now:), root.draw(into:), root.nextDeadline(after:)
/// ```
public final class Composition: Component {
    /// The parts in priority order.
    public private(set) var parts: [any Component]
    /// The focus chain; its keys come where it is listed among the parts (last if it is not).
    public let focus: FocusChain
    /// The collections listed under the dump's `collections` key, in order.
    public var collections: [CollectionView] = []
    /// Keys of its own an app adds to a collection's entry in the dump.
    public var collectionDumpExtras: ((CollectionView) -> [(String, JSON)])?
    /// The part holding the pointer: the one that took the current press.
    private var holder: ObjectIdentifier?
    /// Where the pointer was last seen; nil before the first pointer event and after it left.
    public private(set) var pointer: Point?
    /// The view whose scroll bar took the current press: the bar holds the pointer until release.
    private weak var barHolder: CollectionView?

    /// `parts` in priority order; `focus` joins them at the end unless listed.
    public init(_ parts: [any Component], focus: FocusChain = FocusChain()) {
        self.focus = focus
        self.parts = parts.contains { $0 === focus } ? parts : parts + [focus]
    }

    /// Replaces the parts (a scene whose overlays come and go); a press in progress stays with its
    /// holder only while the holder is still listed.
    public func setParts(_ newParts: [any Component]) {
        parts = newParts.contains { $0 === focus } ? newParts : newParts + [focus]
        if let h = holder, !parts.contains(where: { ObjectIdentifier($0) == h }) { holder = nil }
    }

    /// True while a press holds the pointer.
    public var isPointerHeld: Bool { holder != nil || barHolder != nil }

    private var heldPart: (any Component)? { holder.flatMap { h in parts.first { ObjectIdentifier($0) == h } } }

    public func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        // Observers see every event first and take none.
        for part in parts where part.inputRole == .observe { _ = part.handle(event, now: now) }
        // A scroll bar holding the pointer keeps it until the release.
        if let result = routeToHeldBar(event, now: now) { return result }
        switch event {
        case let .pointerDown(p, _, _):
            pointer = p
            if let held = heldPart { return held.handle(event, now: now) }
            if let (part, result) = captured(event, now: now) { holder = ObjectIdentifier(part); return result }
            // The views' scroll bars come before the other parts: a press on a bar is the bar's.
            if let result = routeToScrollBars(event, now: now) { return result }
            focus.pointerPressed(at: p, now: now)
            for part in parts where part.inputRole == .normal && part.contains(p) {
                let result = part.handle(event, now: now)
                if result.isHandled { holder = ObjectIdentifier(part); return result }
            }
            return .ignored
        case let .pointerMove(p, _):
            pointer = p
            if let held = heldPart { return held.handle(event, now: now) }
            if let (_, result) = captured(event, now: now) { return result }
            _ = routeToScrollBars(event, now: now)
            return broadcast(event, now: now)
        case let .pointerUp(p, _, _):
            pointer = p
            if let held = heldPart { holder = nil; return held.handle(event, now: now) }
            if let (_, result) = captured(event, now: now) { return result }
            return first(event, now: now) { $0.contains(p) }
        case .wheel:
            if let (_, result) = captured(event, now: now) { return result }
            _ = routeToScrollBars(event, now: now)
            guard let p = pointer else { return first(event, now: now) { _ in true } }
            return first(event, now: now) { $0.contains(p) }
        case .key, .text, .composition:
            if let (_, result) = captured(event, now: now) { return result }
            // A stop of the focus chain hears keys only through the chain, while it has the focus.
            return first(event, now: now) { part in part === focus || !focus.stops.contains { $0 === part } }
        case .pointerExited:
            _ = routeToScrollBars(event, now: now)
            if let held = heldPart { return held.handle(event, now: now) }
            pointer = nil
            return broadcast(event, now: now)
        case .focus(gained: false):
            _ = routeToScrollBars(event, now: now)
            holder = nil
            return broadcast(event, now: now)
        case .focus, .resize:
            return broadcast(event, now: now)
        case let .drop(_, p):
            if let (_, result) = captured(event, now: now) { return result }
            // Another program's drop goes where the pointer is, as a release would.
            return first(event, now: now) { $0.contains(p) }
        }
    }

    /// Takes a pointer move, with no button held, that changes nothing any part draws: every part
    /// absorbs it (``Component/absorbsPointerMove(to:now:)``), no part holds the pointer or
    /// captures input, and no view's scroll bars can show (content that fits); then notes the
    /// pointer and answers true. Any other event, or a move some part must handle, answers false
    /// and is left for ``handle(_:now:)``.
    public func absorbs(_ event: InputEvent, now: Double) -> Bool {
        guard case let .pointerMove(p, _) = event, holder == nil, barHolder == nil else { return false }
        for part in parts {
            guard part.inputRole != .capture, part.absorbsPointerMove(to: p, now: now) else { return false }
        }
        // A move over a view that scrolls shows its bars (and may light one).
        for view in views where view.showsScrollBars && view.hasScrollBars { return false }
        pointer = p
        return true
    }

    /// The collection views among the parts, each once, in the order of the parts: a
    /// ``CollectionController``'s, a ``CollectionView`` listed as it is, each collection of a
    /// ``DragDropManager`` or ``ReorderInteraction``, a ``DragDropCollection``'s, then
    /// ``collections``. Their scroll bars are the composition's to route, and assistive technology
    /// sees them (``AccessibleComposition``).
    public var views: [CollectionView] {
        var views: [CollectionView] = []
        func add(_ v: CollectionView) { if !views.contains(where: { $0 === v }) { views.append(v) } }
        for part in parts {
            switch part {
            case let c as CollectionController: add(c.view)
            case let v as CollectionView: add(v)
            case let m as DragDropCoordinator:
                for c in m.collections { add(c.view) }
                for r in m.reorderables { add(r.view) }
            case let r as ReorderInteraction:
                add(r.reorderable.view)
                for c in r.manager.collections { add(c.view) }
            case let c as any DropContainer: add(c.view)
            default: break
            }
        }
        for v in collections { add(v) }
        return views
    }

    /// The bar holding the pointer takes every move and the release (which ends its hold); losing
    /// window focus ends the hold and goes on to the parts. Nil when no bar holds the pointer.
    private func routeToHeldBar(_ event: InputEvent, now: Double) -> EventDisposition? {
        guard let bar = barHolder else { return nil }
        switch event {
        case let .pointerMove(p, _):
            pointer = p
            bar.handleScrollBarEvent(event, now: now)
            return .handled
        case .pointerExited:
            bar.handleScrollBarEvent(event, now: now)
            return .handled
        case let .pointerUp(p, _, _):
            pointer = p
            barHolder = nil
            bar.handleScrollBarEvent(event, now: now)
            return .handled
        case .focus(gained: false):
            barHolder = nil
            return nil
        default:
            return nil
        }
    }

    /// The scroll bars' share of an event no part holds or captured: a press on a bar takes the
    /// pointer until its release (so a long press there lifts nothing and a drag there never pans
    /// the content); motion shows the bars and lights the one under the pointer. Handled only for
    /// a press that a bar took.
    private func routeToScrollBars(_ event: InputEvent, now: Double) -> EventDisposition? {
        switch event {
        case let .pointerDown(p, .left, _):
            let all = views
            if let view = all.first(where: { $0.showsScrollBars && $0.scrollBarAxis(at: p) != nil }) {
                // A press elsewhere ends another bar's lost hold; this one is the bar's.
                for other in all where other !== view { other.handleScrollBarEvent(event, now: now) }
                barHolder = view
                view.updateHover(at: nil)
                view.handleScrollBarEvent(event, now: now)
                return .handled
            }
            for view in all { view.handleScrollBarEvent(event, now: now) }
            return nil
        case let .pointerMove(p, _):
            for view in views where view.showsScrollBars { view.handleScrollBarEvent(.pointerMove(p, []), now: now) }
            return nil
        case .wheel:
            if let p = pointer { for view in views where view.showsScrollBars && view.frame.contains(p) { view.handleScrollBarEvent(event, now: now) } }
            return nil
        case .pointerExited, .focus(gained: false):
            for view in views { view.handleScrollBarEvent(event, now: now) }
            return nil
        default:
            return nil
        }
    }

    /// The first capturing part (in list order) that takes `event`, with its answer.
    private func captured(_ event: InputEvent, now: Double) -> (any Component, EventDisposition)? {
        for part in parts where part.inputRole == .capture {
            let result = part.handle(event, now: now)
            if result.isHandled { return (part, result) }
        }
        return nil
    }

    /// Every part that takes input gets the event; handled if any took it.
    private func broadcast(_ event: InputEvent, now: Double) -> EventDisposition {
        var result = EventDisposition.ignored
        for part in parts where part.inputRole != .observe {
            let r = part.handle(event, now: now)
            if result == .ignored { result = r }
        }
        return result
    }

    /// The first part acting normally that passes `offered` and takes the event.
    private func first(_ event: InputEvent, now: Double, offered: (any Component) -> Bool) -> EventDisposition {
        for part in parts where part.inputRole == .normal && offered(part) {
            let result = part.handle(event, now: now)
            if result.isHandled { return result }
        }
        return .ignored
    }

    public func update(now: Double) { for part in parts { part.update(now: now) } }

    public func nextDeadline(after now: Double) -> Double? {
        Deadline.earliest(of: parts.lazy.map { $0.nextDeadline(after: now) })
    }

    /// Lower ``DrawLayer``s first; within a layer the last part draws first, the first part last
    /// (on top).
    public func draw(into list: inout DrawList) {
        var layers: [DrawLayer] = []
        for part in parts where !layers.contains(part.drawLayer) { layers.append(part.drawLayer) }
        if layers.count == 1 { for part in parts.reversed() { part.draw(into: &list) }; return }
        for layer in layers.sorted() {
            for part in parts.reversed() where part.drawLayer == layer { part.draw(into: &list) }
        }
    }

    /// The holder's cursor, then a capturing part's, then the topmost part's that names one.
    public func cursor(at p: Point) -> Cursor? {
        if barHolder != nil { return .arrow }
        // The part holding the pointer names the cursor (the arrow when it names none).
        if let held = heldPart { return held.cursor(at: p) ?? .arrow }
        if heldPart == nil, views.contains(where: { $0.showsScrollBars && $0.scrollBarAxis(at: p) != nil }) { return .arrow }
        for part in parts where part.inputRole == .capture { if let c = part.cursor(at: p) { return c } }
        for part in orderedForCursor { if let c = part.cursor(at: p) { return c } }
        return nil
    }

    /// The parts from the top of the drawing down: a higher layer first, then list order.
    private var orderedForCursor: [any Component] {
        guard let layer = parts.first?.drawLayer, !parts.allSatisfy({ $0.drawLayer == layer }) else { return parts }
        return parts.enumerated().sorted { a, b in
            a.element.drawLayer != b.element.drawLayer ? a.element.drawLayer > b.element.drawLayer : a.offset < b.offset
        }.map(\.element)
    }

    public var liveCellCount: Int { parts.reduce(0) { $0 + $1.liveCellCount } }

    public func cancelGestures(now: Double) {
        holder = nil
        if let bar = barHolder { barHolder = nil; bar.handleScrollBarEvent(.focus(gained: false), now: now) }
        for part in parts { part.cancelGestures(now: now) }
    }

    public var isDragging: Bool { parts.contains { $0.isDragging } }

    public var isEditingText: Bool { parts.contains { $0.isEditingText } }
    /// Every part measures again (text set at another size).
    public func invalidateMeasurements() { for part in parts { part.invalidateMeasurements() } }

    /// `collections` (each with ``collectionDumpExtras``), then every part's own keys.
    public func dumpEntries() -> [(String, JSON)] {
        var pairs: [(String, JSON)] = []
        if !collections.isEmpty {
            pairs.append(("collections", .array(collections.map { $0.dumpState(extra: collectionDumpExtras?($0) ?? []) })))
        }
        for part in parts { pairs += part.dumpEntries() }
        return pairs
    }
}
