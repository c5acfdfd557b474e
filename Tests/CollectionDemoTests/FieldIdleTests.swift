import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// A field open with its caret blinking keeps the window asleep between blinks: the app's next
/// deadline is the next blink, never "now", and once the caret stops blinking there is none.
final class FieldIdleTests: XCTestCase {
    private func assertSleepsBetweenBlinks(_ app: App, _ driver: HeadlessDriver<App>, _ what: String) throws {
        let field = try XCTUnwrap(app.currentScene.composition.textFields.first, "\(what): a field is open")
        XCTAssertTrue(field.isFocused)
        let interval = field.style.blinkInterval
        // A few blinks: each deadline is the next blink, half a second or so away.
        var t = driver.now + 0.01
        var wakes = 0
        while t < driver.now + 3 {
            let next = try XCTUnwrap(app.nextDeadline(after: t), "\(what): the caret blinks at \(t)")
            XCTAssertGreaterThan(next - t, 0.01, "\(what): the window sleeps until the next blink, not \(next - t) s")
            XCTAssertLessThanOrEqual(next - t, interval + 1e-6)
            t = next + 1e-4
            wakes += 1
        }
        XCTAssertLessThanOrEqual(wakes, Int(3 / interval) + 2, "\(what): one wake per blink")
        // After the blink timeout, nothing.
        try driver.play(script: "wait \(Int(((field.style.blinkTimeout ?? 10) + 1) * 1000))")
        XCTAssertNil(app.nextDeadline(after: driver.now), "\(what): the caret stopped blinking and the window sleeps")
    }

    func testANewCardsFieldSleepsBetweenBlinks() throws {
        let app = try App(scene: "boards", size: Size(width: 1280, height: 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 1500\nkey ctrl+n\nwait 1000")
        try assertSleepsBetweenBlinks(app, driver, "boards")
    }

    func testANewEventsFieldSleepsBetweenBlinksAndIsDrawn() throws {
        let options = ["today": ["2026-11-21"], "timezone": ["Europe/Berlin"], "locale": ["en_GB"], "month": ["2026-11"],
                       "calendar-files": ["/home/me/cal.ics"]]
        let s = try CalendarSettings.parse(options)
        let scene = CalendarScene(settings: s, source: CreatingCalendar(zone: s.zone))
        let app = try App(scene: "calendar", size: Size(width: 1280, height: 800),
                          entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 1500\nkey ctrl+n\nwait 100\ntext \"Dentist\"\nwait 1000")
        var list = DrawList()
        scene.draw(into: &list)
        XCTAssertTrue(list.commands.contains { if case let .text(run) = $0 { return run.text == "Dentist" }; return false },
                      "the typed title is drawn")
        try assertSleepsBetweenBlinks(app, driver, "calendar")
    }
}
