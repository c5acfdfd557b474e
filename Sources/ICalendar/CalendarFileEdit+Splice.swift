import CLibical
import CalendarModel
import Foundation

/// Writing a changed component in the form of its original text, and splicing changes into the
/// file's bytes.
extension CalendarFileEdit {
    // MARK: A changed component, written like the original

    /// A content line or a subcomponent of a component's text, by its byte range.
    private enum Part {
        case property(name: String, range: Range<Int>)
        case subcomponent(Range<Int>)
        case other(Range<Int>)
    }

    /// `new` (a changed copy of `old`, which libical read from `text`) written like `text`: every
    /// property whose values libical sees unchanged keeps its original lines (case, parameters,
    /// folding, line ends); properties of a name whose values changed are written by libical in
    /// the place of the first original line of that name; new properties go after the others,
    /// before any subcomponent. Falls back to libical's text of `new` when the result would not
    /// read back as `new`.
    static func rewritten(_ text: ArraySlice<UInt8>, old: OpaquePointer, new: OpaquePointer) -> [UInt8] {
        let lineEnd = CalendarText.lineEnd(of: text)
        let whole = CalendarText.withLineEnds(Array(serialize(new).utf8), lineEnd)
        let lines = logicalLines(text)
        guard lines.count >= 2 else { return whole }
        let oldProperties = properties(old), newProperties = properties(new)
        let oldByName = Dictionary(grouping: oldProperties, by: \.name).mapValues { $0.map(\.text) }
        let newByName = Dictionary(grouping: newProperties, by: \.name).mapValues { $0.map(\.text) }
        let changed = Set(oldByName.keys).union(newByName.keys).filter { oldByName[$0] != newByName[$0] }
        let newSubcomponents = subcomponents(new)
        let subcomponentsChanged = subcomponents(old) != newSubcomponents

        var out: [UInt8] = Array(text[lines[0]])
        var written = Set<String>()
        func write(_ name: String) {
            guard written.insert(name).inserted else { return }
            for t in newByName[name] ?? [] { out += CalendarText.withLineEnds(Array(t.utf8), lineEnd) }
        }
        var addedWritten = false
        func writeAdded() {
            guard !addedWritten else { return }
            addedWritten = true
            for p in newProperties where oldByName[p.name] == nil { write(p.name) }
        }
        var subcomponentsWritten = false
        for part in parts(text, lines: lines[1..<(lines.count - 1)]) {
            switch part {
            case let .property(name, range):
                if changed.contains(name) { write(name) } else { out += text[range] }
            case let .subcomponent(range):
                writeAdded()
                if !subcomponentsChanged {
                    out += text[range]
                } else if !subcomponentsWritten {
                    subcomponentsWritten = true
                    for s in newSubcomponents { out += CalendarText.withLineEnds(Array(s.utf8), lineEnd) }
                }
            case let .other(range):
                out += text[range]
            }
        }
        writeAdded()
        // Names libical reads that no original line carries (a mismatch the check below catches).
        for name in changed { write(name) }
        if subcomponentsChanged, !subcomponentsWritten {
            for s in newSubcomponents { out += CalendarText.withLineEnds(Array(s.utf8), lineEnd) }
        }
        out += text[lines[lines.count - 1].lowerBound...]
        return readsBack(out, as: new) ? out : whole
    }

