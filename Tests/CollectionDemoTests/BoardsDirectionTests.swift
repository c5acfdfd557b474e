import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// The boards right to left: the backlog stands at the right, and the arrows move the focus along
/// the screen (Left from the backlog to Today, which is now on its left).
final class BoardsDirectionTests: XCTestCase {
    private func focus(_ app: App) -> String? { app.dumpState()["focus"]?["collection"]?.stringValue }

    func testTheArrowsMoveTheFocusAlongTheScreen() throws {
        for direction in LayoutDirection.allCases {
            var config = SceneConfig()
            config.layoutDirection = direction
            let app = try App(scene: "boards", size: Size(width: 1280, height: 800), config: config)
            let scene = app.currentScene as! BoardsScene
            let driver = HeadlessDriver(root: app, fps: 60)
            driver.frame()
            let backlog = scene.boards[0].view.frame, today = scene.boards[1].view.frame
            XCTAssertEqual(backlog.midX > today.midX, direction.isRightToLeft, "the backlog's side, \(direction)")
            try driver.play(script: "key Down\nwait 50")
            XCTAssertEqual(focus(app), "backlog")
            let towardToday = direction.isRightToLeft ? "Left" : "Right"
            try driver.play(script: "key \(towardToday)\nwait 100")
            XCTAssertEqual(focus(app), "today", "\(towardToday) goes to the board beside the backlog, \(direction)")
        }
    }
}
