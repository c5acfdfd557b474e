import CollectionKit
import Foundation

/// One picture over the whole scene, as an image viewer shows it (GNOME's Loupe): fitted to the
/// area (never enlarged past its pixels), its name and date above it.
///
/// - Zoom with the wheel (Ctrl+wheel alike), `+` / `-` (steps of 1.25), `1` for 100% (one picture
///   pixel per device pixel) and `0` to fit again; drag to pan while zoomed.
/// - ← and → go to the neighbours in the wall's order (mirrored right to left); the two next ones
///   are decoded ahead so stepping shows them at once.
/// - Escape (or the close button's place, a click outside the picture while fitted does nothing)
///   goes back to the wall, which scrolls to the picture shown last.
///
/// The picture is decoded for the area's device pixels by the scene's pipeline, off the main
/// thread; until it arrives the wall's thumbnail is shown scaled, as Loupe does.
/// It captures every event while open (a modal part): nothing behind it hears input.
final class PhotoViewer: Component {
    let pipeline: ImagePipeline
    let scale: PixelScaleBox
    /// The wall's files, in the order shown.
    var files: () -> [String] = { [] }
    /// A picture's size and dates.
    var facts: (String) -> PictureFacts = { _ in PictureFacts() }
    /// The key of the wall's thumbnail of a file, if one is in memory: shown until the viewer's own arrives.
    var thumbnail: (String) -> ImageKey? = { _ in nil }
    /// Called when the viewer closes, with the position it showed last.
    var onClose: ((Int, Double) -> Void)?
    var layoutDirection = LayoutDirection.leftToRight

    /// The position in the wall shown, nil while closed.
    private(set) var index: Int?
    /// 1: fitted; more is larger.
    private(set) var zoom = 1.0
    /// How far the zoomed picture is moved from the centre, in points.
    private(set) var pan = Point(x: 0, y: 0)
    private var area = Rect.zero
    private var drag: (start: Point, pan: Point)?
    private var pointer: Point?
    private var shownFacts: (source: String, facts: PictureFacts)?
    /// Pictures asked of the pipeline ahead of drawing them: given up when the viewer moves on.
    private var asked: Set<ImageKey> = []

    static let headerHeight = 44.0
    static let steps = 1.25
    static let maximumZoom = 16.0

    init(pipeline: ImagePipeline, scale: PixelScaleBox) {
        self.pipeline = pipeline; self.scale = scale
    }

    var isOpen: Bool { index != nil }
    /// The area it covers when open.
    var frame: Rect { area }
    var inputRole: InputRole { isOpen ? .capture : .normal }
    var drawLayer: DrawLayer { .modal }
    func contains(_ p: Point) -> Bool { isOpen && area.contains(p) }

    func setFrame(_ frame: Rect) {
        area = frame
        clampPan()
    }

    /// The file shown, if open.
    var source: String? {
        guard let index else { return nil }
        let all = files()
        return all.indices.contains(index) ? all[index] : nil
    }

    func open(_ position: Int, now: Double) {
        guard files().indices.contains(position) else { return }
        index = position
        zoom = 1; pan = Point(x: 0, y: 0); drag = nil
        prefetchAhead()
    }

    func close(now: Double) {
        guard let index else { return }
        self.index = nil
        drag = nil
        giveUpAsked()
        onClose?(index, now)
    }

    /// The wall changed under the viewer (a picture trashed): shows the one now at its place.
    func wallChanged(now: Double) {
        guard let index else { return }
        let count = files().count
        if count == 0 { close(now: now); return }
        self.index = min(index, count - 1)
    }

    // MARK: Geometry

    /// Where the picture may go: the area under the header.
    private var pictureArea: Rect {
        Rect(x: area.minX, y: area.minY + PhotoViewer.headerHeight, width: area.width, height: max(1, area.height - PhotoViewer.headerHeight))
    }

    /// The key the viewer decodes for the current zoom: the area's pixels, more when zoomed (at
    /// most 4096 pixels a side, a fit of the picture within them).
    func key(for source: String) -> ImageKey {
        let z = min(zoom, 4096 / max(1, max(pictureArea.width, pictureArea.height) * scale.value))
        let size = Size(width: pictureArea.width * max(1, z), height: pictureArea.height * max(1, z))
        return ImageKey(source: source, size: size, scale: scale.value, mode: .fit)
    }

    /// The fitted picture's rect at zoom 1, in points, from its pixel size: centred, never larger
    /// than its own pixels.
    private func fittedRect(_ size: PixelSize) -> Rect {
        let r = pictureArea
        let w = Double(size.width) / scale.value, h = Double(size.height) / scale.value
        let s = min(1, min(r.width / max(1, w), r.height / max(1, h)))
        return Rect(x: r.midX - w * s / 2, y: r.midY - h * s / 2, width: w * s, height: h * s)
    }

