/// The field's input: presses and drags place the caret and select (by character, word or line
/// with one, two or three clicks), keys move and edit, text and compositions type.
extension TextField {
    static let backspace = Key("Backspace"), delete = Key("Delete"), keypadEnter = Key("Keypad Enter")

    public func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        self.now = now
        switch event {
        case let .pointerDown(p, button, mods):
            guard frame.contains(p) else {
                // A press outside commits; the press goes on to whatever is under it.
                if isFocused { commit() }
                return .ignored
            }
            guard button == .left else {
                // A middle click pastes the primary selection at the click, as X11 programs do.
                if button == .middle { pastePrimarySelection(at: p) }
                return .handled
            }
            let count = clicks.press(at: p, now: now)
            let at = bufferOffset(displayOffset(at: p))
            composition = nil
            switch count {
            case 2: let w = buffer.wordRange(at: at); buffer.select(from: w.lowerBound, to: w.upperBound); selecting = (w, 2)
            case 3: let l = isMultiline ? buffer.lineRange(at: at) : 0..<buffer.count
                buffer.select(from: l.lowerBound, to: l.upperBound); selecting = (l, 3)
            default:
                buffer.moveCaret(to: at, extending: mods.contains(.shift))
                selecting = (buffer.selection.isEmpty ? at..<at : buffer.anchor..<buffer.anchor, 1)
            }
            goalX = nil
            changedSelection()
            return .handled
        case let .pointerMove(p, _):
            guard let s = selecting else { return .ignored }
            extendSelection(to: bufferOffset(displayOffset(at: p)), from: s.origin, unit: s.unit)
            changedSelection()
            return .handled
        case .pointerUp:
            guard selecting != nil else { return .ignored }
            selecting = nil
            return .handled
        case .focus(gained: false):
            selecting = nil
            return .ignored
        case let .text(s):
            guard isFocused else { return .ignored }
            composition = nil
            if buffer.insert(s) { changedText() }
            noteLimit()
            return .handled
        case let .composition(s, cursor):
            guard isFocused else { return .ignored }
            if s.isEmpty { composition = nil } else {
                if composition == nil, buffer.hasSelection { buffer.delete(forward: false); changedText() }
                composition = (s, min(max(0, cursor), s.count))
            }
            invalidate()
            restartBlink()
            services.input.moveTextInput(caret: caretRect)
            return .handled
        case let .key(key, mods):
            guard isFocused else { return .ignored }
            return handleKey(key, mods)
        default:
            return .ignored
        }
    }

    /// A display offset (in the text with the composition) as an offset in the buffer.
    func bufferOffset(_ display: Int) -> Int {
        guard let c = composition, display > buffer.caret else { return display }
        return max(buffer.caret, display - c.text.count)
    }

    private func extendSelection(to at: Int, from origin: Range<Int>, unit: Int) {
        switch unit {
        case 1: buffer.select(from: origin.lowerBound, to: at)
        default:
            let piece = unit == 2 ? buffer.wordRange(at: at) : (isMultiline ? buffer.lineRange(at: at) : 0..<buffer.count)
            if at < origin.lowerBound { buffer.select(from: origin.upperBound, to: piece.lowerBound) }
            else { buffer.select(from: origin.lowerBound, to: max(origin.upperBound, piece.upperBound)) }
        }
    }

    private func handleKey(_ key: Key, _ mods: Modifiers) -> EventDisposition {
        let ctrl = mods.contains(.ctrl), shift = mods.contains(.shift)
        if composition != nil { return .handled }   // the input method has the keys while it composes
        switch key {
        case .escape: cancel()
        case .enter, TextField.keypadEnter:
            if isMultiline && shift {
                if buffer.insert("\n", typing: false) { changedText() }
            } else { commit() }
        case .tab: return .ignored
        case .left, .right: moveHorizontally(right: key == .right, word: ctrl, extend: shift)
        case .up, .down:
            guard isMultiline else { return .handled }
            moveVertically(down: key == .down, extend: shift)
            return .handled
        case .home, .end:
            let target: Int
            if ctrl { target = key == .home ? 0 : buffer.count } else {
                let l = layout, i = l.lineIndex(of: displayOffset(buffer.caret))
                let g = geometry(i)
                let edge = g.isRightToLeft ? key == .end : key == .home
                target = bufferOffset(l.lines[i].start + g.edgeOffset(leftEnd: edge))
            }
            buffer.moveCaret(to: target, extending: shift)
            goalX = nil
            changedSelection()
        case TextField.backspace, TextField.delete:
            if buffer.delete(forward: key == TextField.delete, word: ctrl) { changedText() }
        case Key("a") where ctrl: buffer.selectAll(); changedSelection()
        case Key("c") where ctrl: copy()
        case Key("x") where ctrl: copy(); if buffer.hasSelection, buffer.delete(forward: false) { changedText() }
        case Key("v") where ctrl: paste()
        case Key("z") where ctrl && !shift: if buffer.undo() { changedText() }
        case Key("z") where ctrl && shift, Key("y") where ctrl: if buffer.redo() { changedText() }
        default:
            // Keys that type arrive again as text; keep them from acting as shortcuts. Keys with
            // Ctrl, Alt or the system key the field does not use go on to the app.
            return mods.isDisjoint(with: [.ctrl, .alt, .gui]) ? .handled : .ignored
        }
        return .handled
    }

    /// Left or Right: one place as drawn (across a right-to-left run the caret moves the way the
    /// arrow points), or by words with Ctrl; a selection collapses to its side first.
    private func moveHorizontally(right: Bool, word: Bool, extend: Bool) {
        goalX = nil
        if buffer.hasSelection && !extend && !word {
            buffer.moveCaret(to: right ? buffer.selection.upperBound : buffer.selection.lowerBound)
            changedSelection()
            return
        }
        var target: Int
        if word {
            target = buffer.wordBoundary(from: buffer.caret, forward: right)
        } else {
            let l = layout, i = l.lineIndex(of: buffer.caret)
            let line = l.lines[i]
            let from = caretPlace.flatMap { $0.offset == buffer.caret ? $0.x : nil }
            let stop = geometry(i).stop(movedFrom: buffer.caret - line.start, at: from, right: right)
            let moved = line.start + stop.offset
            target = moved
            if moved != buffer.caret {
                buffer.moveCaret(to: target, extending: extend)
                caretPlace = (target, stop.x)
                changedSelection()
                return
            }
            if moved == buffer.caret {
                // At the line's end as drawn: on to the next line (or back to the previous one).
                let forward = right != geometry(i).isRightToLeft
                target = forward ? (i + 1 < l.lines.count ? l.lines[i + 1].start : buffer.caret)
                                 : (i > 0 ? l.lines[i - 1].end : buffer.caret)
            }
        }
        buffer.moveCaret(to: target, extending: extend)
        changedSelection()
    }

    private func moveVertically(down: Bool, extend: Bool) {
        let l = layout, i = l.lineIndex(of: buffer.caret)
        let x = goalX ?? geometry(i).caretX(at: buffer.caret - l.lines[i].start)
        let j = i + (down ? 1 : -1)
        let target: Int
        if j < 0 { target = 0 } else if j >= l.lines.count { target = buffer.count } else {
            target = l.lines[j].start + geometry(j).offset(atX: x)
        }
        buffer.moveCaret(to: target, extending: extend)
        goalX = x
        changedSelection()
    }

    private func copy() {
        guard buffer.hasSelection else { return }
        services.clipboard.setText(buffer.selectedText)
    }

    /// The primary selection's text inserted where `p` is (the caret moves there first).
    private func pastePrimarySelection(at p: Point) {
        guard let s = services.primarySelection?.text, !s.isEmpty else { return }
        composition = nil
        buffer.moveCaret(to: bufferOffset(displayOffset(at: p)))
        goalX = nil
        if buffer.insert(s, typing: false) { changedText() } else { changedSelection() }
        noteLimit()
    }

    private func paste() {
        guard let s = services.clipboard.text, !s.isEmpty else { return }
        if buffer.insert(s, typing: false) { changedText() }
        noteLimit()
    }

    /// After typing or a paste: when the limit kept something out, the field says so (a line
    /// under it for a few seconds) and tells ``onLimit``.
    func noteLimit() {
        guard buffer.lastInsertWasCut, let limit = maximumLength else { return }
        limitShownUntil = now + TextField.limitNoticeSeconds
        onLimit?(limit)
    }

    func changedText() {
        caretPlace = nil
        invalidate()
        changedSelection()
        onChange?(buffer.text)
    }

    func changedSelection() {
        // Selected text is the primary selection's (X11, Wayland), for a middle click elsewhere.
        if buffer.hasSelection, let primary = services.primarySelection { primary.setText(buffer.selectedText) }
        if let p = caretPlace, p.offset != buffer.caret { caretPlace = nil }
        restartBlink()
        scrollCaretIntoView()
        if isFocused { services.input.moveTextInput(caret: caretRect) }
    }
}
