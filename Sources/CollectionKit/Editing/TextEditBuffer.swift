/// The text of a field being edited, with its caret, selection and undo history: the editing
/// rules as a value, with no drawing and no input events, so they are tested on their own.
///
/// Offsets count user-perceived characters (Swift `Character`s): a caret never splits an
/// accented letter or an emoji. Undo steps are word-sized: typing goes into one step until a new
/// word starts (a letter after a space) or the caret jumps; a run of deletions is one step; a
/// paste, a cut or a replacement is a step of its own.
///
/// ```swift
/// var b = TextEditBuffer("")
/// b.insert("hello "); b.insert("world")
/// b.undo()          // "hello "
/// b.undo()          // ""
/// ```
public struct TextEditBuffer: Equatable, Sendable {
    /// The characters, in logical order.
    public private(set) var characters: [Character]
    /// Where the selection began; equal to ``caret`` when nothing is selected.
    public private(set) var anchor: Int
    /// The caret: where typing goes and the end of the selection that moves.
    public private(set) var caret: Int
    /// The most characters the text may hold; nil for no limit. Typing and pasting past it keep
    /// what fits.
    public var maximumLength: Int?
    /// True when the text may hold line breaks; otherwise typed and pasted ones become spaces.
    public var allowsNewlines: Bool
    /// True when the last ``insert(_:typing:)`` kept less than it was given because of
    /// ``maximumLength`` (a paste cut short, a key refused): the field says so.
    public private(set) var lastInsertWasCut = false

    private struct Snapshot: Equatable, Sendable { var characters: [Character]; var anchor: Int; var caret: Int }
    private enum Step: Equatable, Sendable { case typing, deleting, other }
    private var undoStack: [Snapshot] = []
    private var redoStack: [Snapshot] = []
    /// The kind of the step the last edit belongs to, and where its caret was left: a further
    /// edit of the same kind at the same place joins it.
    private var openStep: (kind: Step, caret: Int)?

    /// Undo steps kept; older ones are forgotten.
    public static let undoLimit = 200

    public init(_ text: String, maximumLength: Int? = nil, allowsNewlines: Bool = false) {
        self.maximumLength = maximumLength
        self.allowsNewlines = allowsNewlines
        characters = Array(text)
        anchor = characters.count
        caret = characters.count
    }

