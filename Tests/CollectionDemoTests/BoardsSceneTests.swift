import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// The boards scene driven by input scripts on the virtual clock, checked through the state dump.
final class BoardsSceneTests: XCTestCase {
    struct Run {
        let app: App
        let driver: HeadlessDriver<App>
        var scene: BoardsScene { app.currentScene as! BoardsScene }
        var dump: JSON { app.dumpState() }
        func board(_ name: String) -> JSON { dump["collections"]!.arrayValue!.first { $0["name"]?.stringValue == name }! }
        func items(_ name: String) -> [String] { board(name)["items"]!.arrayValue!.map { $0.stringValue! } }
        /// The window centre of the card shown at flat position `index` in a board.
        func center(_ name: String, _ index: Int) -> Point {
            let b = scene.board(name)!
            var i = index
            for (s, section) in b.displayed.enumerated() {
                if i < section.count {
                    let f = b.view.layout.attributesForItem(at: ItemPath(item: i, section: s))!.frame
                    return b.view.windowRect(fromContent: f).center
                }
                i -= section.count
            }
            fatalError("no item \(index) in \(name)")
        }
        func viewport(_ name: String) -> Rect {
            name == "trash" ? scene.trash.dropFrame : scene.board(name)!.view.frame
        }
    }

    private func makeRun(items: Int? = nil, size: Size = Size(width: 1280, height: 800), fps: Double = 60) throws -> Run {
        let app = try App(scene: "boards", size: size, config: SceneConfig(items: items))
        let run = Run(app: app, driver: HeadlessDriver(root: app, fps: fps))
        run.driver.advance(to: 0.05)
        return run
    }

    private func play(_ run: Run, _ script: String) throws {
        try run.driver.play(script: script)
    }

    private func dragScript(_ from: Point, _ to: Point, release: Bool = true) -> String {
        """
        down \(from.x) \(from.y)
        move \(from.x + 10) \(from.y + 4) 50
        move \(to.x) \(to.y) 300
        wait 200
        \(release ? "up \(to.x) \(to.y)\nwait 600" : "")
        """
    }

    private func assertSettled(_ run: Run, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(run.scene.consistencyProblem(), file: file, line: line)
        XCTAssertEqual(run.dump["dragging"]?.boolValue, false, file: file, line: line)
        XCTAssertEqual(run.dump["drag"], .null, file: file, line: line)
    }

    func testTheBoardsAsTheyStart() throws {
        let run = try makeRun()
        XCTAssertEqual(run.dump["collections"]?.arrayValue?.compactMap { $0["name"]?.stringValue },
                       ["backlog", "today", "later", "done", "palette", "focus"])
        XCTAssertEqual(run.items("backlog").count, 40)
        XCTAssertEqual(run.board("backlog")["sectionCounts"], .array([.int(10), .int(30)]))
        XCTAssertEqual(run.items("later"), [])
        XCTAssertEqual(run.items("done").count, 12)
        XCTAssertEqual(run.board("palette")["accepts"]?.boolValue, false)
        XCTAssertEqual(run.board("focus")["capacity"], .int(1))
        XCTAssertEqual(run.board("today")["capacity"], .null)
        XCTAssertEqual(run.dump["locked"]?.arrayValue?.count, 5)
        XCTAssertEqual(run.dump["targets"]?[0]?["name"]?.stringValue, "trash")
        XCTAssertEqual(run.dump["undo"], .int(0))
        // Every board and the trash are on screen, apart from each other.
        let names = ["backlog", "today", "later", "done", "palette", "focus", "trash"]
        let window = Rect(0, 44, 1280, 756)
        for (i, a) in names.enumerated() {
            let r = run.viewport(a)
            XCTAssertFalse(r.isEmpty, a)
            XCTAssertEqual(r.intersection(window), r, "\(a) is inside the window")
            for b in names[(i + 1)...] { XCTAssertFalse(r.intersects(run.viewport(b)), "\(a) and \(b) overlap") }
        }
        assertSettled(run)
    }

