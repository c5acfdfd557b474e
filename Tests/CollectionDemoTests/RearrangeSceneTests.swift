import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// The rearrange scene driven by input scripts on the virtual clock, with no graphics.
final class RearrangeSceneTests: XCTestCase {
    struct Run {
        let app: App
        let driver: HeadlessDriver<App>
        var scene: RearrangeScene { app.currentScene as! RearrangeScene }
        var collection: CollectionView { scene.collection }
        var dump: JSON { app.dumpState() }
        var cv: JSON { dump["collections"]![0]! }
        var items: [String] { cv["items"]!.arrayValue!.map { $0.stringValue! } }
        var hidden: [String] { cv["hidden"]!.arrayValue!.map { $0.stringValue! } }
        var offset: Point { collection.contentOffset }

        /// The window centre of the tile shown at `index`, at the current scroll offset.
        func center(_ index: Int) -> Point {
            collection.windowRect(fromContent: collection.layout.attributesForItem(at: ItemPath(item: index))!.frame).center
        }
    }

    private func makeRun(items: Int = 200, layout: String = "grid", fps: Double = 60,
                         size: Size = Size(width: 1280, height: 800)) throws -> Run {
        var config = SceneConfig(items: items)
        config.rearrangeLayout = layout
        let app = try App(scene: "rearrange", size: size, config: config)
        return Run(app: app, driver: HeadlessDriver(root: app, fps: fps))
    }

    /// Plays `script` from the driver's current time; `at` runs checks at given times (seconds
    /// from the start of this script) along the way.
    private func play(_ run: Run, _ script: String, at checks: [(Double, () -> Void)] = []) throws {
        try run.driver.play(script: script, checks: checks)
    }

    /// What must hold after any script: every tile once, none hidden, no drag or movement left,
    /// pinned tiles in their own slots.
    private func assertSettled(_ run: Run, count: Int, file: StaticString = #filePath, line: UInt = #line) {
        let items = run.items
        XCTAssertEqual(items.count, count, "no tile lost or added", file: file, line: line)
        XCTAssertEqual(Set(items).count, count, "no tile duplicated", file: file, line: line)
        XCTAssertEqual(Set(items), Set((0..<count).map { "\($0)" }), file: file, line: line)
        XCTAssertEqual(run.hidden, [], "no tile left hidden", file: file, line: line)
        XCTAssertTrue(run.collection.hiddenIdentifiers.isEmpty, file: file, line: line)
        XCTAssertTrue(run.collection.hiddenItems.isEmpty, file: file, line: line)
        XCTAssertNil(run.collection.interactiveMove, file: file, line: line)
        XCTAssertEqual(run.dump["dragging"]?.boolValue, false, file: file, line: line)
        for i in 0..<count where RearrangeScene.isPinned(i) {
            XCTAssertEqual(items[i], "\(i)", "pinned tile \(i) keeps its slot", file: file, line: line)
        }
        // Every drawn cell shows the tile the data says is there.
        for (ip, cell) in run.collection.visibleCells {
            // Tiles in the grids, notes in the waterfall.
            let number = (cell as? TileCell)?.number ?? (cell as? NoteCell)?.number
            XCTAssertEqual(number.map { "\($0)" }, items[ip.item], "cell at \(ip)", file: file, line: line)
        }
    }

    private func p(_ pt: Point) -> String { "\(pt.x) \(pt.y)" }

    // MARK: Moving

