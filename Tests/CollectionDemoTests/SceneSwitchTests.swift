import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

final class SceneSwitchTests: XCTestCase {
    /// Switching scenes with a number key in the middle of a pan lets the old scene settle: when the
    /// user comes back, its content is at rest and not stuck under a pointer that went away.
    func testSwitchingAwayMidPanSettlesEveryScene() throws {
        for (i, scene) in ["grid", "carousel", "rearrange", "calendar"].enumerated() {
            var config = SceneConfig()
            config.options = ["today": ["2026-11-21"], "month": ["2026-11"], "timezone": ["UTC"]]
            let app = try App(scene: scene, size: Size(1000, 700), config: config)
            let other = i == 0 ? 2 : 1
            let script = "down 500 500\nmove 300 300 100\nkey \(other)\nwait 100\nup 300 300\nkey \(i + 1)\nwait 3000"
            try HeadlessDriver(root: app, fps: 60).play(ScriptTimeline(InputScript.parse(script), fps: 60))
            XCTAssertEqual(app.currentName, scene)
            XCTAssertFalse(app.currentScene.isDragging, scene)
            // Settled: more time changes nothing.
            let settled = app.dumpState()
            app.update(now: 10)
            XCTAssertEqual(app.dumpState(), settled, "\(scene) still moving")
            // Not held by the pointer that went away: hovering with no button down moves nothing.
            app.handle(.pointerMove(Point(500, 600), []), now: 10)
            app.handle(.pointerMove(Point(200, 150), []), now: 10.1)
            app.update(now: 12)
            // (What is hovered follows the pointer, as it should; nothing else may change.)
            XCTAssertEqual(withoutHover(app.dumpState()), withoutHover(settled), "\(scene) follows a pointer with no button down")
        }
    }

    /// The dump without the keys that name the hovered item.
    private func withoutHover(_ json: JSON) -> JSON {
        switch json {
        case let .object(pairs):
            return .object(pairs.filter { $0.0 != "hovered" && $0.0 != "hoveredDate" }.map { ($0.0, withoutHover($0.1)) })
        case let .array(items):
            return .array(items.map(withoutHover))
        default:
            return json
        }
    }
}
