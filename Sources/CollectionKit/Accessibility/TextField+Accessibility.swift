/// A text field as assistive technology reads and edits it (AT-SPI's `Text` and `EditableText`,
/// ATK's and IAccessible2's alike): its text, caret and selection counted in Unicode scalars, as
/// those interfaces count characters, while the field itself counts grapheme clusters. An edit
/// made this way is one undo step, as a paste is, and tells ``TextField/onChange``.
///
/// ```swift
/// let node = field.accessibilityNode(name: "Card title")
/// node.textField?.accessibleCaretOffset          // 4 after typing "Milk"
/// node.textField?.replaceAccessibleText(0..<4, with: "Bread")
/// ```
extension TextField {
    /// The node of the field: an entry named `name` (the placeholder when nil), focusable, focused
    /// while it has the focus, editable, and multi-line when it is.
    public func accessibilityNode(name: String? = nil, index: Int? = nil) -> AccessibleNode {
        var states: AccessibleStates = [.focusable, .editable]
        if isFocused { states.insert(.focused) }
        if isMultiline { states.insert(.multiLine) }
        return AccessibleNode(role: .entry, name: name ?? placeholder, states: states, index: index, frame: frame,
                              textField: self)
    }

    /// The text as it stands (an input method's composition not included).
    public var accessibleText: String { buffer.text }

    /// The number of Unicode scalars in the text. O(n).
    public var accessibleCharacterCount: Int { buffer.text.unicodeScalars.count }

    /// The caret, in Unicode scalars from the start. O(n).
    public var accessibleCaretOffset: Int { scalarOffset(ofCharacter: buffer.caret) }

    /// The selection, in Unicode scalars; empty when nothing is selected. O(n).
    public var accessibleSelection: Range<Int> {
        let s = buffer.selection
        return scalarOffset(ofCharacter: s.lowerBound)..<scalarOffset(ofCharacter: s.upperBound)
    }

    /// Puts the caret at a scalar offset (inside a cluster of several scalars: at its start),
    /// clearing the selection. False when the offset lies outside the text.
    @discardableResult
    public func setAccessibleCaretOffset(_ offset: Int) -> Bool {
        guard (0...accessibleCharacterCount).contains(offset) else { return false }
        buffer.moveCaret(to: characterOffset(ofScalar: offset))
        changedSelection()
        return true
    }

    /// Selects from `range`'s start to its end (scalar offsets). False outside the text.
    @discardableResult
    public func setAccessibleSelection(_ range: Range<Int>) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= accessibleCharacterCount else { return false }
        buffer.select(from: characterOffset(ofScalar: range.lowerBound), to: characterOffset(ofScalar: range.upperBound))
        changedSelection()
        return true
    }

    /// Replaces the scalars in `range` with `text` (an insertion when the range is empty, a
    /// deletion when the text is), as one undo step, within the length limit. The caret ends
    /// after what was put in. False when nothing changed or the range lies outside the text.
    @discardableResult
    public func replaceAccessibleText(_ range: Range<Int>, with text: String) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= accessibleCharacterCount else { return false }
        composition = nil
        buffer.select(from: characterOffset(ofScalar: range.lowerBound), to: characterOffset(ofScalar: range.upperBound))
        let changed = text.isEmpty ? buffer.hasSelection && buffer.delete(forward: true) : buffer.insert(text, typing: false)
        if changed { changedText() } else { changedSelection() }
        return changed
    }

    /// The scalar offset where the character at `index` starts. O(index).
    func scalarOffset(ofCharacter index: Int) -> Int {
        buffer.characters.prefix(index).reduce(0) { $0 + $1.unicodeScalars.count }
    }

    /// The character that holds scalar `offset` (the count of characters for the end). O(n).
    func characterOffset(ofScalar offset: Int) -> Int {
        var scalars = 0
        for (i, c) in buffer.characters.enumerated() {
            if scalars + c.unicodeScalars.count > offset { return i }
            scalars += c.unicodeScalars.count
        }
        return buffer.count
    }
}

extension Composition {
    /// The text fields shown now, in the order of the parts: each field listed as a part, and the
    /// field an ``InPlaceEditor`` has open. What assistive technology lists after the collections.
    public var textFields: [TextField] {
        parts.compactMap { part in
            switch part {
            case let f as TextField: f
            case let e as InPlaceEditor: e.field
            default: nil
            }
        }
    }
}

extension TextField {
    /// Where the character at scalar `offset` is drawn, in window points: from its caret place to
    /// the next one on the same line (a caret's width at a line's end). O(n).
    public func accessibleCharacterFrame(at offset: Int) -> Rect {
        guard (0...accessibleCharacterCount).contains(offset) else { return .zero }
        let c = characterOffset(ofScalar: offset)
        let p = caretPoint(displayOffset: displayOffset(c))
        var width = 1.0
        if c < buffer.count {
            let q = caretPoint(displayOffset: displayOffset(c + 1))
            if q.y == p.y { width = max(1, abs(q.x - p.x)) }
        }
        let x = c < buffer.count ? min(p.x, p.x + width) : p.x
        return Rect(x: x, y: p.y, width: width, height: layout.lineHeight)
    }
}