    public var text: String { String(characters) }
    public var count: Int { characters.count }
    /// The selected offsets, lower to upper; empty at the caret when nothing is selected.
    public var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }
    public var hasSelection: Bool { anchor != caret }
    public var selectedText: String { String(characters[selection]) }
    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    public static func == (a: TextEditBuffer, b: TextEditBuffer) -> Bool {
        a.characters == b.characters && a.anchor == b.anchor && a.caret == b.caret && a.undoStack == b.undoStack
            && a.redoStack == b.redoStack
    }

    // MARK: Caret and selection

    /// Puts the caret at `offset`; `extending` keeps the anchor (Shift), otherwise nothing stays selected.
    public mutating func moveCaret(to offset: Int, extending: Bool = false) {
        caret = clamp(offset)
        if !extending { anchor = caret }
        openStep = nil
    }

    /// Selects from `anchor` to `caret`.
    public mutating func select(from anchor: Int, to caret: Int) {
        self.anchor = clamp(anchor)
        self.caret = clamp(caret)
        openStep = nil
    }

    public mutating func selectAll() { select(from: 0, to: count) }

    private func clamp(_ offset: Int) -> Int { min(max(0, offset), count) }

    // MARK: Words and lines

    private enum CharacterClass { case word, space, other }
    private static func characterClass(_ c: Character) -> CharacterClass {
        if c.isWhitespace { return .space }
        if c.isLetter || c.isNumber || c == "_" || c == "'" { return .word }
        return .other
    }

    /// The word (or run of spaces, or of punctuation) around `offset`, as a double-click selects it.
    public func wordRange(at offset: Int) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let i = min(clamp(offset), count - 1)
        let kind = TextEditBuffer.characterClass(characters[i])
        var a = i, b = i + 1
        while a > 0, TextEditBuffer.characterClass(characters[a - 1]) == kind, characters[a - 1] != "\n" { a -= 1 }
        while b < count, TextEditBuffer.characterClass(characters[b]) == kind, characters[b] != "\n" { b += 1 }
        return a..<b
    }

    /// Where Ctrl+Right (`forward`) or Ctrl+Left moves from `offset`: to the end of the next word,
    /// or the start of the previous one (spaces and punctuation are skipped over).
    public func wordBoundary(from offset: Int, forward: Bool) -> Int {
        var i = clamp(offset)
        func isWord(_ k: Int) -> Bool { TextEditBuffer.characterClass(characters[k]) == .word }
        if forward {
            while i < count, !isWord(i) { i += 1 }
            while i < count, isWord(i) { i += 1 }
        } else {
            while i > 0, !isWord(i - 1) { i -= 1 }
            while i > 0, isWord(i - 1) { i -= 1 }
        }
        return i
    }

    /// The line (between line breaks) around `offset`, without its break, as a triple-click selects it.
    public func lineRange(at offset: Int) -> Range<Int> {
        var a = clamp(offset), b = clamp(offset)
        while a > 0, characters[a - 1] != "\n" { a -= 1 }
        while b < count, characters[b] != "\n" { b += 1 }
        return a..<b
    }

    // MARK: Editing

    /// Types or pastes `text` over the selection. Returns false when nothing changed (the limit
    /// reached). `typing` joins the step being typed; a paste is a step of its own.
    @discardableResult
    public mutating func insert(_ text: String, typing: Bool = true) -> Bool {
        let room = maximumLength.map { max(0, $0 - (count - selection.count)) } ?? Int.max
        // Only what can be kept is looked at: a 2 MB paste into a 1,000-character field costs
        // the field's room, not the paste's length.
        let (incoming, cut) = TextEditBuffer.accepted(text, room: room, newlines: allowsNewlines)
        lastInsertWasCut = cut
        guard !incoming.isEmpty || hasSelection else { return false }
        let startsWord = incoming.first.map { TextEditBuffer.characterClass($0) == .word } ?? false
        let afterSpace = caret > 0 && TextEditBuffer.characterClass(characters[caret - 1]) == .space
        let joins = typing && !hasSelection && isOpen(.typing) && !(startsWord && afterSpace)
        if !joins { pushUndo() }
        let range = selection
        characters.replaceSubrange(range, with: incoming)
        caret = range.lowerBound + incoming.count
        anchor = caret
        openStep = typing && incoming.count <= 1 ? (.typing, caret) : nil
        return true
    }

    /// Backspace (`forward` false) or Delete: the selection, or one character (a word with
    /// `word`, as Ctrl+Backspace). False when there was nothing to delete.
    @discardableResult
    public mutating func delete(forward: Bool, word: Bool = false) -> Bool {
        var range = selection
        if range.isEmpty {
            let other = word ? wordBoundary(from: caret, forward: forward) : clamp(caret + (forward ? 1 : -1))
            range = min(caret, other)..<max(caret, other)
        }
        guard !range.isEmpty else { return false }
        if hasSelection || !isOpen(.deleting) { pushUndo() }
        characters.removeSubrange(range)
        caret = range.lowerBound
        anchor = caret
        openStep = (.deleting, caret)
        return true
    }

    /// Replaces the whole text (a cancel restoring what was there, an app setting it); the undo
    /// history starts again.
    public mutating func replaceAll(with text: String) {
        characters = Array(text)
        caret = count; anchor = count
        undoStack.removeAll(); redoStack.removeAll(); openStep = nil
    }

    /// Takes back the last step; false when there is none.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let s = undoStack.popLast() else { return false }
        redoStack.append(Snapshot(characters: characters, anchor: anchor, caret: caret))
        restore(s)
        return true
    }

    /// Makes the last undone step again; false when there is none.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let s = redoStack.popLast() else { return false }
        undoStack.append(Snapshot(characters: characters, anchor: anchor, caret: caret))
        restore(s)
        return true
    }

    private mutating func restore(_ s: Snapshot) {
        characters = s.characters; anchor = s.anchor; caret = s.caret; openStep = nil
    }

    private func isOpen(_ kind: Step) -> Bool { openStep?.kind == kind && openStep?.caret == caret }

    private mutating func pushUndo() {
        undoStack.append(Snapshot(characters: characters, anchor: anchor, caret: caret))
        if undoStack.count > TextEditBuffer.undoLimit { undoStack.removeFirst() }
        redoStack.removeAll()
    }
}

extension TextEditBuffer {
    /// The characters of `text` a field keeps, at most `room` of them, and whether some were left
    /// out for want of room. Line breaks (CR LF and CR too) become "\n" where `newlines` allows
    /// them and spaces elsewhere, as tabs do on one line; other control characters (C0, DEL, C1)
    /// are dropped: pasted from a terminal or a web page they would go raw into titles and files.
    /// O(what is kept), plus the rest of `text` only when it is all dropped characters.
    static func accepted(_ text: String, room: Int, newlines: Bool) -> ([Character], Bool) {
        var out: [Character] = []
        out.reserveCapacity(min(room, text.utf8.count))
        for c in text {
            let kept: Character
            if c == "\r\n" || c == "\r" || c == "\n" { kept = newlines ? "\n" : " " } else if c == "\t" {
                kept = newlines ? "\t" : " "
            } else if let first = c.unicodeScalars.first, c.unicodeScalars.count == 1,
                      first.value < 0x20 || (first.value >= 0x7F && first.value < 0xA0) {
                continue
            } else {
                kept = c
            }
            guard out.count < room else { return (out, true) }
            out.append(kept)
        }
        return (out, false)
    }
}
