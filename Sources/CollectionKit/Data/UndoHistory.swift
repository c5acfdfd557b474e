/// One undo history for a window: the drag-and-drop manager records its drops on it, and the app
/// pushes its own edits (a shuffle, a menu command, a reorder it applied itself), so Ctrl+Z takes
/// back whatever was done last, whoever did it. Each entry knows how to undo and redo itself.
///
/// ```swift
/// let history = manager.history
/// history.push("shuffle", undo: { model.order = before; apply() }, redo: { model.order = after; apply() })
/// try history.undo()        // the shuffle, or the last drop if it came later
/// ```
public final class UndoHistory {
    /// One undoable edit.
    public struct Entry {
        /// What the user did, for menus and notices ("move Task 3 to Today").
        public var summary: String
        let undo: () throws -> Void
        let redo: () throws -> Void
        let discard: (() -> Void)?
    }

    /// The most entries kept; the oldest is forgotten past it.
    public var limit = 100 {
        didSet { trim() }
    }
    public private(set) var undoStack: [Entry] = []
    public private(set) var redoStack: [Entry] = []

    public init() {}

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }
    public var undoCount: Int { undoStack.count }
    public var redoCount: Int { redoStack.count }

    /// Records an edit that has just been done. The redo history ends here. `discard` is called
    /// when the entry is forgotten (past the limit, or a redo entry cut off by a new edit), for
    /// an owner that keeps something alive only while it can be undone (a trash).
    public func push(_ summary: String, undo: @escaping () throws -> Void, redo: @escaping () throws -> Void,
                     discard: (() -> Void)? = nil) {
        let dropped = redoStack
        redoStack.removeAll()
        undoStack.append(Entry(summary: summary, undo: undo, redo: redo, discard: discard))
        for entry in dropped { entry.discard?() }
        trim()
    }

    /// Undoes the last edit; false when there is none. When undoing throws, the entry stays where
    /// it was (nothing was changed) and the error is passed on.
    @discardableResult
    public func undo() throws -> Bool {
        guard let entry = undoStack.last else { return false }
        try entry.undo()
        undoStack.removeLast()
        redoStack.append(entry)
        return true
    }

    /// Redoes the last undone edit; false when there is none. Throws as ``undo()`` does.
    @discardableResult
    public func redo() throws -> Bool {
        guard let entry = redoStack.last else { return false }
        try entry.redo()
        redoStack.removeLast()
        undoStack.append(entry)
        return true
    }

    /// Forgets everything (a document closed).
    public func removeAll() {
        let dropped = undoStack + redoStack
        undoStack.removeAll()
        redoStack.removeAll()
        for entry in dropped { entry.discard?() }
    }

    private func trim() {
        guard undoStack.count > max(0, limit) else { return }
        let dropped = undoStack.prefix(undoStack.count - max(0, limit))
        undoStack.removeFirst(dropped.count)
        for entry in dropped { entry.discard?() }
    }
}
