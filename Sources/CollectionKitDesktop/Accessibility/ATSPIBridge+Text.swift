import CollectionKit

/// What listeners last knew of the text field shown: which field, where, its text and caret.
struct ATSPIFieldSeen {
    var field: ObjectIdentifier
    var path: ATSPIObjectPath
    var text: [Unicode.Scalar]
    var caret: Int
}

/// `Text` and `EditableText`: a node's text read by offsets in Unicode scalars (a label's name, a
/// text field's text with its caret and selection), a field's text set, inserted and deleted, and
/// the `text-changed` and `text-caret-moved` events of a field as the user types.
extension ATSPIBridge {
    func textProperties(_ n: ATSPIResolvedNode) -> [(String, DBusValue)] {
        let count = n.node.textField?.accessibleCharacterCount ?? n.node.name.unicodeScalars.count
        return [("CharacterCount", .int32(Int32(clamping: count))),
                ("CaretOffset", .int32(Int32(clamping: n.node.textField?.accessibleCaretOffset ?? 0)))]
    }

    /// Answers one `Text` call; true when it moved the caret or the selection.
    func answerText(_ r: ATSPIRequest, _ n: ATSPIResolvedNode) -> Bool {
        let field = n.node.textField
        let scalars = Array((field?.accessibleText ?? n.node.name).unicodeScalars)
        let a = r.arguments
        func offset(_ i: Int) -> Int { Int(a.int32(i) ?? -1) }
        switch r.method {
        case "GetText":
            let start = max(0, min(offset(0), scalars.count))
            let asked = offset(1)
            let end = asked < 0 ? scalars.count : max(start, min(asked, scalars.count))
            r.reply([.string(ATSPITextRuns.string(scalars[start..<end]))])
        case "GetCharacterAtOffset":
            let i = offset(0)
            r.reply([.int32(scalars.indices.contains(i) ? Int32(bitPattern: scalars[i].value) : 0)])
        case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset", "GetStringAtOffset":
            let unit = ATSPITextRuns.Unit(method: r.method, number: a.uint32(1) ?? 0)
            var range = ATSPITextRuns.range(in: scalars, at: offset(0), unit: unit)
            if r.method == "GetTextBeforeOffset" {
                range = range.lowerBound > 0 ? ATSPITextRuns.range(in: scalars, at: range.lowerBound - 1, unit: unit) : 0..<0
            } else if r.method == "GetTextAfterOffset" {
                range = range.upperBound < scalars.count
                    ? ATSPITextRuns.range(in: scalars, at: range.upperBound, unit: unit) : scalars.count..<scalars.count
            }
            r.reply([.string(ATSPITextRuns.string(scalars[range])), .int32(Int32(clamping: range.lowerBound)),
                     .int32(Int32(clamping: range.upperBound))])
        case "GetNSelections": r.reply([.int32(field.map { $0.accessibleSelection.isEmpty ? 0 : 1 } ?? 0)])
        case "GetSelection":
            let s = field?.accessibleSelection ?? 0..<0
            let exists = offset(0) == 0 && !s.isEmpty
            r.reply([.int32(Int32(clamping: exists ? s.lowerBound : 0)), .int32(Int32(clamping: exists ? s.upperBound : 0))])
        case "AddSelection", "SetSelection":
            let first = r.method == "SetSelection" ? 1 : 0
            guard let field, r.method == "AddSelection" || offset(0) == 0 else { r.reply([.bool(false)]); return false }
            let from = offset(first), to = offset(first + 1)
            let done = field.setAccessibleSelection(min(from, to)..<max(from, to))
            r.reply([.bool(done)]); return done
        case "RemoveSelection":
            guard let field, offset(0) == 0, !field.accessibleSelection.isEmpty else { r.reply([.bool(false)]); return false }
            let done = field.setAccessibleCaretOffset(field.accessibleCaretOffset)
            r.reply([.bool(done)]); return done
        case "SetCaretOffset":
            let done = field?.setAccessibleCaretOffset(offset(0)) ?? false
            r.reply([.bool(done)]); return done
        case "GetCharacterExtents":
            let f = field?.accessibleCharacterFrame(at: offset(0)) ?? .zero
            let e = extents(ATSPIResolvedNode(node: AccessibleNode(role: .label, name: "", frame: f), path: n.path, parent: n.parent),
                            coordType: a.uint32(1) ?? 0)
            r.reply([.int32(Int32(clamping: Int(e.minX.rounded()))), .int32(Int32(clamping: Int(e.minY.rounded()))),
                     .int32(Int32(clamping: Int(e.width.rounded()))), .int32(Int32(clamping: Int(e.height.rounded())))])
        case "GetDefaultAttributes": r.reply([.stringDictionary([])])
        // One run without attributes of its own (screen readers ask, to speak a misspelling).
        case "GetAttributes", "GetAttributeRun":
            r.reply([.stringDictionary([]), .int32(0), .int32(Int32(clamping: scalars.count))])
        case "GetAttributeValue": r.reply([.string("")])
        default: r.fail(ATSPIRequest.unknownInterface, "no method \(r.method)")
        }
        return false
    }

