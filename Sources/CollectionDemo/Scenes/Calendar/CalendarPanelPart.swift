import CalendarModel
import CollectionKit

/// The side panel as a part of the scene (its list is `CalendarSidePanel`, see
/// `CalendarSidePanel.swift`): its title, the chosen days' event rows scrolled on their own, and
/// the "⋯" of the row under the pointer. A press on a row's "⋯" or a right-click on a row opens
/// the row's menu; other presses on the panel are the panel's, and the wheel over it scrolls it
/// (its scroll bar is the composition's to route). Each frame it lists the days chosen, or the day
/// the page shown lists, and follows the day just chosen.
final class CalendarPanelPart: Component {
    unowned let scene: CalendarScene

    init(scene: CalendarScene) { self.scene = scene }

    func contains(_ p: Point) -> Bool {
        !scene.panel.view.frame.isEmpty && scene.panelArea(in: scene.sceneFrame).contains(p)
    }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        scene.handleEventRows(event, now: now) || scene.handlePanelEvent(event, now: now) ? .handled : .ignored
    }

    func update(now: Double) {
        let s = scene
        // A page turned without a choice lists its own day from the frame it is turned.
        let listed = s.listedDates
        if listed != s.panelListed { s.panelListed = listed; s.panelNeedsRows = true }
        s.refreshPanel()
        if let date = s.panelFollows {
            s.panelFollows = nil
            s.panel.follow(date, now: now)
        }
        s.panel.view.update(now: now)
    }

    func nextDeadline(after now: Double) -> Double? { scene.panel.view.nextDeadline(after: now) }

    func draw(into list: inout DrawList) {
        let s = scene, collection = s.collection, panel = s.panel
        if s.sidebarWidth > 0 {
            let r = s.panelArea(in: s.sceneFrame)
            // Drawn left to right, and mirrored right to left: the border faces the grid, the words are right-aligned.
            HeaderMirror.draw(in: r, collection.layoutDirection, into: &list) { list in drawTitle(in: r, into: &list) }
            panel.view.draw(into: &list)
            ScrollIndicator.draw(for: panel.view, into: &list)
        }
        s.drawRowButtons(inPopover: false, into: &list)
    }

    /// The panel's fixed title: the day listed and how many are chosen, or how many days are listed.
    private func drawTitle(in r: Rect, into list: inout DrawList) {
        let s = scene
        let w = r.width
        list.fill(r, Theme.surface)
        list.fill(Rect(x: r.minX, y: r.minY, width: 1, height: r.height), Theme.border)
        // One day: its date and whether it is chosen. Several: how many, each under its own heading below.
        let heading = s.panelTitle
        // The whole title, in smaller type on a narrow panel rather than cut.
        var size = 16.0
        while size > 11, s.textWidth(heading, size: size, bold: true) > w - 32 { size -= 1 }
        list.text(heading, in: Rect(x: r.minX + 16, y: r.minY + 12, width: w - 32, height: 28),
                  size: size, color: Theme.text, weight: .bold)
        // Under one day, how many are chosen, only when some are: nothing chosen needs no line.
        if let subtitle = s.panelSubtitle {
            list.text(subtitle,
                      in: Rect(x: r.minX + 16, y: r.minY + 40, width: w - 32, height: 20), size: 12, color: Theme.textDim)
        }
    }
}
