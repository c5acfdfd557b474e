/// Drops from other programs: a file manager's files, an editor's or a browser's text. The
/// backend hands one over as ``InputEvent/drop(_:at:)`` when the user releases it on the window;
/// the ``DragDropManager`` finds the participant under that point, asks it whether it takes the
/// payload (the same ``DropAcceptance`` and refusal line as a drag inside the window) and lets it
/// take it at the insertion position a drag would have opened there.
///
/// ```swift
/// board.externalDropAcceptance = { payload in
///     payload.text == nil ? .refuse("Today takes only text") : .accept
/// }
/// board.onExternalDrop = { payload, position in
///     try addCards(titled: payload.lines, to: board, at: position)   // undoable, saved
/// }
/// ```

/// What another program dropped: its text and its files, as a drop's item provider carries them.
public struct DropPayload: Equatable, Sendable {
    /// The dropped text (line breaks between the lines a program dropped); nil when none came.
    public var text: String?
    /// The dropped files, as absolute paths, in the order they came.
    public var files: [String]

    public init(text: String? = nil, files: [String] = []) {
        self.text = text; self.files = files
    }

    /// True when nothing came (a drop of something the window could not read).
    public var isEmpty: Bool { (text ?? "").isEmpty && files.isEmpty }

    /// The text's lines that are not blank, trimmed of surrounding spaces. O(text length).
    public var lines: [String] { lines(upTo: Int.max) }

    /// The first `count` of ``lines``: O(the text they come from), so the first hundred lines of a
    /// 10 MB drop cost what they hold, not the rest.
    public func lines(upTo count: Int) -> [String] {
        guard let text, count > 0 else { return [] }
        func isNewline(_ u: Unicode.Scalar) -> Bool {
            let v = u.value
            return (v >= 0x0A && v <= 0x0D) || v == 0x85 || v == 0x2028 || v == 0x2029
        }
        func isSpace(_ u: Unicode.Scalar) -> Bool {
            u.value < 0x80 ? (u.value == 0x20 || (u.value >= 0x09 && u.value <= 0x0D)) : u.properties.isWhitespace
        }
        let scalars = text.unicodeScalars
        var out: [String] = []
        var start = scalars.startIndex
        while start < scalars.endIndex && out.count < count {
            var end = start
            while end < scalars.endIndex && !isNewline(scalars[end]) { scalars.formIndex(after: &end) }
            var a = start, b = end
            while a < b && isSpace(scalars[a]) { scalars.formIndex(after: &a) }
            while a < b, case let p = scalars.index(before: b), isSpace(scalars[p]) { b = p }
            if a < b { out.append(String(scalars[a..<b])) }
            start = end < scalars.endIndex ? scalars.index(after: end) : end
        }
        return out
    }

    /// The files whose name ends in one of `extensions` (lower case, no dot), in order; case is
    /// ignored, so `photo.JPG` is a `jpg`.
    public func files(withExtensions extensions: Set<String>) -> [String] {
        files.filter { extensions.contains(DropPayload.fileExtension($0)) }
    }

    /// The files whose name ends in none of `extensions`.
    public func files(withoutExtensions extensions: Set<String>) -> [String] {
        files.filter { !extensions.contains(DropPayload.fileExtension($0)) }
    }

    /// A path's extension in lower case without its dot; empty when its name has none.
    public static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// A path's last component, for refusal lines ("notes.txt").
    public static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// A participant that takes drops from other programs. `DragDropCollection` and
/// `ReorderableCollection` adopt it through their `externalDropAcceptance` and `onExternalDrop`;
/// ``ExternalDropArea`` is a plain rectangle that does (a calendar's month, a photo wall).
public protocol ExternalDropTarget: AnyObject {
    /// Unique among the manager's participants.
    var dropName: String { get }
    /// Shown in refusal lines ("Today").
    var dropTitle: String { get }
    /// The area it occupies, in window points.
    var dropFrame: Rect { get }
    /// Whether it takes `payload`; a refusal's sentence is shown as a drag's would be.
    func acceptance(ofExternal payload: DropPayload, strings: DragDropStrings) -> DropAcceptance
    /// Takes `payload`, dropped at `point` (window points). Throwing shows the error as a notice;
    /// whatever it changed must then be undone by the target.
    func takeExternal(_ payload: DropPayload, at point: Point, now: Double) throws
}

/// A rectangle that takes drops from other programs and hands them to the app: for a view whose
/// data the app holds itself (a month of a calendar).
public final class ExternalDropArea: ExternalDropTarget {
    public let dropName: String
    public var dropTitle: String
    public var dropFrame: Rect = .zero
    /// Whether it takes a payload; the default refuses everything.
    public var acceptance: (DropPayload, DragDropStrings) -> DropAcceptance
    /// Takes an accepted payload, dropped at a window point.
    public var take: (DropPayload, Point) throws -> Void

    public init(name: String, title: String,
                acceptance: @escaping (DropPayload, DragDropStrings) -> DropAcceptance = { _, words in .refuse(words.takesNothingDropped("")) },
                take: @escaping (DropPayload, Point) throws -> Void = { _, _ in }) {
        dropName = name; dropTitle = title; self.acceptance = acceptance; self.take = take
    }

    public func acceptance(ofExternal payload: DropPayload, strings: DragDropStrings) -> DropAcceptance {
        acceptance(payload, strings)
    }
    public func takeExternal(_ payload: DropPayload, at point: Point, now: Double) throws { try take(payload, point) }
}

extension DragDropCoordinator {
    /// Adds an area that takes drops from other programs; it is asked before the containers, so
    /// one may lie over them.
    public func add(_ area: ExternalDropArea) { externalAreas.append(area) }

    /// The participant under `point` that takes external drops, or the title of a participant there
    /// that takes none. Areas first, then containers, in-place reorderers and zones, in the order added.
    func externalTarget(at point: Point) -> (target: (any ExternalDropTarget)?, title: String)? {
        if let area = externalAreas.first(where: { $0.dropFrame.contains(point) }) { return (area, area.dropTitle) }
        guard let hit = droppables.first(where: { $0.dropFrame.contains(point) }) else { return nil }
        return (hit as? any ExternalDropTarget, hit.dropTitle)
    }

    /// A drop from another program at `point` (window points): the participant under it takes it
    /// or refuses it, the refusal shown as a drag's (``feedback``), an error as a notice. Ignored
    /// over no participant, so the app may take it elsewhere; refused while a drag is in flight.
    @discardableResult
    public func dropExternal(_ payload: DropPayload, at point: Point, now: Double) -> EventDisposition {
        self.now = now
        pointer = point
        guard let hit = externalTarget(at: point) else { return .ignored }
        guard session == nil else {
            messages.flash(strings.cannotEditDuringDrag, now: now, seconds: 2.5)
            return .handled
        }
        let outline = droppables.first { $0.dropFrame.contains(point) } as? any ExternalRefusalOutline
        guard let target = hit.target else {
            messages.flash(strings.takesNothingDropped(hit.title), now: now, seconds: 2.5)
            outline?.showExternalRefusal(until: now + 2.5)
            return .handled
        }
        let answer = payload.isEmpty ? .refuse(strings.droppedNothingReadable) : target.acceptance(ofExternal: payload, strings: strings)
        if case let .refuse(reason) = answer {
            messages.flash(reason, now: now, seconds: 2.5)
            (target as? any ExternalRefusalOutline)?.showExternalRefusal(until: now + 2.5)
            return .handled
        }
        do { try target.takeExternal(payload, at: point, now: now) } catch { messages.post(error, now: now, flashing: true) }
        return .handled
    }
}