    /// The size the picture is drawn at zoom 1: from its header when known, else from what was decoded.
    private func pictureSize(_ source: String) -> PixelSize? {
        if let known = currentFacts(source).pixelSize { return known }
        return pipeline.cache.peek(key(for: source)).map(\.size)
    }

    private func currentFacts(_ source: String) -> PictureFacts {
        if let shownFacts, shownFacts.source == source { return shownFacts.facts }
        let f = facts(source)
        shownFacts = (source, f)
        return f
    }

    /// The rect the picture is drawn in now (zoom and pan applied).
    private func drawnRect(_ source: String) -> Rect? {
        guard let size = pictureSize(source) else { return nil }
        let fit = fittedRect(size)
        let w = fit.width * zoom, h = fit.height * zoom
        return Rect(x: pictureArea.midX - w / 2 + pan.x, y: pictureArea.midY - h / 2 + pan.y, width: w, height: h)
    }

    /// The zoom at which one picture pixel is one device pixel (nil: the size is not known).
    private var actualSizeZoom: Double? {
        guard let source, let size = pictureSize(source) else { return nil }
        let fit = fittedRect(size)
        return fit.width > 0 ? Double(size.width) / scale.value / fit.width : nil
    }

    /// Keeps a zoomed picture covering the area it can: no empty band beside a picture larger than it.
    private func clampPan() {
        guard let source, let r = drawnRect(source) else { return }
        let a = pictureArea
        let maxX = max(0, (r.width - a.width) / 2), maxY = max(0, (r.height - a.height) / 2)
        pan = Point(x: min(maxX, max(-maxX, pan.x)), y: min(maxY, max(-maxY, pan.y)))
    }

    private func setZoom(_ z: Double, around p: Point? = nil) {
        let old = zoom
        zoom = min(PhotoViewer.maximumZoom, max(1, z))
        // Keeps the point under the pointer where it is.
        if let p, old > 0 {
            let a = pictureArea, k = zoom / old
            pan = Point(x: (pan.x - (p.x - a.midX)) * k + (p.x - a.midX), y: (pan.y - (p.y - a.midY)) * k + (p.y - a.midY))
        } else if zoom == 1 {
            pan = Point(x: 0, y: 0)
        } else {
            pan = Point(x: pan.x * zoom / old, y: pan.y * zoom / old)
        }
        clampPan()
    }

    private func step(_ delta: Int, now: Double) {
        guard let index else { return }
        let d = layoutDirection == .rightToLeft ? -delta : delta
        let next = index + d
        guard files().indices.contains(next) else { return }
        self.index = next
        zoom = 1; pan = Point(x: 0, y: 0)
        prefetchAhead()
    }

    /// The next two pictures ahead (and the one behind) decoded before they are asked for; what
    /// was asked for the pictures before is given up.
    private func prefetchAhead() {
        giveUpAsked()
        guard let index else { return }
        let all = files()
        let near = [index + 1, index + 2, index - 1].filter { all.indices.contains($0) }
        want(near.map { key(for: all[$0]) })
    }

    private func want(_ keys: [ImageKey]) {
        let new = keys.filter { !asked.contains($0) }
        guard !new.isEmpty else { return }
        asked.formUnion(new)
        pipeline.prefetch(new)
    }

    private func giveUpAsked() {
        guard !asked.isEmpty else { return }
        pipeline.cancelPrefetching(Array(asked))
        asked.removeAll()
    }