    func testACardMovesToAnotherBoardAndTheDumpShowsTheDragMidway() throws {
        let run = try makeRun()
        try play(run, dragScript(run.center("backlog", 1), run.center("today", 1), release: false))
        let drag = try XCTUnwrap(run.dump["drag"])
        XCTAssertEqual(run.dump["dragging"]?.boolValue, true)
        XCTAssertEqual(drag["items"], .strings(["1"]))
        XCTAssertEqual(drag["source"]?.stringValue, "backlog")
        XCTAssertEqual(drag["over"]?.stringValue, "today")
        XCTAssertEqual(drag["index"], .int(1))
        XCTAssertEqual(drag["overChanges"]?.doubleValue.map(Int.init).map { $0 >= 2 }, true)
        XCTAssertEqual(run.items("backlog").count, 40, "mid-drag the card is still listed at home")
        XCTAssertEqual(run.dump["status"]?.stringValue, "Review picked up, over Today, position 2 of 6")
        try play(run, "up \(run.center("today", 1).x) \(run.center("today", 1).y)\nwait 600")
        XCTAssertEqual(run.items("today")[1], "1")
        XCTAssertFalse(run.items("backlog").contains("1"))
        XCTAssertEqual(run.dump["undo"], .int(1))
        assertSettled(run)
    }

    func testDropsIntoTheEmptyBoard() throws {
        let run = try makeRun()
        let later = run.viewport("later")
        try play(run, dragScript(run.center("done", 0), later.center))
        XCTAssertEqual(run.items("later"), ["1005"])
        XCTAssertEqual(run.items("done").count, 11)
        assertSettled(run)
    }

    func testDroppingOnTheFullFocusSlotSwaps() throws {
        let run = try makeRun()
        XCTAssertEqual(run.items("focus"), ["1020"])
        try play(run, dragScript(run.center("today", 0), run.center("focus", 0)))
        XCTAssertEqual(run.items("focus"), ["1000"])
        XCTAssertEqual(run.items("today").first, "1020", "the card that was there goes where the dragged one came from")
        assertSettled(run)
    }

    func testTheTrashDeletesAndCtrlZBringsTheCardBack() throws {
        let run = try makeRun()
        try play(run, dragScript(run.center("backlog", 0), run.viewport("trash").center))
        XCTAssertFalse(run.items("backlog").contains("0"))
        XCTAssertEqual(run.dump["trashed"], .strings(["0"]))
        try play(run, "key ctrl+z\nwait 400")
        XCTAssertEqual(run.items("backlog").first, "0")
        XCTAssertEqual(run.dump["trashed"], .strings([]))
        XCTAssertEqual(run.dump["redo"], .int(1))
        try play(run, "key ctrl+shift+z\nwait 400")
        XCTAssertEqual(run.dump["trashed"], .strings(["0"]))
        assertSettled(run)
    }

    func testAPaletteDragMakesANewCard() throws {
        let run = try makeRun()
        try play(run, dragScript(run.center("palette", 1), run.viewport("later").center))
        let later = run.items("later")
        XCTAssertEqual(later.count, 1)
        XCTAssertFalse(run.scene.initialIDs.contains(Int(later[0])!), "a new identifier")
        XCTAssertEqual(run.items("palette").count, 3)
        try play(run, dragScript(run.center("palette", 1), run.viewport("later").center))
        XCTAssertEqual(Set(run.items("later")).count, 2)
        assertSettled(run)
    }

    func testALockedCardIsRefusedElsewhereWithFeedback() throws {
        let run = try makeRun()
        XCTAssertEqual(run.items("backlog")[3], "3")
        try play(run, dragScript(run.center("backlog", 3), run.viewport("later").center, release: false))
        XCTAssertEqual(run.dump["drag"]?["accepted"]?.boolValue, false)
        try play(run, "up 700 500\nwait 100")
        XCTAssertEqual(run.items("later"), [])
        XCTAssertEqual(run.scene.manager.feedback?.text, "一万件を超えるファイルがあるワークスペースで書き出しがタイムアウ… is locked to Backlog")
        try play(run, "wait 600")
        assertSettled(run)
    }

