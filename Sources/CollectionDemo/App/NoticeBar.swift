import CollectionKit
/// The red band of notices along the bottom of the window (a file that did not load, a refused
/// update), drawn as a band across the window's whole width, as libadwaita's banner is, not as a
/// floating toast: it takes its own room — the scene above it is made shorter — so it never
/// covers what the scene shows, swallows every press on it, and each notice has a close button;
/// Escape dismisses them all. A dismissed notice stays dismissed while its text is unchanged.
struct NoticeBar {
    /// Notices the user closed, by text.
    private(set) var dismissed: Set<String> = []
    static let lineHeight = 22.0, padding = 8.0, margin = 8.0, closeSize = 20.0
    /// At most this many lines are shown; the newest ones.
    static let maxLines = 4

    /// The notices still shown, newest last, at most `maxLines`, each cut to `Notices.lineLimit`
    /// characters (a notice naming a 10 MB path costs a line's work, not the path's, at every frame).
    func visible(_ all: [String]) -> [String] {
        var seen = Set<String>()
        let open = all.map(Notices.bounded).filter { !dismissed.contains($0) && seen.insert($0).inserted }
        return Array(open.suffix(NoticeBar.maxLines))
    }

    /// The room the bar takes at the bottom of the window (0 when nothing is shown).
    func height(for all: [String]) -> Double {
        let n = visible(all).count
        return n == 0 ? 0 : Double(n) * NoticeBar.lineHeight + 2 * NoticeBar.padding + 2 * NoticeBar.margin
    }

    /// The bar's band in a window of `size`, margins included: presses here never reach the scene.
    func area(for all: [String], in size: Size) -> Rect {
        let h = height(for: all)
        return Rect(x: 0, y: size.height - h, width: size.width, height: h)
    }

    /// Where the notices' lines are set inside the band.
    func box(for all: [String], in size: Size) -> Rect {
        area(for: all, in: size).insetBy(dx: NoticeBar.margin, dy: NoticeBar.margin)
    }

    /// The close button of each shown line, in window points.
    func closeButtons(for all: [String], in size: Size) -> [(notice: String, rect: Rect)] {
        let r = box(for: all, in: size)
        return visible(all).enumerated().map { i, text in
            let y = r.minY + NoticeBar.padding + Double(i) * NoticeBar.lineHeight + (NoticeBar.lineHeight - NoticeBar.closeSize) / 2
            return (text, Rect(x: r.maxX - NoticeBar.closeSize - 8, y: y, width: NoticeBar.closeSize, height: NoticeBar.closeSize))
        }
    }

    mutating func dismiss(_ notice: String) { dismissed.insert(Notices.bounded(notice)) }
    mutating func dismissAll(_ all: [String]) { for n in visible(all) { dismissed.insert(n) } }

    /// `focused`: the shown notice whose close button has the keyboard focus (its ring shows).
    func draw(_ all: [String], in size: Size, hovered: Point, focused: Int? = nil, into list: inout DrawList) {
        let lines = visible(all)
        guard !lines.isEmpty else { return }
        let r = box(for: all, in: size), band = area(for: all, in: size)
        // Edge to edge, square, with a rule along its top: a band of the window, not a toast over it.
        list.fill(band, Theme.noticeFill)
        list.fill(Rect(x: band.minX, y: band.minY, width: band.width, height: 1), Theme.danger)
        for (i, line) in lines.enumerated() {
            list.text(line, in: Rect(x: r.minX + 12, y: r.minY + NoticeBar.padding + Double(i) * NoticeBar.lineHeight,
                                     width: r.width - 24 - NoticeBar.closeSize - 8, height: NoticeBar.lineHeight),
                      size: 13, color: Theme.text)
        }
        for (i, (_, b)) in closeButtons(for: all, in: size).enumerated() {
            if b.contains(hovered) { list.fill(b, Theme.hoverWash, radius: b.height / 2) }
            if focused == i { FocusRing.draw(around: b, radius: b.height / 2, into: &list) }
            let c = b.center, d = 4.5
            list.line(Point(x: c.x - d, y: c.y - d), Point(x: c.x + d, y: c.y + d), Theme.text, width: 1.5)
            list.line(Point(x: c.x - d, y: c.y + d), Point(x: c.x + d, y: c.y - d), Theme.text, width: 1.5)
        }
    }
}
