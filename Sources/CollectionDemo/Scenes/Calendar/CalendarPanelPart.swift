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
        scene.drawSidebar(into: &list)
        scene.drawRowButtons(inPopover: false, into: &list)
    }
}