    func testLongPressMovesATileAcrossTheGrid() throws {
        let run = try makeRun()
        let from = run.center(0), to = run.center(40)
        var midDrag: JSON?
        var early: [TextureRecording] = [], late: [TextureRecording] = []
        var cursor: Cursor?
        try play(run, """
            down \(p(from))
            wait 400
            move \(p(to)) 400
            wait 200
            up \(p(to))
            wait 600
            """, at: [(0.5, { early = run.app.draw().textures; cursor = run.app.cursor }),
                      (0.9, { midDrag = run.dump; late = run.app.draw().textures })])
        XCTAssertEqual(cursor, .grabbing)
        XCTAssertEqual(early.map(\.key), ["rearrange-snapshot-1-lifted"], "one snapshot texture, recorded at its lifted size")
        XCTAssertEqual(early, late, "recorded once at lift and handed to every frame unchanged")
        XCTAssertEqual(midDrag?["dragging"]?.boolValue, true, "a dump mid-drag says so")
        XCTAssertEqual(midDrag?["collections"]?[0]?["moving"]?["to"]?.doubleValue, 40)
        XCTAssertEqual(midDrag?["collections"]?[0]?["hidden"], .strings(["0"]), "the source tile is a gap while lifted")
        XCTAssertEqual(midDrag?["collections"]?[0]?["items"]?[40]?.stringValue, "0", "the order as it stands mid-drag")
        XCTAssertEqual(run.items[40], "0")
        XCTAssertEqual(Array(run.items[0..<8]), ["1", "2", "3", "4", "5", "7", "6", "8"], "the others close up around pinned 6")
        XCTAssertEqual(run.cv["undo"]?.doubleValue, 1)
        assertSettled(run, count: 200)
    }

    func testAQuickMoveIsAPanAndMovesNoTile() throws {
        let run = try makeRun()
        let from = run.center(20)
        try play(run, """
            down \(p(from))
            wait 100
            move \(from.x) \(from.y - 300) 200
            up \(from.x) \(from.y - 300)
            wait 1500
            """)
        XCTAssertGreaterThan(run.offset.y, 250, "the content scrolled instead")
        XCTAssertEqual(run.items, (0..<200).map { "\($0)" })
        assertSettled(run, count: 200)
    }

    func testPinnedTileCannotBeLifted() throws {
        let run = try makeRun()
        let pinned = run.center(6)
        var dragging: Bool?
        try play(run, """
            down \(p(pinned))
            wait 400
            move \(p(run.center(30))) 300
            up \(p(run.center(30)))
            wait 800
            """, at: [(0.5, { dragging = run.scene.isDragging })])
        XCTAssertEqual(dragging, false)
        XCTAssertEqual(run.scene.cursor(at: pinned), .arrow)
        XCTAssertEqual(run.scene.cursor(at: run.center(5)), .hand)
        XCTAssertEqual(run.items, (0..<200).map { "\($0)" })
        assertSettled(run, count: 200)
    }

    func testNothingDropsOnAPinnedSlot() throws {
        let run = try makeRun()
        try play(run, """
            down \(p(run.center(2)))
            wait 400
            move \(p(run.center(13))) 300
            wait 100
            up \(p(run.center(13)))
            wait 600
            """)
        XCTAssertEqual(run.items[13], "13", "the pinned tile under the pointer stays")
        XCTAssertNotEqual(run.items[2], "2", "but the tile did move on the way")
        assertSettled(run, count: 200)
    }

    func testWaterfallMoveKeepsSizes() throws {
        let run = try makeRun(layout: "waterfall")
        let heightOf0 = run.collection.layout.attributesForItem(at: ItemPath(item: 0))!.frame.height
        let to = run.center(9)
        var gapHeight: Double?
        try play(run, """
            down \(p(run.center(0)))
            wait 400
            move \(p(to)) 400
            wait 100
            up \(p(to))
            wait 600
            """, at: [(0.85, {
                if let t = run.collection.movingItemIndexPath { gapHeight = run.collection.layout.attributesForItem(at: t)?.frame.height }
            })])
        XCTAssertEqual(gapHeight, heightOf0, "the gap has the moving tile's height")
        let landed = run.items.firstIndex(of: "0")!
        XCTAssertNotEqual(landed, 0)
        XCTAssertEqual(run.collection.layout.attributesForItem(at: ItemPath(item: landed))!.frame.height, heightOf0)
        assertSettled(run, count: 200)
    }

