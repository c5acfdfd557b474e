/// How the field draws: its box, the selection behind the text, each line as one text run at the
/// place its measurement gives, the composition underlined, and the caret.
extension TextField {
    /// A line longer than this many points is drawn only where it shows (a texture that wide
    /// would pass a renderer's limit), when it runs left to right throughout.
    static let longLine = 4096.0

    public func draw(into list: inout DrawList) {
        let style = self.style.following(Appearance.colorScheme)
        list.fill(frame, style.background, radius: style.cornerRadius)
        list.stroke(frame, isFocused ? style.focusedBorder : style.border, width: isFocused ? 2 : 1, radius: style.cornerRadius)
        let inner = textFrame
        guard inner.width > 0, inner.height > 0 else { return }
        let l = layout
        list.clipped(to: inner.insetBy(dx: -1, dy: 0)) { list in
            if l.characters.isEmpty {
                if !placeholder.isEmpty {
                    list.append(.text(TextRun(placeholder, in: Rect(x: inner.minX, y: inner.minY, width: inner.width, height: l.lineHeight),
                                              size: style.text.size, color: style.placeholderColor,
                                              alignment: layoutDirection.isRightToLeft ? .trailing : .leading, weight: style.text.weight)))
                }
            } else {
                drawLines(l, in: inner, into: &list)
            }
            if caretShown {
                let c = caretRect
                list.fill(Rect(x: c.minX.rounded(), y: c.minY, width: 1, height: c.height), style.caret)
            }
        }
        if showsLimit {
            // Under the field, on a band of its own colours, so it reads over whatever is below.
            let band = Rect(x: frame.minX, y: frame.maxY + 2, width: max(frame.width, 240), height: 20)
            list.fill(band, style.background, radius: 4)
            list.append(.text(TextRun(strings.limitReached(maximumLength ?? 0), in: band.insetBy(dx: 6, dy: 0),
                                      size: max(10, style.text.size - 2), color: style.textColor, weight: .regular)))
        }
    }

    private func drawLines(_ l: TextFieldLayout, in inner: Rect, into list: inout DrawList) {
        let style = self.style.following(Appearance.colorScheme)
        let selected = buffer.selection
        let shownSelection = displayOffset(selected.lowerBound)..<displayOffset(selected.upperBound)
        let composed = composition.map { displayOffset(buffer.caret)..<(displayOffset(buffer.caret) + $0.text.count) }
        let first = max(0, Int(((scroll.y) / l.lineHeight).rounded(.down)))
        let last = min(l.lines.count - 1, Int(((scroll.y + inner.height) / l.lineHeight).rounded(.up)))
        guard first <= last else { return }
        for i in first...last {
            let line = l.lines[i]
            let g = geometry(i)
            let x0 = inner.minX - scroll.x + lineStart(i), y = inner.minY - scroll.y + Double(i) * l.lineHeight
            if !selected.isEmpty {
                for (a, b) in g.selectionSpans(shownSelection.lowerBound - line.start, shownSelection.upperBound - line.start) {
                    list.fill(Rect(x: x0 + a, y: y, width: b - a, height: l.lineHeight), style.selection)
                }
                // A selected line break shows as a little room after the line, as in GTK.
                if shownSelection.contains(line.end), line.end < l.characters.count {
                    list.fill(Rect(x: x0 + g.width, y: y, width: 4, height: l.lineHeight), style.selection)
                }
            }
            drawText(line.text, g, x0: x0, y: y, height: l.lineHeight, visible: inner, into: &list)
            if let composed {
                for (a, b) in g.selectionSpans(composed.lowerBound - line.start, composed.upperBound - line.start) {
                    list.fill(Rect(x: x0 + a, y: y + l.lineHeight - 2, width: b - a, height: 1), style.compositionUnderline)
                }
            }
        }
    }

    private func drawText(_ text: String, _ g: TextLineGeometry, x0: Double, y: Double, height: Double, visible: Rect,
                          into list: inout DrawList) {
        let style = self.style.following(Appearance.colorScheme)
        guard !text.isEmpty else { return }
        var shown = text, x = x0, width = g.width
        if g.width > TextField.longLine, !g.rightToLeft.contains(true) {
            let chars = Array(text)
            let a = g.right.firstIndex { x0 + $0 >= visible.minX } ?? 0
            let b = g.left.lastIndex { x0 + $0 <= visible.maxX }.map { $0 + 1 } ?? chars.count
            guard a < b else { return }
            shown = String(chars[a..<b]); x = x0 + g.left[a]; width = g.right[b - 1] - g.left[a]
        }
        // As wide as measured plus slack, so the backend never cuts the line with an ellipsis.
        list.append(.text(TextRun(shown, in: Rect(x: x, y: y, width: width + 2, height: height), size: style.text.size,
                                  color: style.textColor, weight: style.text.weight)))
    }
}
