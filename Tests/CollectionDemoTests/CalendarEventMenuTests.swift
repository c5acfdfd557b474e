import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// Renaming and deleting an event from the lists that name it: the side panel's row and the day
/// popover's, by their "⋯" menu, a right-click and the keyboard, each written through the
/// source's editor and undone with Ctrl+Z.
final class CalendarEventMenuTests: XCTestCase {
    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }

    func makeApp(readOnly: String? = nil) throws -> (HeadlessDriver<App>, CalendarScene, CreatingCalendar) {
        let options = ["today": ["2026-11-21"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"], "month": ["2026-11"],
                       "calendar-files": ["/home/me/cal.ics"]]
        let s = try CalendarSettings.parse(options)
        let source = CreatingCalendar(zone: s.zone)
        let scene = CalendarScene(settings: s, source: source)
        let app = try App(scene: "calendar", size: Size(width: 1280, height: 800),
                          entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 100\nkey ctrl+n\nwait 50\ntext \"Dentist\"\nkey Return\nwait 300")
        XCTAssertEqual(source.events.map(\.title), ["Dentist"])
        source.readOnly = readOnly
        scene.editing.readOnly = [:]
        return (driver, scene, source)
    }

    func press(_ p: Point, _ button: String = "left") -> String {
        "move \(p.x) \(p.y) 30\ndown \(p.x) \(p.y) \(button)\nup \(p.x) \(p.y) \(button)\nwait 50\n"
    }

    func testThePanelRowsMenuRenamesAndARightClickDeletesBothUndone() throws {
        let (driver, scene, source) = try makeApp()
        let row = try XCTUnwrap(scene.panelRows().first, "the side panel lists the new event")
        XCTAssertEqual(row.event.title, "Dentist")
        XCTAssertFalse(row.inPopover)
        XCTAssertTrue(scene.panel.view.frame.contains(row.button.center), "the ⋯ button lies in the panel")

        // Hovering the row shows its ⋯; a press on it opens the menu of Rename and Delete.
        var before = DrawList()
        scene.drawRowButtons(inPopover: false, into: &before)
        try driver.play(script: "move \(row.frame.midX) \(row.frame.midY) 30\nwait 30")
        var hovered = DrawList()
        scene.drawRowButtons(inPopover: false, into: &hovered)
        XCTAssertGreaterThan(hovered.commands.count, before.commands.count, "the ⋯ shows while the pointer is over the row")
        try driver.play(script: press(row.button.center))
        XCTAssertEqual(scene.eventMenu.menu?.actions.map(\.title), ["Rename…", "Delete"])
        XCTAssertEqual(scene.eventMenu.menu?.actions.map(\.isEnabled), [true, true])

        // Rename, from the keyboard: the field opens over the row's title, holding it.
        try driver.play(script: "key Down\nkey Return\nwait 50")
        XCTAssertFalse(scene.eventMenu.isOpen)
        XCTAssertTrue(scene.titleEditor.isEditing)
        XCTAssertEqual(scene.titleEditor.field?.text, "Dentist")
        XCTAssertEqual(scene.titleEditor.field?.frame.midY ?? 0, row.titleFrame.midY, accuracy: 5, "over the panel row")
        try driver.play(script: "key ctrl+a\ntext \"Dentist at 9\"\nkey Return\nwait 300")
        XCTAssertEqual(source.events.map(\.title), ["Dentist at 9"])
        try driver.play(script: "key ctrl+z\nwait 200")
        XCTAssertEqual(source.events.map(\.title), ["Dentist"], "undo gives the old title back")

        // Delete, by a right-click on the row and a click on the menu's second entry.
        let again = try XCTUnwrap(scene.panelRows().first)
        try driver.play(script: press(again.frame.center, "right"))
        let menu = try XCTUnwrap(scene.eventMenu.menu)
        try driver.play(script: press(menu.rowFrame(1).center))
        XCTAssertEqual(source.events.count, 0, "Delete removes the event")
        XCTAssertTrue(scene.panelRows().isEmpty)
        try driver.play(script: "key ctrl+z\nwait 200")
        XCTAssertEqual(source.events.map(\.title), ["Dentist"], "undo puts it back")
    }

    func testThePopoverRowsAreRenamedAndDeletedFromTheKeyboard() throws {
        let (driver, scene, source) = try makeApp()
        scene.openPopover(d("2026-11-21"))
        try driver.play(script: "wait 30")
        XCTAssertEqual(scene.popoverRows().map(\.event.title), ["Dentist"])
        try driver.play(script: "key Down\nwait 30")
        XCTAssertEqual(scene.popover?.focusedRow, 0, "Down puts the keyboard on the first row")
        try driver.play(script: "key F2\nwait 50")
        XCTAssertTrue(scene.titleEditor.isEditing, "F2 renames the focused row")
        let titleFrame = try XCTUnwrap(scene.popoverRows().first?.titleFrame)
        XCTAssertEqual(scene.titleEditor.field?.frame.midY ?? 0, titleFrame.midY, accuracy: 5, "over the popover's row")
        // A real keyboard sends Ctrl alone before Ctrl+A: the field leaves it, the popover stays.
        try driver.play(script: "key LeftCtrl\nkey ctrl+a\ntext \"Check-up\"\nkey Return\nwait 300")
        XCTAssertEqual(source.events.map(\.title), ["Check-up"])
        XCTAssertNotNil(scene.popover, "the popover stays open after a rename")
        XCTAssertEqual(scene.popoverRows().map(\.event.title), ["Check-up"])

        try driver.play(script: "key shift+f10\nwait 30")
        XCTAssertEqual(scene.eventMenu.menu?.highlighted, 0, "Shift+F10 opens the row's menu from the keyboard")
        try driver.play(script: "key Escape\nwait 30")
        XCTAssertFalse(scene.eventMenu.isOpen)
        XCTAssertNotNil(scene.popover, "Escape closes the menu only")

        try driver.play(script: "key Delete\nwait 200")
        XCTAssertEqual(source.events.count, 0, "Delete removes the focused row's event")
        XCTAssertNil(scene.popover?.focusedRow)
        try driver.play(script: "key ctrl+z\nwait 200")
        XCTAssertEqual(source.events.map(\.title), ["Check-up"], "undo puts it back")
    }

    func testAReadOnlyCalendarOffersTheEntriesDisabled() throws {
        let (driver, scene, _) = try makeApp(readOnly: "the file is read-only")
        let row = try XCTUnwrap(scene.panelRows().first)
        try driver.play(script: press(row.button.center))
        XCTAssertEqual(scene.eventMenu.menu?.actions.map(\.isEnabled), [false, false])
    }

    func testTheMenuIsInEveryLanguage() {
        XCTAssertEqual([CalendarStrings.german.renameEvent, CalendarStrings.german.deleteEvent], ["Umbenennen…", "Löschen"])
        XCTAssertEqual([CalendarStrings.french.renameEvent, CalendarStrings.french.deleteEvent], ["Renommer…", "Supprimer"])
    }
}