    // MARK: Component

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        guard isOpen else { return .ignored }
        switch event {
        case let .key(key, mods):
            switch (key, mods) {
            case (.escape, []): close(now: now)
            case (.right, []), (.pageDown, []): step(1, now: now)
            case (.left, []), (.pageUp, []): step(-1, now: now)
            case (.home, []): if let index { step(-index, now: now) }
            case (.end, []): if let index { step(files().count - 1 - index, now: now) }
            case (Key("="), _), (Key("+"), _), (Key("Keypad +"), _): setZoom(zoom * PhotoViewer.steps)
            case (Key("-"), _), (Key("Keypad -"), _): setZoom(zoom / PhotoViewer.steps)
            case (Key("1"), []), (Key("Keypad 1"), []): setZoom(actualSizeZoom ?? 1)
            case (Key("0"), _), (Key("Keypad 0"), _): setZoom(1)
            default: break
            }
            return .handled
        case let .wheel(_, dy):
            guard dy != 0 else { return .handled }
            setZoom(zoom * (dy > 0 ? 1.1 : 1 / 1.1), around: pointer)
            return .handled
        case let .pointerDown(p, .left, _):
            pointer = p
            drag = (p, pan)
            return .handled
        case let .pointerMove(p, _):
            pointer = p
            if let drag, zoom > 1 {
                pan = Point(x: drag.pan.x + p.x - drag.start.x, y: drag.pan.y + p.y - drag.start.y)
                clampPan()
            }
            return .handled
        case .pointerUp:
            drag = nil
            return .handled
        case .resize, .focus:
            // The window's own business: the app lays the viewer out again.
            return .ignored
        default:
            return .handled
        }
    }

    func cancelGestures(now: Double) { drag = nil }

    func draw(into list: inout DrawList) {
        guard let source else { return }
        list.fill(area, Theme.background)
        let key = key(for: source)
        let state = pipeline.state(of: key)
        list.clipped(to: pictureArea) { list in
            if state == .failed {
                let side = min(pictureArea.width, pictureArea.height) * 0.5
                PhotoCell.drawBroken(name: PhotoCell.fileName(source), reason: pipeline.failureReason(of: source),
                                     in: Rect(x: pictureArea.midX - side / 2, y: pictureArea.midY - side / 2, width: side, height: side), into: &list)
            } else if state == .pending, let thumb = thumbnail(source), let pixels = pipeline.cache.peek(thumb) {
                // The wall's thumbnail scaled until the picture arrives (Loupe's way), asked for
                // meanwhile without drawing its placeholder over the thumbnail.
                // Where the picture will be; its size unknown, the thumbnail fills the area.
                let r = pictureArea, side = min(r.width, r.height)
                let rect = drawnRect(source) ?? Rect(x: r.midX - side / 2, y: r.midY - side / 2, width: side, height: side)
                list.image(pixels, key: thumb, in: rect, mode: .fill)
                want([key])
            } else {
                pipeline.draw(key, in: drawnRect(source) ?? pictureArea, into: &list)
            }
        }
        // The header: the name, the date, where it is in the wall, the zoom.
        let header = Rect(x: area.minX, y: area.minY, width: area.width, height: PhotoViewer.headerHeight)
        list.fill(header, Theme.surface)
        let name = PhotoCell.fileName(source)
        let facts = currentFacts(source)
        var line = name
        if let date = facts.date { line += "  ·  " + PhotoViewer.dateText(date) }
        list.text(line, in: header.insetBy(dx: 16, dy: 0), size: 15, color: Theme.text, alignment: .leading, weight: .bold)
        let files = files()
        let position = filled(tr("%1$@ of %2$@"), "\((index ?? 0) + 1)", "\(files.count)")
        let percent = Int(((actualSizeZoom.map { zoom / $0 } ?? zoom) * 100).rounded())
        let zoomText = filled(tr("%@%%"), String(percent))
        list.text(position + "   " + zoomText, in: header.insetBy(dx: 16, dy: 0), size: 13, color: Theme.textDim, alignment: .trailing)
    }

    static func dateText(_ date: Date) -> String {
        let f = DateFormatter()
        f.dateStyle = .medium
        f.timeStyle = .short
        return f.string(from: date)
    }

    func dumpEntries() -> [(String, JSON)] {
        guard let source else { return [("viewer", .null)] }
        let key = key(for: source)
        let state = pipeline.state(of: key)
        var fields: [(String, JSON)] = [("item", .string(PhotoCell.fileName(source))), ("index", .int(index ?? 0)),
                                        ("picture", .string(state == .fading ? ImageLoadState.shown.rawValue : state.rawValue)),
                                        ("zoom", .number((zoom * 1000).rounded() / 1000)), ("pixels", .string(key.pixelSize.description)),
                                        ("pan", .point(pan))]
        if let size = pictureSize(source) { fields.append(("size", .string(size.description))) }
        if let date = currentFacts(source).date { fields.append(("date", .string(ISO8601DateFormatter().string(from: date)))) }
        return [("viewer", .object(fields))]
    }
}

/// Screen readers meet the open viewer as a dialog named after the picture, its date and place on
/// the wall (or why it cannot be shown) as its description, with a "close" action; what is behind
/// it is inert meanwhile (a modal part).
extension PhotoViewer: AccessibleComponent {
    func accessibilityNodes() -> [AccessibleNode] {
        guard let source, let index else { return [] }
        let name = PhotoCell.fileName(source)
        var words: [String] = []
        if let date = currentFacts(source).date { words.append(PhotoViewer.dateText(date)) }
        words.append(filled(tr("%1$@ of %2$@"), "\(index + 1)", "\(files().count)"))
        if pipeline.state(of: key(for: source)) == .failed, let reason = pipeline.failureReason(of: source) {
            words.append(PhotosScene.failureText(reason))
        }
        let close = AccessibleAction(name: "close", description: tr("Back to the wall"), keyBinding: "Escape") { [weak self] now in
            guard let self, self.isOpen else { return false }
            self.close(now: now)
            return true
        }
        return [AccessibleNode(role: .dialog, name: name, frame: area,
                               children: [AccessibleNode(role: .label, name: name, frame: Rect(x: area.minX, y: area.minY, width: area.width, height: PhotoViewer.headerHeight))],
                               description: words.joined(separator: ", "), actions: [close])]
    }
}