    /// Answers one `EditableText` call on a text field; true when it changed the text.
    func answerEditableText(_ r: ATSPIRequest, _ n: ATSPIResolvedNode) -> Bool {
        guard let field = n.node.textField else { r.fail(ATSPIRequest.unknownInterface, "\(r.path) is not editable"); return false }
        let a = r.arguments
        let count = field.accessibleCharacterCount
        func clamped(_ i: Int) -> Int { max(0, min(Int(a.int32(i) ?? 0), count)) }
        let done: Bool
        switch r.method {
        case "SetTextContents":
            done = field.replaceAccessibleText(0..<count, with: a.string(0) ?? "")
        case "InsertText":
            // `length` counts bytes in libatspi's C API and characters in its callers: the text is
            // taken whole, as GTK does.
            let at = clamped(0)
            done = field.replaceAccessibleText(at..<at, with: a.string(1) ?? "")
        case "DeleteText":
            let from = clamped(0)
            let to = Int(a.int32(1) ?? -1) < 0 ? count : clamped(1)
            done = field.replaceAccessibleText(min(from, to)..<max(from, to), with: "")
        default: r.fail(ATSPIRequest.unknownInterface, "no method \(r.method)"); return false
        }
        r.reply([.bool(done)])
        return done
    }

    /// The shown field's changes since listeners last heard: a focus event when a field opens
    /// (and back to the focused item when it closes), `text-changed:delete` and `:insert` for what
    /// the text lost and gained (its common start and end kept), and `text-caret-moved`. Walks the
    /// listed nodes only.
    func sendTextField(_ tree: ATSPITree) {
        // The field with the focus, else the first shown: the one typing goes to.
        let shown = tree.path(where: { $0.textField?.isFocused == true }) ?? tree.path(where: { $0.textField != nil })
        guard let path = shown, let field = tree.resolve(path)?.node.textField else {
            if let gone = fieldSeen {
                fieldSeen = nil
                if lastFocus == gone.path { focusCurrent(tree) }
            }
            return
        }
        let now = ATSPIFieldSeen(field: ObjectIdentifier(field), path: path, text: Array(field.accessibleText.unicodeScalars),
                                 caret: field.accessibleCaretOffset)
        defer { fieldSeen = now }
        guard let before = fieldSeen, before.field == now.field, before.path == now.path else {
            if field.isFocused { focus(path) }
            return
        }
        if before.text != now.text {
            let change = ATSPITextRuns.difference(from: before.text, to: now.text)
            if !change.removed.isEmpty {
                emit(path, "object:text-changed:delete", signal: "TextChanged", detail: "delete", Int32(clamping: change.offset),
                     detail2: Int32(clamping: change.removed.count), .string(ATSPITextRuns.string(change.removed[...])))
            }
            if !change.inserted.isEmpty {
                emit(path, "object:text-changed:insert", signal: "TextChanged", detail: "insert", Int32(clamping: change.offset),
                     detail2: Int32(clamping: change.inserted.count), .string(ATSPITextRuns.string(change.inserted[...])))
            }
        }
        if before.caret != now.caret || before.text != now.text {
            emit(path, "object:text-caret-moved", signal: "TextCaretMoved", detail: "", Int32(clamping: now.caret), .int32(0))
        }
    }
}

/// Runs of text by AT-SPI's boundaries and granularities, over Unicode scalars.
enum ATSPITextRuns {
    enum Unit {
        case character, word, wordEnd, sentence, line, lineEnd

        /// `GetStringAtOffset`'s granularity (character, word, sentence, line, paragraph) or the
        /// other calls' boundary type (`AtspiTextBoundaryType`: character, word start and end,
        /// sentence start and end, line start and end).
        init(method: String, number: UInt32) {
            if method == "GetStringAtOffset" {
                self = switch number { case 0: .character; case 1: .word; case 2: .sentence; default: .lineEnd }
            } else {
                self = switch number {
                case 0: .character
                case 1: .word
                case 2: .wordEnd
                case 3, 4: .sentence
                case 5: .line
                default: .lineEnd
                }
            }
        }
    }

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    static func isWord(_ s: Unicode.Scalar) -> Bool { s.properties.isAlphabetic || s.properties.numericType != nil || s == "_" }

    /// The run of `unit` that holds `offset` (clamped to the text). A word runs from its first
    /// character to the next word's first (`.word`, AT-SPI's word start) or from the end of the
    /// word before to its own end (`.wordEnd`); a line from after one line break to after the
    /// next (`.line`) or from one break to the next (`.lineEnd`); a sentence is the whole text.
    static func range(in s: [Unicode.Scalar], at offset: Int, unit: Unit) -> Range<Int> {
        let n = s.count
        let o = max(0, min(offset, n))
        func wordStart(_ i: Int) -> Bool { i < n && isWord(s[i]) && (i == 0 || !isWord(s[i - 1])) }
        func wordEnd(_ i: Int) -> Bool { i > 0 && isWord(s[i - 1]) && (i == n || !isWord(s[i])) }
        switch unit {
        case .character: return o..<min(o + 1, n)
        case .sentence: return 0..<n
        case .word, .wordEnd:
            let boundary = unit == .word ? wordStart : wordEnd
            var a = o
            while a > 0, !boundary(a) { a -= 1 }
            var b = a + 1
            while b < n, !boundary(b) { b += 1 }
            return a..<min(b, n)
        case .line, .lineEnd:
            var a = o
            while a > 0, s[a - 1] != "\n" { a -= 1 }
            var b = o
            while b < n, s[b] != "\n" { b += 1 }
            if unit == .line, b < n { b += 1 }
            if unit == .lineEnd, a > 0 { a -= 1 }
            return a..<b
        }
    }

    /// What turns `old` into `new`: at `offset`, `removed` taken out and `inserted` put in, the
    /// common start and end kept. O(n).
    static func difference(from old: [Unicode.Scalar], to new: [Unicode.Scalar])
        -> (offset: Int, removed: [Unicode.Scalar], inserted: [Unicode.Scalar]) {
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var end = 0
        while end < old.count - start, end < new.count - start, old[old.count - 1 - end] == new[new.count - 1 - end] { end += 1 }
        return (start, Array(old[start..<(old.count - end)]), Array(new[start..<(new.count - end)]))
    }
}