    /// The waterfall keeps its columns while rearranging: tile 0 dragged onto the tile directly
    /// below it in its own column lands there, below it, and no tile changes column. The dump's
    /// `columns` gives each item's column.
    func testWaterfallTileDroppedOnTheTileBelowItLandsThereInItsColumn() throws {
        let run = try makeRun(layout: "waterfall")
        func columns() -> [Int] { run.cv["columns"]!.arrayValue!.map { Int($0.doubleValue!) } }
        let before = columns()
        XCTAssertEqual(before.count, 200)
        let itemsBefore = run.items
        let below = (1..<200).first { before[$0] == before[0] }!
        let to = run.center(below)
        try play(run, """
            down \(p(run.center(0)))
            wait 400
            move \(p(to)) 400
            wait 300
            up \(p(to))
            wait 600
            """)
        let after = columns(), items = run.items
        // (Pinned tiles between keep their indices, so "after" need not be "next".)
        XCTAssertGreaterThan(items.firstIndex(of: "0")!, items.firstIndex(of: itemsBefore[below])!, "lands after the tile it was dropped on")
        XCTAssertEqual(after[items.firstIndex(of: "0")!], before[0], "in its own column")
        for (i, id) in itemsBefore.enumerated() {
            XCTAssertEqual(after[items.firstIndex(of: id)!], before[i], "tile \(id) changed column")
        }
        let droppedOn = run.collection.layout.attributesForItem(at: ItemPath(item: items.firstIndex(of: itemsBefore[below])!))!.frame
        let landed = run.collection.layout.attributesForItem(at: ItemPath(item: items.firstIndex(of: "0")!))!.frame
        XCTAssertEqual(landed.minY, droppedOn.maxY + 10, "directly below it")
        assertSettled(run, count: 200)
    }

    // MARK: Auto-scroll

    private func carryScript(_ run: Run, from: Point, edge: Point, holdMS: Int, release: Point) -> String {
        """
        down \(p(from))
        wait 400
        move \(p(edge))
        wait \(holdMS)
        move \(p(release))
        wait 200
        up \(p(release))
        wait 600
        """
    }

    func testAutoScrollCarriesATileSeveralPagesDown() throws {
        var finals: [(Point, [String])] = []
        for fps in [30.0, 60, 144] {
            let run = try makeRun(items: 2000, fps: fps)
            let release = Point(640, 400)
            // Held past the window's bottom edge (the pointer is captured): a page a second for 1.5 s,
            // then the cap rises to three pages a second.
            try play(run, carryScript(run, from: run.center(1), edge: Point(640, 805), holdMS: 3500, release: release))
            let page = run.collection.frame.height
            XCTAssertGreaterThan(run.offset.y, 4 * page, "several pages at \(fps) fps")
            let landed = run.items.firstIndex(of: "1")!
            XCTAssertGreaterThan(landed, 200)
            let slot = run.collection.windowRect(fromContent: run.collection.layout.attributesForItem(at: ItemPath(item: landed))!.frame)
            XCTAssertLessThan(slot.center.distance(to: release), 150, "it lands by the pointer")
            assertSettled(run, count: 2000)
            finals.append((run.offset, run.items))
        }
        for f in finals.dropFirst() {
            XCTAssertEqual(f.0.y, finals[0].0.y, accuracy: 1e-6, "the same offset at any frame rate")
            XCTAssertEqual(f.1, finals[0].1, "the same order at any frame rate")
        }
    }

    func testAutoScrollUpAfterDown() throws {
        let run = try makeRun(items: 2000)
        var deepest = 0.0
        try play(run, """
            down \(p(run.center(1)))
            wait 400
            move 640 805
            wait 1500
            move 640 30
            wait 1200
            move 640 400
            wait 100
            up 640 400
            wait 600
            """, at: [(1.9, { deepest = run.offset.y })])
        XCTAssertGreaterThan(deepest, 1000, "1.5 s at a page (756 points) a second")
        XCTAssertLessThan(run.offset.y, deepest - 800, "the top zone scrolls back up")
        assertSettled(run, count: 2000)
    }