    func testDropOutsideAndCancelsPutEverythingBack() throws {
        let run = try makeRun()
        let before = run.dump["collections"]
        // Released over the tab bar, outside every board.
        try play(run, dragScript(run.center("today", 0), Point(640, 20)))
        XCTAssertEqual(run.dump["collections"]?.arrayValue?.map { $0["items"] }, before?.arrayValue?.map { $0["items"] })
        for cancel in ["key Escape", "down 600 400 right", "focus lost", "key 1"] {
            try play(run, "key 5\nwait 50\n" + dragScript(run.center("backlog", 2), run.center("today", 1), release: false))
            XCTAssertEqual(run.app.currentName, "boards")
            XCTAssertEqual(run.dump["dragging"]?.boolValue, true, cancel)
            // Released over the tab bar: a drag the cancel did not end (a digit is no tab switch
            // during a drag) goes home too, wherever the backlog's cards happen to lie.
            try play(run, cancel + "\nwait 700\nup 640 20\nkey 5\nwait 50")
            XCTAssertEqual(run.dump["collections"]?.arrayValue?.map { $0["items"] }, before?.arrayValue?.map { $0["items"] }, cancel)
            assertSettled(run)
        }
    }

    func testCtrlClickStacksLandTogetherInOrder() throws {
        let run = try makeRun()
        let a = run.center("backlog", 4), b = run.center("today", 3), c = run.center("backlog", 1)
        try play(run, "down \(a.x) \(a.y) left ctrl\nup \(a.x) \(a.y)\ndown \(b.x) \(b.y) left ctrl\nup \(b.x) \(b.y)\ndown \(c.x) \(c.y) left ctrl\nup \(c.x) \(c.y)")
        XCTAssertEqual(run.dump["selected"], .strings(["1", "4", "1003"]))
        try play(run, dragScript(c, run.viewport("later").center))
        XCTAssertEqual(run.items("later"), ["1", "4", "1003"])
        try play(run, "key ctrl+z\nwait 500")
        XCTAssertEqual(run.items("later"), [])
        XCTAssertEqual(run.items("today")[3], "1003")
        assertSettled(run)
    }

    func testKeyboardDragWithTheOnScreenLine() throws {
        let run = try makeRun()
        let c = run.center("today", 0)
        try play(run, "down \(c.x) \(c.y)\nup \(c.x) \(c.y)\nkey Space\nkey Down\nkey Down")
        XCTAssertEqual(run.dump["status"]?.stringValue, "ترجمة صفحة الإعدادات إلى… picked up, over Today, position 3 of 5")
        // Right goes to the nearest board to the right: the full focus slot, which would swap.
        try play(run, "key Right\nwait 300")
        XCTAssertEqual(run.dump["drag"]?["over"]?.stringValue, "focus")
        XCTAssertEqual(run.dump["status"]?.stringValue, "ترجمة صفحة الإعدادات إلى… picked up, over Focus, position 1 of 1, swaps with Update the onboarding…")
        try play(run, "key Left\nwait 100")
        XCTAssertEqual(run.dump["drag"]?["over"]?.stringValue, "today")
        try play(run, "key Left\nwait 300")
        XCTAssertEqual(run.dump["drag"]?["over"]?.stringValue, "backlog")
        try play(run, "key Return\nwait 600")
        XCTAssertTrue(run.items("backlog").contains("1000"))
        XCTAssertFalse(run.items("today").contains("1000"))
        assertSettled(run)
    }

    func testTheWheelScrollsTheHoveredBoardMidDrag() throws {
        let run = try makeRun()
        let target = run.center("backlog", 5)
        try play(run, dragScript(run.center("today", 0), target, release: false))
        XCTAssertEqual(run.dump["drag"]?["over"]?.stringValue, "backlog")
        try play(run, "wheel 0 -3\nwait 400")
        XCTAssertGreaterThan(run.board("backlog")["contentOffset"]?["y"]?.doubleValue ?? 0, 50)
        try play(run, "up \(target.x) \(target.y)\nwait 600")
        XCTAssertTrue(run.items("backlog").contains("1000"))
        assertSettled(run)
    }

    func testAHundredThousandCardBacklogAutoScrollsUnderADrag() throws {
        let run = try makeRun(items: 100_000)
        XCTAssertEqual(run.items("backlog").count, 100_000)
        let edge = Point(run.viewport("backlog").midX, run.viewport("backlog").maxY - 6)
        try play(run, dragScript(run.center("today", 0), edge, release: false) + "\nwait 4000")
        let y = run.board("backlog")["contentOffset"]?["y"]?.doubleValue ?? 0
        XCTAssertGreaterThan(y, 2000, "held at the bottom edge, the backlog scrolls")
        XCTAssertLessThan(run.scene.liveCellCount, 120, "cells stay bounded by what is visible")
        try play(run, "up \(edge.x) \(edge.y)\nwait 600")
        XCTAssertEqual(run.items("backlog").count, 100_001)
        assertSettled(run)
    }