    /// Each content line's range with its continuation lines and line end.
    private static func logicalLines(_ text: ArraySlice<UInt8>) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = text.startIndex
        while i < text.endIndex {
            var end = i
            while end < text.endIndex, text[end] != 0x0A { end += 1 }
            end = min(end + 1, text.endIndex)
            if (text[i] == 0x20 || text[i] == 0x09), let last = out.last {
                out[out.count - 1] = last.lowerBound..<end
            } else {
                out.append(i..<end)
            }
            i = end
        }
        return out
    }

    private static func parts(_ text: ArraySlice<UInt8>, lines: ArraySlice<Range<Int>>) -> [Part] {
        func starts(_ r: Range<Int>, _ prefix: String) -> Bool {
            let head = text[r].prefix(prefix.utf8.count)
            return head.count == prefix.utf8.count && zip(head, prefix.utf8).allSatisfy { a, b in (a >= 0x61 && a <= 0x7A ? a - 0x20 : a) == b }
        }
        var out: [Part] = []
        var depth = 0
        var subStart = 0
        for r in lines {
            if depth > 0 {
                if starts(r, "BEGIN:") { depth += 1 } else if starts(r, "END:") { depth -= 1 }
                if depth == 0 { out.append(.subcomponent(subStart..<r.upperBound)) }
            } else if starts(r, "BEGIN:") {
                depth = 1
                subStart = r.lowerBound
            } else {
                let name = text[r].prefix { $0 != 0x3A && $0 != 0x3B && $0 != 0x0D && $0 != 0x0A }
                let upper = String(decoding: name, as: UTF8.self).trimmingCharacters(in: .whitespaces).uppercased()
                out.append(upper.isEmpty ? .other(r) : .property(name: upper, range: r))
            }
        }
        if depth > 0 { out.append(.subcomponent(subStart..<(lines.last?.upperBound ?? subStart))) }
        return out
    }

    private static func properties(_ c: OpaquePointer) -> [(name: String, text: String)] {
        var out: [(String, String)] = []
        var p = icalcomponent_get_first_property(c, ICAL_ANY_PROPERTY)
        while let prop = p {
            let name = icalproperty_get_property_name_r(prop).map { n -> String in defer { free(n) }; return String(cString: n).uppercased() } ?? ""
            let text = icalproperty_as_ical_string_r(prop).map { t -> String in defer { free(t) }; return String(cString: t) } ?? ""
            out.append((name, text))
            p = icalcomponent_get_next_property(c, ICAL_ANY_PROPERTY)
        }
        return out
    }

    private static func subcomponents(_ c: OpaquePointer) -> [String] {
        var out: [String] = []
        var s = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT)
        while let sub = s {
            out.append(serialize(sub))
            s = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT)
        }
        return out
    }

    /// Whether libical reads `text` as `component`: the same properties and subcomponents.
    private static func readsBack(_ text: [UInt8], as component: OpaquePointer) -> Bool {
        var cText = text.map { CChar(bitPattern: $0) }
        cText.append(0)
        guard let c = icalparser_parse_string(cText) else { return false }
        defer { icalcomponent_free(c) }
        return properties(c).map(\.text).sorted() == properties(component).map(\.text).sorted()
            && subcomponents(c) == subcomponents(component)
    }

    // MARK: Splicing an edit into the file as it is now

    /// The file's bytes with `edit` made: each component of `edit.before` (its text, found in the
    /// file byte for byte, or equal once unfolded) replaced by its `edit.after` ("" removes it);
    /// an `after` with an empty `before` is inserted after the event's last component, or before
    /// END:VCALENDAR. Refused, with the reason, when a component to change is not in the file
    /// as it was read.
    static func applied(_ edit: EventEdit, to file: CalendarText) -> Result<[UInt8], EditFailure> {
        var splices: [CalendarText.Splice] = []
        var used = Set<Int>()
        let events = file.events
        let ofEvent = events.indices.filter { events[$0].uid == edit.uid }
        for (n, (before, after)) in zip(edit.before, edit.after).enumerated() {
            if before.isEmpty {
                guard !after.isEmpty else { continue }
                let new = Array(after.utf8)
                let rid = CalendarText(bytes: Array("BEGIN:VCALENDAR\n".utf8) + new + Array("END:VCALENDAR\n".utf8)).events.first?.recurrenceID
                if ofEvent.contains(where: { events[$0].recurrenceID?.uppercased() == rid?.uppercased() }) {
                    return .failure(EditFailure(rid == nil ? "an event with that UID is already in the file"
                        : "that occurrence was changed in the file since it was read"))
                }
                // A component put back (undo of a removal) goes where it stood, its bytes as they were.
                if n < edit.places.count, let follower = edit.places[n] {
                    let wanted = Array(follower.utf8)
                    let place = follower.isEmpty ? file.calendarEnds.first
                        : file.components.first(where: { file.bytes(of: $0).elementsEqual(wanted) })?.range.lowerBound
                    if let place {
                        splices.append(.init(range: place..<place, bytes: new))
                        continue
                    }
                }
                guard let place = ofEvent.last.map({ events[$0].range.upperBound }) ?? file.calendarEnds.first else {
                    return .failure(EditFailure("the file has no END:VCALENDAR line to add the event before"))
                }
                let fits = CalendarText.lineEnd(of: new[...]) == file.lineEnd
                splices.append(.init(range: place..<place, bytes: fits ? new : CalendarText.withLineEnds(new, file.lineEnd)))
                continue
            }
            let wanted = Array(before.utf8)
            var exact = true
            var match = events.indices.first { !used.contains($0) && file.bytes(of: events[$0]).elementsEqual(wanted) }
            if match == nil {
                // The same text folded or ended otherwise (a sync tool wrote the file again).
                exact = false
                match = events.indices.first { !used.contains($0) && CalendarText.unfolded(file.bytes(of: events[$0])) == CalendarText.unfolded(wanted[...]) }
            }
            guard let i = match else {
                return .failure(EditFailure(ofEvent.isEmpty ? "the event is no longer in the file" : "the event was changed in the file since it was read"))
            }
            used.insert(i)
            let range = events[i].range
            let replacement = exact ? Array(after.utf8) : CalendarText.withLineEnds(Array(after.utf8), CalendarText.lineEnd(of: file.bytes(of: events[i])))
            if !file.bytes[range].elementsEqual(replacement) { splices.append(.init(range: range, bytes: replacement)) }
        }
        return .success(file.spliced(splices))
    }
}