    func testAutoScrollCarriesATileSeveralPagesSideways() throws {
        let run = try makeRun(items: 2000, layout: "horizontal")
        let release = Point(640, 400)
        try play(run, carryScript(run, from: run.center(0), edge: Point(1290, 300), holdMS: 3500, release: release))
        XCTAssertEqual(run.offset.y, 0)
        XCTAssertGreaterThan(run.offset.x, 4 * 1280)
        XCTAssertGreaterThan(run.items.firstIndex(of: "0")!, 200)
        assertSettled(run, count: 2000)
        // And back toward the start from the left edge.
        let before = run.offset.x
        // A movable tile in view to pick up.
        let from = [Point(640, 300), Point(500, 300), Point(640, 450)].first {
            !RearrangeScene.isPinned(Int(run.items[run.collection.indexPathForItem(atWindowPoint: $0)!.item])!)
        }!
        try play(run, carryScript(run, from: from, edge: Point(2, 300), holdMS: 1200, release: release))
        XCTAssertLessThan(run.offset.x, before - 1000)
        assertSettled(run, count: 2000)
    }

    func testAutoScrollStopsAtTheEndOfTheContent() throws {
        let run = try makeRun()
        var offsets: [Double] = []
        try play(run, """
            down \(p(run.center(0)))
            wait 400
            move 640 798
            wait 6000
            up 640 798
            wait 600
            """, at: [(4.0, { offsets.append(run.offset.y) }), (6.0, { offsets.append(run.offset.y) })])
        let maxY = run.collection.physics.maxOffset.y
        XCTAssertEqual(offsets, [maxY, maxY], "it stops at the end and stays")
        XCTAssertEqual(run.offset.y, maxY)
        XCTAssertEqual(run.items.last, "0", "dropped in the last slot")
        assertSettled(run, count: 200)
    }

    // MARK: Cancel

    private func assertCancelRestores(_ cancel: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try makeRun(items: 600)
        let frames = (0..<600).map { run.collection.layout.attributesForItem(at: ItemPath(item: $0))!.frame }
        var hiddenWhileFlying: [String]?
        try play(run, """
            down \(p(run.center(3)))
            wait 400
            move 640 795
            wait 800
            move \(p(run.center(10))) 100
            wait 100
            \(cancel)
            wait 100
            up 500 500
            wait 700
            """, at: [(1.45, { hiddenWhileFlying = run.hidden })])
        XCTAssertEqual(hiddenWhileFlying, ["3"], "the snapshot is still flying home", file: file, line: line)
        XCTAssertEqual(run.items, (0..<600).map { "\($0)" }, "every tile back where it was", file: file, line: line)
        XCTAssertEqual((0..<600).map { run.collection.layout.attributesForItem(at: ItemPath(item: $0))!.frame }, frames,
                       file: file, line: line)
        XCTAssertFalse(run.collection.isAnimatingUpdates, file: file, line: line)
        XCTAssertEqual(run.cv["undo"]?.doubleValue, 0, "nothing to undo", file: file, line: line)
        assertSettled(run, count: 600, file: file, line: line)
    }

    func testEscapeCancelsAndRestoresExactly() throws { try assertCancelRestores("key escape") }
    func testFocusLossCancelsAndRestoresExactly() throws { try assertCancelRestores("focus lost") }
    func testRightClickCancelsAndRestoresExactly() throws { try assertCancelRestores("down 500 500 right") }

    // MARK: Drop animation

    func testANewDragStartsDuringTheDropAnimation() throws {
        let run = try makeRun()
        let a = run.center(0), aTo = run.center(22), b = run.center(30), bTo = run.center(2)
        var atSecondLift: (dragging: Bool, hidden: [String])?
        try play(run, """
            down \(p(a))
            wait 400
            move \(p(aTo)) 200
            up \(p(aTo))
            wait 20
            down \(p(b))
            wait 320
            move \(p(bTo)) 200
            up \(p(bTo))
            wait 800
            """, at: [(0.96, { atSecondLift = (run.scene.isDragging, run.hidden) })])
        XCTAssertEqual(atSecondLift?.dragging, true, "the second tile is lifted")
        XCTAssertEqual(atSecondLift.map { Set($0.hidden) }, ["0", "30"], "while the first is still landing")
        XCTAssertEqual(run.items[2], "30")
        XCTAssertEqual(run.items[23], "0", "moved on by one when 30 went in before it")
        assertSettled(run, count: 200)
    }

