/// A window's root made of a ``Composition``: the root keeps its size and lays out its parts when
/// it changes; input, update, drawing, deadlines, the cursor and live cells come from the parts.
///
/// ```swift
/// final class Board: ComposedRoot {
///     private(set) var size = Size(width: 900, height: 600)
///     let manager = DragDropManager<CardID>()
///     let composition: Composition
///     init(columns: [DragDropCollection<CardID>]) {
///         let focus = FocusChain(manager.focusStops())
///         composition = Composition([manager, focus] + columns, focus: focus)
///     }
///     func layOut(for size: Size) { self.size = size /* set the columns' frames */ }
/// }
/// ```
public protocol ComposedRoot: InteractiveRoot {
    /// The root's parts in priority order.
    var composition: Composition { get }
    /// Lays the parts out for a new window size (the first call comes with the first `.resize`).
    func layOut(for size: Size)
}

extension ComposedRoot {
    /// A resize lays the parts out first; then every event goes to the composition.
    public func handle(_ event: InputEvent, now: Double) {
        if case let .resize(newSize) = event { layOut(for: newSize) }
        _ = composition.handle(event, now: now)
    }
    /// A move the composition absorbs (``Composition/absorbs(_:now:)``). A root that takes events
    /// itself before its composition answers false for those (or leaves this out: it is offered
    /// every event then).
    public func absorbs(_ event: InputEvent, now: Double) -> Bool { composition.absorbs(event, now: now) }
    public func update(now: Double) { composition.update(now: now) }
    public func nextDeadline(after now: Double) -> Double? { composition.nextDeadline(after: now) }
    public func draw() -> DrawList {
        var list = DrawList()
        composition.draw(into: &list)
        return list
    }
    public var cursor: Cursor { composition.pointer.flatMap { composition.cursor(at: $0) } ?? .arrow }
    public var liveCellCount: Int { composition.liveCellCount }
}