    func testTheConsistencyCheckCatchesHiddenLostAndDuplicatedCards() throws {
        let run = try makeRun()
        XCTAssertNil(run.scene.consistencyProblem())
        let today = run.scene.board("today")!
        today.view.hiddenIdentifiers.insert(AnyHashable(1000))
        XCTAssertEqual(run.scene.consistencyProblem(), "today hides [\"1000\"]")
        today.view.hiddenIdentifiers.removeAll()
        try today.setItems([[1000, 1001, 1002, 1003]], animated: false)
        XCTAssertEqual(run.scene.consistencyProblem(), "card 1004 is lost")
        try today.setItems([[1000, 1001, 1002, 1003, 1004, 0]], animated: false)
        XCTAssertEqual(run.scene.consistencyProblem(), "card 0 appears 2 times")
    }

    func testWobblingOnTheBoundaryBetweenTwoBoardsDoesNotFlicker() throws {
        let run = try makeRun()
        // The backlog card is 449 wide, grabbed at its middle: with the pointer at x 461 the
        // snapshot lies half over the backlog, half over Today.
        try play(run, dragScript(run.center("backlog", 1), Point(300, 300), release: false))
        XCTAssertEqual(run.dump["drag"]?["over"]?.stringValue, "backlog")
        var script = ""
        for k in 0..<40 { script += "move \(k % 2 == 0 ? 446 : 476) 300\nwait 16\n" }
        try play(run, script)
        XCTAssertEqual(run.dump["drag"]?["over"]?.stringValue, "backlog")
        XCTAssertEqual(run.dump["drag"]?["overChanges"], .int(1), "never flipped to Today and back")
        try play(run, "key Escape\nup 300 300\nwait 600")
        assertSettled(run)
    }

    func testANewDragDuringTheDropAnimationAndUndoMidFlight() throws {
        let run = try makeRun()
        let today1 = run.center("today", 1)
        try play(run, dragScript(run.center("backlog", 0), today1, release: false))
        // Release, and 50 ms later press the card that is still landing and carry it on.
        try play(run, "up \(today1.x) \(today1.y)\nwait 50")
        XCTAssertTrue(run.scene.manager.isLanding)
        try play(run, dragScript(run.center("today", 1), run.viewport("later").center))
        XCTAssertEqual(run.items("later"), ["0"])
        // Undo while that drop is still landing.
        try play(run, dragScript(run.center("done", 0), run.viewport("later").center, release: false))
        try play(run, "up 700 500\nwait 30\nkey ctrl+z\nwait 30\nkey ctrl+z\nwait 600")
        XCTAssertEqual(run.items("later"), [])
        XCTAssertEqual(run.items("today")[1], "0")
        XCTAssertEqual(run.items("done").first, "1005")
        assertSettled(run)
    }

    func testAResizeMidDragStillDrops() throws {
        let run = try makeRun()
        try play(run, dragScript(run.center("today", 0), run.viewport("later").center, release: false))
        try play(run, "resize 800 520\nwait 100")
        let later = run.viewport("later").center
        try play(run, "move \(later.x) \(later.y) 100\nwait 100\nup \(later.x) \(later.y)\nwait 600")
        XCTAssertEqual(run.items("later"), ["1000"])
        assertSettled(run)
    }

    func testTheSmallestWindowStillShowsEveryBoard() throws {
        let run = try makeRun(size: Size(360, 240))
        for name in ["backlog", "today", "later", "done", "palette", "focus", "trash"] {
            XCTAssertGreaterThan(run.viewport(name).width, 20, name)
            XCTAssertGreaterThan(run.viewport(name).height, 8, name)
        }
        try play(run, dragScript(run.center("backlog", 0), run.viewport("later").center))
        XCTAssertEqual(run.items("later"), ["0"])
        assertSettled(run)
    }
}
