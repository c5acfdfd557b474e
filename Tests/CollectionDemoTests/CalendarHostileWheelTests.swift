import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// Wheel deltas far beyond any real device: the calendar turns at most to its last or first
/// month, at once, instead of looping once per unit (a billion turns hung it).
final class CalendarHostileWheelTests: XCTestCase {
    private func makeScene() throws -> (App, CalendarScene) {
        let settings = try CalendarSettings.parse(["today": ["2026-11-21"], "month": ["2026-11"], "timezone": ["UTC"]])
        let scene = CalendarScene(settings: settings, source: InMemoryEventSource([], zone: settings.zone))
        let app = try App(scene: "calendar", size: Size(1280, 800), entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        app.handle(.pointerMove(Point(500, 400), []), now: 0)
        return (app, scene)
    }

    func testHugeWheelDeltasTurnToTheEndsAtOnce() throws {
        let (app, scene) = try makeScene()
        let driver = HeadlessDriver(root: app, fps: 60)
        driver.advance(to: 0.1)
        app.handle(.wheel(dx: 0, dy: -1e9), now: driver.now)
        driver.advance(to: 2)
        XCTAssertEqual(scene.visibleMonth, CalendarSettings.lastMonth, "a billion notches down reach the last month")
        app.handle(.wheel(dx: 0, dy: 1e308), now: driver.now)
        app.handle(.wheel(dx: 0, dy: 1e308), now: driver.now)
        driver.advance(to: 4)
        XCTAssertEqual(scene.visibleMonth, CalendarSettings.firstMonth, "1e308 twice reaches the first month")
        app.handle(.wheel(dx: 0, dy: -1), now: driver.now)
        driver.advance(to: 5)
        XCTAssertEqual(scene.visibleMonth, CalendarSettings.firstMonth.adding(months: 1), "one notch still turns one page after")
        XCTAssertEqual(SceneInspection.offsetsOutOfBounds(in: scene), [])
    }
}