    func testTheLandingTileItselfCanBeLiftedAgain() throws {
        let run = try makeRun()
        let a = run.center(0), aTo = run.center(11), again = run.center(40)
        try play(run, """
            down \(p(a))
            wait 400
            move \(p(aTo)) 200
            up \(p(aTo))
            wait 10
            down \(p(aTo))
            wait 350
            move \(p(again)) 200
            up \(p(again))
            wait 800
            """)
        XCTAssertEqual(run.items[40], "0")
        XCTAssertEqual(run.cv["undo"]?.doubleValue, 2)
        assertSettled(run, count: 200)
    }

    // MARK: Undo

    func testUndoAndRedoCompletedMoves() throws {
        let run = try makeRun()
        func drag(_ i: Int, _ j: Int) -> String {
            "down \(p(run.center(i)))\nwait 400\nmove \(p(run.center(j))) 200\nwait 50\nup \(p(run.center(j)))\nwait 500\n"
        }
        try play(run, drag(0, 22) + drag(15, 3))
        let afterTwo = run.items
        XCTAssertEqual(afterTwo[22], "0")
        try play(run, "key ctrl+z\nwait 500\n")
        var afterOne = (0..<200).map { "\($0)" }
        afterOne.moveKeepingAnchors(from: 0, to: 22) { RearrangeScene.isPinned(Int($0)!) }
        XCTAssertEqual(run.items, afterOne)
        try play(run, "key ctrl+z\nwait 500\n")
        XCTAssertEqual(run.items, (0..<200).map { "\($0)" })
        try play(run, "key ctrl+z\nwait 100\n")
        XCTAssertEqual(run.items, (0..<200).map { "\($0)" }, "nothing more to undo")
        try play(run, "key ctrl+shift+z\nwait 200\nkey ctrl+shift+z\nwait 500\n")
        XCTAssertEqual(run.items, afterTwo)
        try play(run, "key ctrl+z\nwait 200\n" + drag(50, 60))
        try play(run, "key ctrl+shift+z\nwait 500\n")
        XCTAssertEqual(run.cv["redo"]?.doubleValue, 0, "a new move clears what could be redone")
        assertSettled(run, count: 200)
    }

    // MARK: Layouts and dump

    func testLayoutKeyCyclesAndTheDumpNamesIt() throws {
        let run = try makeRun()
        XCTAssertEqual(run.dump["layout"]?.stringValue, "grid")
        XCTAssertEqual(run.cv["layout"]?.stringValue, "grid")
        XCTAssertEqual(run.cv["pinned"]?.arrayValue?.prefix(3).map { $0.stringValue! }, ["6", "13", "20"])
        try play(run, "key l\nwait 50\n")
        XCTAssertEqual(run.cv["layout"]?.stringValue, "horizontal")
        XCTAssertEqual(run.collection.layout.scrollAxis, .horizontal)
        try play(run, "key l\nwait 50\n")
        XCTAssertEqual(run.cv["layout"]?.stringValue, "waterfall")
        try play(run, "key l\nwait 50\n")
        XCTAssertEqual(run.cv["layout"]?.stringValue, "grid")
        XCTAssertThrowsError(try makeRun(layout: "spiral"))
    }

    /// A pointer captured past the window's edge drags the snapshot along the edge: it stays in
    /// view (inside the scene's area) instead of leaving with the pointer, and comes back to the
    /// pointer when it returns.
    func testTheLiftedTileStaysInsideTheWindowWhenThePointerLeavesIt() throws {
        let run = try makeRun()
        let from = run.center(9)
        func snapshotRect() -> Rect? {
            run.app.draw().commands.lazy.compactMap { c -> Rect? in
                if case let .texture(key, rect) = c, key.hasPrefix("rearrange-snapshot") { return rect }; return nil
            }.first
        }
        var outside: Rect?, leftOutside: Rect?, back: Rect?
        try play(run, """
            down \(p(from))
            wait 400
            move 640 1000 300
            wait 100
            move -300 400 300
            wait 100
            move 640 400 200
            wait 100
            key Escape
            wait 600
            """, at: [(0.75, { outside = snapshotRect() }), (1.15, { leftOutside = snapshotRect() }),
                      (1.45, { back = snapshotRect() })])
        let area = run.scene.collection.frame
        for (name, r) in [("below the window", outside), ("left of the window", leftOutside)] {
            guard let r else { XCTFail("no snapshot drawn with the pointer \(name)"); continue }
            XCTAssertTrue(area.contains(r.origin) && area.contains(Point(x: r.maxX - 0.001, y: r.maxY - 0.001)),
                          "with the pointer \(name) the snapshot \(r) stays inside \(area)")
        }
        XCTAssertEqual(outside.map { $0.maxY } ?? 0, area.maxY, accuracy: 0.5, "held against the bottom edge")
        XCTAssertEqual(leftOutside.map { $0.minX } ?? -1, area.minX, accuracy: 0.5, "held against the left edge")
        XCTAssertTrue(back.map { $0.contains(Point(x: 640, y: 400)) } ?? false, "back under the pointer once it returns")
    }
}

/// The waterfall's notes: heights follow their text, the dump counts their lines, a resize re-wraps.
final class RearrangeNotesTests: XCTestCase {
    private func lines(_ app: App) -> [Int] {
        let dump = JSON.object(app.currentScene.dumpState())
        guard case let .array(collections)? = dump["collections"], case let .array(l)? = collections.first?["lines"] else { return [] }
        return l.compactMap { $0.doubleValue.map { Int($0) } }
    }

    func testNoteHeightsFollowTheirText() throws {
        let scene = RearrangeScene(itemCount: 40, layout: .waterfall)
        scene.setFrame(Rect(x: 0, y: 0, width: 800, height: 600))
        let metrics = scene.noteMetrics
        var heightsByLines: [Int: Set<Double>] = [:]
        for i in 0..<40 {
            let frame = try XCTUnwrap(scene.collection.layout.attributesForItem(at: ItemPath(item: i))?.frame)
            let note = RearrangeScene.note(for: i)
            XCTAssertEqual(frame.height, metrics.height(note, width: frame.width), "note \(i)")
            heightsByLines[metrics.lineCount(note, width: frame.width), default: []].insert(frame.height)
        }
        XCTAssertGreaterThan(heightsByLines.count, 3, "notes of many lengths")
        let longest = heightsByLines.keys.max()!, shortest = heightsByLines.keys.min()!
        XCTAssertGreaterThan(heightsByLines[longest]!.min()!, heightsByLines[shortest]!.max()!, "more lines, taller note")
    }

    func testTheDumpCountsLinesAndAResizeRewraps() throws {
        let app = try App(scene: "rearrange", size: Size(width: 1280, height: 800), config: {
            var c = SceneConfig(items: 30); c.rearrangeLayout = "waterfall"; return c
        }())
        let wide = lines(app)
        XCTAssertEqual(wide.count, 30, "one count per item")
        XCTAssertTrue(wide.allSatisfy { $0 >= 2 }, "a title and a body each take a line at least")
        // At 300 points one column takes the width: every note re-wraps to it.
        app.handle(.resize(Size(width: 300, height: 800)), now: 0)
        let scene = try XCTUnwrap(app.currentScene as? RearrangeScene)
        let narrow = lines(app)
        XCTAssertEqual(narrow.count, 30)
        XCTAssertNotEqual(narrow, wide)
        for i in 0..<30 {
            let width = try XCTUnwrap(scene.collection.layout.attributesForItem(at: ItemPath(item: i))?.frame.width)
            XCTAssertEqual(narrow[i], scene.noteMetrics.lineCount(RearrangeScene.note(for: scene.ids[i]), width: width), "note \(i)")
        }
    }
}
