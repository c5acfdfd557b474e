import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// The mosaic scene driven by input scripts on the virtual clock: presets, menus (allowed, not
/// allowed, keyboard, during a drag, closing), animated regrouping, undo/redo, shuffle and reset,
/// drag reordering (also while a drop still lands), the featured row's paging and the pinned header.
final class MosaicSceneTests: XCTestCase {
    struct Run {
        let app: App
        let driver: HeadlessDriver<App>
        var scene: MosaicScene { app.currentScene as! MosaicScene }
        var collection: CollectionView { scene.collection }
        var dump: JSON { app.dumpState() }
        var mosaic: JSON { dump["collections"]![0]! }
        var featured: JSON { dump["collections"]![1]! }
        var items: [String] { mosaic["items"]!.arrayValue!.map { $0.stringValue! } }
        var styles: [String] { mosaic["styles"]!.arrayValue!.map { $0.stringValue! } }
        var groups: [String] { mosaic["groups"]!.arrayValue!.map { $0.stringValue! } }
        var frames: [Rect] { mosaic["frames"]!.arrayValue!.map { a in
            let v = a.arrayValue!.map { $0.doubleValue! }; return Rect(v[0], v[1], v[2], v[3]) } }
        var menu: JSON { dump["menu"]! }

        /// The window centre of the card shown at `index`, at the current scroll offset.
        func center(_ index: Int) -> Point {
            collection.windowRect(fromContent: collection.layout.attributesForItem(at: ItemPath(item: index, section: 1))!.frame).center
        }
        /// The window centre of row `row` of the open menu.
        func menuRow(_ row: Int) -> Point { scene.menu.menu!.rowFrame(row).center }
    }

    /// 640 wide: two columns, the seed's phone-sized mosaic (wider windows: testColumnsFollowTheWindow).
    private func makeRun(preset: String = "mixed", items: Int? = nil, size: Size = Size(width: 640, height: 800)) throws -> Run {
        var config = SceneConfig(items: items)
        config.options["mosaic-preset"] = [preset]
        let app = try App(scene: "mosaic", size: size, config: config)
        let run = Run(app: app, driver: HeadlessDriver(root: app, fps: 60))
        run.driver.advance(to: 0.1)
        return run
    }

    private func play(_ run: Run, _ script: String) throws {
        try run.driver.play(script: script)
    }

    private func p(_ pt: Point) -> String { "\(Int(pt.x)) \(Int(pt.y))" }

    /// The mosaic reads its container: 2 columns at 640, 4 at 900, 6 at 1280, 1920 and 2560; cards
    /// at most 300 wide (the content centred), every card's edges on the column grid, and every
    /// row but the last spans the whole content width: a row the next card does not fit in widens
    /// by whole columns instead of leaving a hole.
    func testColumnsFollowTheWindow() throws {
        for (width, columns) in [(640.0, 2), (900, 4), (1280, 6), (1920, 6), (2560, 6)] {
            let run = try makeRun(preset: "long", size: Size(width: width, height: 800))
            XCTAssertEqual(run.mosaic["columns"]?.doubleValue, Double(columns), "at \(width)")
            let frames = run.frames.prefix(60)
            let left = frames.map(\.minX).min()!, right = frames.map(\.maxX).max()!
            XCTAssertEqual(left, width - right, accuracy: 1, "centred at \(width)")
            XCTAssertLessThanOrEqual(frames.map(\.width).min()!, 300, "compact cards at most 300 wide at \(width)")
            let column = frames.map(\.width).min()!
            for f in frames {
                let steps = (f.minX - left) / (column + 16), span = (f.width + 16) / (column + 16)
                XCTAssertEqual(steps, steps.rounded(), accuracy: 0.02, "\(f) starts on a column at \(width)")
                XCTAssertEqual(span, span.rounded(), accuracy: 0.02, "\(f) spans whole columns at \(width)")
            }
            // Rows: frames sharing a top. Each starts at the left edge and ends at the right one.
            for top in Set(frames.map(\.minY)) where top < frames.last!.minY {
                let row = frames.filter { $0.minY == top }
                XCTAssertEqual(row.map(\.minX).min()!, left, accuracy: 0.5, "row at \(top), \(width) wide")
                XCTAssertEqual(row.map(\.maxX).max()!, right, accuracy: 0.5, "no hole in the row at \(top), \(width) wide")
            }
        }
        // The compact preset's seven cards at 640: three pairs and the last one in the first
        // column, as wide as the others (a grid's last row).
        let compact = try makeRun(preset: "compact")
        XCTAssertEqual(compact.frames.last, Rect(16, compact.frames[4].minY + 312, 296, 296))
    }

    /// The featured row is on the mosaic's grid at every width: its first card starts at the
    /// grid's left edge and is as wide as a regular card below, and the row comes to rest there.
    func testFeaturedRowLinesUpWithTheGrid() throws {
        for width in [640.0, 900, 1280, 2560] {
            let run = try makeRun(preset: "long", size: Size(width: width, height: 800))
            let layout = run.collection.layout as! CompositionalLayout
            let first = try XCTUnwrap(layout.attributesForItem(at: ItemPath(item: 0, section: 0))?.frame)
            let shown = run.collection.windowRect(fromContent: first)
            let cards = run.frames.prefix(60)
            XCTAssertEqual(shown.minX, cards.map(\.minX).min()!, accuracy: 0.5, "the featured row starts at the grid's edge at \(width)")
            let regular = try XCTUnwrap(zip(run.styles, run.frames).first { $0.0 == "regular" && $0.1.width > 0 }?.1)
            XCTAssertEqual(first.width, regular.width, accuracy: 1, "a featured card is a regular card's width at \(width)")
            try play(run, "key right\nwait 1200")
            XCTAssertEqual(run.featured["centeredIndex"], .int(1))
            // The row's frames follow its scrolling: the card paged to is where the first was.
            let second = try XCTUnwrap(layout.attributesForItem(at: ItemPath(item: 1, section: 0))?.frame)
            XCTAssertEqual(run.collection.windowRect(fromContent: second).minX, cards.map(\.minX).min()!, accuracy: 0.5,
                           "the next card rests at the grid's edge at \(width)")
        }
    }

    func testPresetsMatchTheSeed() throws {
        let compact = try makeRun(preset: "compact")
        XCTAssertEqual(compact.items, ["0", "1", "2", "3", "4", "5", "6"])
        XCTAssertEqual(compact.groups, ["compactPair", "compactPair", "compactPair", "compactOrphan"])
        XCTAssertEqual(compact.mosaic["menuAllowed"]!.arrayValue!.map { $0.stringValue! }, ["0", "1", "3", "4", "6"])
        XCTAssertEqual(try makeRun(preset: "regular").styles, ["regular", "regular", "regular", "regular"])
        let mixed = try makeRun(preset: "mixed")
        XCTAssertEqual(mixed.styles, ["regular", "compact", "compact", "compact", "compact", "regular"])
        XCTAssertEqual(mixed.groups, ["regular", "compactPair", "compactPair", "regular"])
        // Two columns in a 640 window, 16 from the sides: pairs of 296, rows 296 tall, 16 apart.
        XCTAssertEqual(Array(mixed.frames.prefix(3)), [Rect(16, 282, 608, 296), Rect(16, 594, 296, 296), Rect(328, 594, 296, 296)])
        XCTAssertEqual(try makeRun(preset: "long").items.count, 2000)
        XCTAssertEqual(try makeRun(preset: "mixed", items: 13).styles.count, 13)
        XCTAssertThrowsError(try makeRun(preset: "tiny")) { XCTAssertTrue("\($0)".contains("unknown mosaic preset 'tiny'")) }
        XCTAssertEqual(mixed.featured["name"]?.stringValue, "featured")
        XCTAssertEqual(mixed.featured["items"]?.arrayValue?.count, 8)
    }

    func testRightClickOpensAMenuOnlyOnCardsThatAllowOne() throws {
        let run = try makeRun(preset: "compact")
        // Card 2 does not allow a menu.
        try play(run, "down \(p(run.center(2))) right\nup \(p(run.center(2))) right\nwait 100")
        XCTAssertEqual(run.menu, .null)
        try play(run, "down \(p(run.center(1))) right\nup \(p(run.center(1))) right\nwait 100")
        XCTAssertEqual(run.menu["item"]?.stringValue, "1")
        XCTAssertEqual(run.menu["actions"]?.arrayValue?.map { $0.stringValue! }, ["Make regular", "Duplicate", "Rename…", "Move to top", "Delete"], "Delete last, after the others")
        // A click elsewhere closes it.
        try play(run, "down 100 700\nup 100 700\nwait 100")
        XCTAssertEqual(run.menu, .null)
    }

    func testMenuStaysInsideTheWindowNearTheCorner() throws {
        let run = try makeRun(preset: "regular", size: Size(width: 640, height: 400))
        try play(run, "down 600 390 right\nup 600 390 right\nwait 50")
        let f = run.scene.menu.menu!.frame
        XCTAssertTrue(f.minX >= 0 && f.maxX <= 640 && f.minY >= 44 && f.maxY <= 400, "\(f)")
    }

    func testMakeRegularRegroupsWithAnAnimationAndUndoes() throws {
        let run = try makeRun(preset: "compact")
        let before = run.frames
        try play(run, "down \(p(run.center(0))) right\nup \(p(run.center(0))) right\nwait 50")
        let row = run.menuRow(0)
        try play(run, "down \(p(row))\nup \(p(row))\nwait 50")
        XCTAssertEqual(run.styles.first, "regular")
        XCTAssertEqual(run.groups, ["regular", "compactPair", "compactPair", "compactPair"], "the other six pair up again")
        XCTAssertTrue(run.collection.isAnimatingUpdates, "the regroup is animated")
        let mid = run.collection.presentedFrameForItem(at: ItemPath(item: 1, section: 1))!
        let final = run.frames[1]
        XCTAssertNotEqual(mid, final, "mid-animation, card 1 is between its old and new places")
        XCTAssertNotEqual(mid, before[1])
        try play(run, "wait 500")
        XCTAssertFalse(run.collection.isAnimatingUpdates)
        XCTAssertEqual(run.collection.presentedFrameForItem(at: ItemPath(item: 1, section: 1)), final)
        XCTAssertEqual(run.dump["undo"], .int(1))
        try play(run, "key ctrl+z\nwait 400")
        XCTAssertEqual(run.styles.first, "compact")
        XCTAssertEqual(run.frames, before)
        XCTAssertEqual(run.dump["redo"], .int(1))
        try play(run, "key ctrl+shift+z\nwait 400")
        XCTAssertEqual(run.styles.first, "regular")
    }

    func testDuplicateDeleteAndMoveToTop() throws {
        let run = try makeRun(preset: "compact")
        func choose(_ title: String, onCard index: Int) throws {
            try play(run, "down \(p(run.center(index))) right\nup \(p(run.center(index))) right\nwait 50")
            let menu = try XCTUnwrap(run.scene.menu.menu, "no menu on card \(index) for \(title): \(run.items)")
            let row = try XCTUnwrap(menu.actions.firstIndex { $0.title == title })
            try play(run, "down \(p(run.menuRow(row)))\nup \(p(run.menuRow(row)))\nwait 400")
        }
        try choose("Duplicate", onCard: 1)
        XCTAssertEqual(run.items, ["0", "1", "7", "2", "3", "4", "5", "6"])
        XCTAssertEqual(run.mosaic["values"]?.arrayValue?[2], .int(1), "the copy shows the same value under a new id")
        try choose("Delete", onCard: 0)
        XCTAssertEqual(run.items, ["1", "7", "2", "3", "4", "5", "6"])
        try choose("Move to top", onCard: 1)
        XCTAssertEqual(run.items, ["7", "1", "2", "3", "4", "5", "6"])
        XCTAssertEqual(run.dump["undo"], .int(3))
        try play(run, "key ctrl+z\nwait 50\nkey ctrl+z\nwait 50\nkey ctrl+z\nwait 400")
        XCTAssertEqual(run.items, ["0", "1", "2", "3", "4", "5", "6"])
    }

    /// A delete shows the engine's toast with the card's name in quotes; a click elsewhere leaves
    /// it, its Undo brings the card back (one step), and a later change closes it.
    func testDeleteShowsTheToastAndItsUndoBringsTheCardBack() throws {
        let run = try makeRun(preset: "compact")
        XCTAssertEqual(run.dump["deletedNotice"], .null)
        try play(run, "down \(p(run.center(0))) right\nup \(p(run.center(0))) right\nwait 50")
        let menu = try XCTUnwrap(run.scene.menu.menu)
        let row = try XCTUnwrap(menu.actions.firstIndex { $0.title == "Delete" })
        let name = try XCTUnwrap(run.scene.accessibilityLabel(for: 0))
        try play(run, "down \(p(run.menuRow(row)))\nup \(p(run.menuRow(row)))\nwait 400")
        XCTAssertEqual(run.items, ["1", "2", "3", "4", "5", "6"])
        XCTAssertEqual(run.dump["deletedNotice"]?.stringValue, "“\(name)” deleted")
        // A click on a card leaves it.
        try play(run, "down \(p(run.center(1)))\nup \(p(run.center(1)))\nwait 300")
        XCTAssertNotEqual(run.dump["deletedNotice"], .null, "a click elsewhere leaves the toast")
        let buttons = try XCTUnwrap(run.dump["deletedNoticeButtons"]?.arrayValue)
        let undo = try XCTUnwrap(buttons.first { $0["name"]?.stringValue == "undo" }?["frame"]?.arrayValue?.compactMap(\.doubleValue))
        let u = Point(x: undo[0] + undo[2] / 2, y: undo[1] + undo[3] / 2)
        try play(run, "move \(p(u)) 30\ndown \(p(u))\nup \(p(u))\nwait 400")
        XCTAssertEqual(run.items, ["0", "1", "2", "3", "4", "5", "6"], "Undo brings the card back")
        XCTAssertEqual(run.dump["deletedNotice"], .null)
        XCTAssertEqual(run.dump["undo"], .int(0))
        // A change after a delete closes the toast: its Undo would take back that change instead.
        try play(run, "down \(p(run.center(0))) right\nup \(p(run.center(0))) right\nwait 50")
        try play(run, "down \(p(run.menuRow(row)))\nup \(p(run.menuRow(row)))\nwait 400")
        XCTAssertNotEqual(run.dump["deletedNotice"], .null)
        try play(run, "key ctrl+z\nwait 400")
        XCTAssertEqual(run.dump["deletedNotice"], .null, "an undo from the keyboard closes it")
    }

    /// Rename… in a card's menu opens a field over the card; Enter names it (drawn and spoken by
    /// its name), Ctrl+Z gives its number back; F2 renames the focused card; Escape keeps it.
    func testRenameFromTheMenuAndF2AndUndo() throws {
        let run = try makeRun(preset: "compact")
        try play(run, "down \(p(run.center(1))) right\nup \(p(run.center(1))) right\nwait 50")
        let menu = try XCTUnwrap(run.scene.menu.menu)
        let row = try XCTUnwrap(menu.actions.firstIndex { $0.title == "Rename…" })
        try play(run, "down \(p(run.menuRow(row)))\nup \(p(run.menuRow(row)))\nwait 100")
        XCTAssertNil(run.scene.menu.menu, "the menu closes")
        XCTAssertTrue(run.scene.editor.isEditing, "a field opens over the card")
        let field = try XCTUnwrap(run.scene.editor.field?.frame)
        XCTAssertTrue(run.collection.windowRect(fromContent: run.collection.layout.attributesForItem(at: ItemPath(item: 1, section: 1))!.frame)
            .contains(field.center), "the field is over the card")
        try play(run, "text \"Summer trip\"\nkey Return\nwait 300")
        XCTAssertEqual(run.scene.model.name(of: 1), "Summer trip")
        XCTAssertEqual(run.scene.accessibilityLabel(for: 1), "Summer trip", "spoken by its name")
        try play(run, "key ctrl+z\nwait 300")
        XCTAssertNil(run.scene.model.name(of: 1), "undo gives its number back")
        try play(run, "down \(p(run.center(3)))\nup \(p(run.center(3)))\nwait 100")
        XCTAssertEqual(run.scene.focusedCard, 3, "a click focuses the card")
        try play(run, "key F2\nwait 50\ntext \"Not kept\"\nkey Escape\nwait 100")
        XCTAssertNil(run.scene.model.name(of: 3), "Escape names nothing")
        try play(run, "key F2\nwait 50\ntext \"Notes\"\nkey Return\nwait 300")
        XCTAssertEqual(run.scene.model.name(of: 3), "Notes", "F2 renames the focused card")
    }

    /// Rename… starts from the name the card goes by ("Tile 1"), all of it selected, as the boards
    /// and the calendar do; Enter on it unchanged names nothing and adds no undo step.
    func testRenameStartsFromTheCardsNameAndKeepingItNamesNothing() throws {
        let run = try makeRun(preset: "compact")
        try play(run, "down \(p(run.center(1)))\nup \(p(run.center(1)))\nwait 100\nkey F2\nwait 50")
        XCTAssertEqual(run.scene.editor.field?.text, "Tile 1", "prefilled with the card's name")
        try play(run, "key Return\nwait 300")
        XCTAssertNil(run.scene.model.name(of: 1))
        XCTAssertEqual(run.dump["undo"], .int(0), "an unchanged name is no edit")
    }

    /// Reset is disabled on the preset's own cards (R does nothing and adds no undo step), and
    /// enabled once something changed.
    func testResetIsDisabledWhileTheCardsAreThePresets() throws {
        let run = try makeRun(preset: "compact")
        func reset() -> JSON? { run.dump["headerControls"]?.arrayValue?.first { $0["name"]?.stringValue == "reset" } }
        XCTAssertEqual(reset()?["enabled"], .bool(false))
        try play(run, "key r\nwait 300")
        XCTAssertEqual(run.dump["undo"], .int(0), "R on untouched cards is no edit")
        try play(run, "key s\nwait 400")
        XCTAssertEqual(reset()?["enabled"], .bool(true), "after a shuffle")
        try play(run, "key r\nwait 400")
        XCTAssertEqual(run.items, ["0", "1", "2", "3", "4", "5", "6"])
        XCTAssertEqual(reset()?["enabled"], .bool(false), "and disabled again once reset")
        XCTAssertEqual(run.dump["undo"], .int(2))
    }

    func testKeyboardMenuOnTheFocusedCard() throws {
        let run = try makeRun(preset: "compact")
        try play(run, "key down\nkey right\nkey shift+f10\nwait 50")
        XCTAssertEqual(run.menu["item"]?.stringValue, "1", "Down shows the ring on the first card, Right moves it to the second")
        try play(run, "key down\nkey return\nwait 400")
        XCTAssertEqual(run.menu, .null)
        XCTAssertEqual(run.items, ["0", "1", "7", "2", "3", "4", "5", "6"], "Down then Enter chose Duplicate")
        try play(run, "key menu\nwait 50\nkey escape\nwait 50")
        XCTAssertEqual(run.menu, .null)
        XCTAssertEqual(run.dump["undo"], .int(1), "Escape chose nothing")
    }

    func testNoMenuDuringADragAndARightClickOnlyCancelsIt() throws {
        let run = try makeRun(preset: "compact")
        let c0 = run.center(0)
        try play(run, "down \(p(c0))\nwait 400\nmove \(Int(c0.x) + 40) \(Int(c0.y)) 100")
        XCTAssertTrue(run.scene.isDragging)
        try play(run, "down \(Int(c0.x) + 40) \(Int(c0.y)) right\nup \(Int(c0.x) + 40) \(Int(c0.y)) right\nwait 50")
        XCTAssertFalse(run.scene.isDragging, "the right click cancelled the drag")
        XCTAssertEqual(run.menu, .null, "and opened no menu")
        try play(run, "up \(Int(c0.x) + 40) \(Int(c0.y))\nwait 500")
        XCTAssertEqual(run.items, ["0", "1", "2", "3", "4", "5", "6"])
    }

    func testPressingToDragWhileAMenuIsOpenClosesTheMenuFirst() throws {
        let run = try makeRun(preset: "compact")
        try play(run, "down \(p(run.center(1))) right\nup \(p(run.center(1))) right\nwait 50")
        XCTAssertNotEqual(run.menu, .null)
        let c0 = run.center(0)
        try play(run, "down \(p(c0))\nwait 50")
        XCTAssertEqual(run.menu, .null, "the press closed the menu")
        try play(run, "wait 350\nmove \(Int(c0.x) + 20) \(Int(c0.y) + 5) 50")
        XCTAssertTrue(run.scene.isDragging, "and went on to lift the card")
        try play(run, "up \(Int(c0.x) + 20) \(Int(c0.y) + 5)\nwait 500")
    }

    func testDragReordersAndGroupsReformLive() throws {
        let run = try makeRun(preset: "mixed")
        // Lift the first regular card and carry it over the second row's right card.
        let from = run.center(0), to = run.center(2)
        try play(run, "down \(p(from))\nwait 400\nmove \(p(to)) 300\nwait 100")
        XCTAssertTrue(run.scene.isDragging)
        XCTAssertEqual(run.items.first, "1", "mid-drag the order shown has changed")
        XCTAssertEqual(run.groups.first, "compactPair", "and the compacts pair up around the gap")
        try play(run, "up \(p(to))\nwait 600")
        XCTAssertFalse(run.scene.isDragging)
        XCTAssertNotEqual(run.items.first, "0")
        XCTAssertEqual(Set(run.items), Set((0..<6).map(String.init)))
        XCTAssertEqual(run.dump["undo"], .int(1))
    }

    func testTheDragRunsOnTheSharedManagerAndUndoes() throws {
        let run = try makeRun(preset: "compact")
        let c0 = run.center(0), c3 = run.center(3)
        try play(run, "down \(p(c0))\nwait 150")
        XCTAssertFalse(run.scene.isDragging, "not before the long press")
        try play(run, "wait 250\nmove \(p(c3)) 200")
        XCTAssertEqual(run.scene.manager.session?.lift.itemID, AnyHashable(0), "the manager holds the lifted card")
        XCTAssertEqual(run.scene.manager.session?.over, "mosaic")
        try play(run, "up \(p(c3))\nwait 600")
        XCTAssertFalse(run.scene.manager.isDragging)
        let dropped = run.items
        XCTAssertNotEqual(dropped.first, "0")
        XCTAssertEqual(run.dump["undo"], .int(1))
        try play(run, "key ctrl+z\nwait 400")
        XCTAssertEqual(run.items, ["0", "1", "2", "3", "4", "5", "6"], "undo puts the card back")
        XCTAssertEqual(run.dump["redo"], .int(1))
        try play(run, "key ctrl+shift+z\nwait 400")
        XCTAssertEqual(run.items, dropped, "redo moves it again")
        // Escape cancels a drag: nothing moves and nothing is recorded.
        try play(run, "down \(p(run.center(2)))\nwait 400\nmove \(p(run.center(5))) 200\nkey escape\nup \(p(run.center(5)))\nwait 600")
        XCTAssertEqual(run.items, dropped)
        XCTAssertEqual(run.dump["undo"], .int(1))
        XCTAssertEqual(run.mosaic["hidden"]?.arrayValue, [])
    }

    func testADragCanStartWhileTheLastDropStillLands() throws {
        let run = try makeRun(preset: "compact")
        let c0 = run.center(0), c3 = run.center(3)
        try play(run, "down \(p(c0))\nwait 400\nmove \(p(c3)) 200\nup \(p(c3))\nwait 30")
        XCTAssertFalse(run.mosaic["hidden"]!.arrayValue!.isEmpty, "the dropped card is still flying into its slot")
        let c1 = run.center(1)
        try play(run, "down \(p(c1))\nwait 350\nmove \(Int(c1.x) + 30) \(Int(c1.y)) 60")
        XCTAssertTrue(run.scene.isDragging, "a new drag starts mid-landing")
        try play(run, "up \(Int(c1.x) + 30) \(Int(c1.y))\nwait 600")
        XCTAssertEqual(run.mosaic["hidden"]?.arrayValue, [])
    }

    /// A resize keeps the featured card that was centred, centred: it used to keep the raw
    /// offset, which under the new card widths rested nearer another card (it drifted).
    func testFeaturedRowStaysOnItsCardThroughResizes() throws {
        let run = try makeRun(preset: "long", size: Size(width: 1280, height: 800))
        try play(run, "key right\nwait 600\nkey right\nwait 600")
        XCTAssertEqual(run.featured["centeredIndex"], .int(2))
        for size in ["700 600", "1920 1200", "640 480", "1100 700", "900 600"] {
            try play(run, "resize \(size)\nwait 300")
            XCTAssertEqual(run.featured["centeredIndex"], .int(2), "after a resize to \(size)")
            let layout = run.collection.layout as! CompositionalLayout
            XCTAssertEqual(run.featured["contentOffset"]!["x"]!.doubleValue!, layout.restingOffset(section: 0, group: 2), accuracy: 0.5,
                           "centred after a resize to \(size)")
        }
    }

    func testFeaturedRowPagesOneCardPerFlick() throws {
        let run = try makeRun(preset: "long", size: Size(width: 1280, height: 800))
        let y = 44 + 40 + 4 + 60 // inside the featured row
        XCTAssertEqual(run.featured["centeredIndex"], .int(0))
        try play(run, "down 900 \(y)\nmove 400 \(y) 80\nup 400 \(y)\nwait 800")
        XCTAssertEqual(run.featured["centeredIndex"], .int(1), "a long fast flick still moves one card")
        try play(run, "down 700 \(y)\nmove 600 \(y) 60\nup 600 \(y)\nwait 800")
        XCTAssertEqual(run.featured["centeredIndex"], .int(2))
        let offset = run.featured["contentOffset"]!["x"]!.doubleValue!
        let layout = run.collection.layout as! CompositionalLayout
        XCTAssertEqual(offset, layout.restingOffset(section: 0, group: 2), accuracy: 0.5, "it comes to rest centred")
        try play(run, "down 400 \(y)\nmove 900 \(y) 80\nup 900 \(y)\nwait 800")
        XCTAssertEqual(run.featured["centeredIndex"], .int(1))
        XCTAssertEqual(run.collection.contentOffset.y, 0, "dragging the row never scrolled the list")
    }

    func testPinnedHeaderFollowsTheTopWhileScrolling() throws {
        let run = try makeRun(preset: "long")
        let natural = run.mosaic["pinnedHeaderY"]!.doubleValue!
        try play(run, "wheel 0 -20\nwait 1500")
        let y = run.collection.contentOffset.y
        XCTAssertGreaterThan(y, natural)
        XCTAssertEqual(run.mosaic["pinnedHeaderY"]?.doubleValue, y, "the header sits at the top of the viewport")
    }

    func testShuffleAndResetAreAnimatedSnapshotApplies() throws {
        let run = try makeRun(preset: "long", items: 40)
        let start = run.items
        try play(run, "key s\nwait 50")
        XCTAssertNotEqual(run.items, start)
        XCTAssertEqual(Set(run.items), Set(start))
        XCTAssertTrue(run.collection.isAnimatingUpdates)
        try play(run, "wait 400\nkey r\nwait 400")
        XCTAssertEqual(run.items, start)
        XCTAssertEqual(run.dump["undo"], .int(2))
        try play(run, "key ctrl+z\nwait 400")
        XCTAssertNotEqual(run.items, start, "undoing the reset brings the shuffle back")
    }

    /// A card's label and badge are drawn only where they clear its centred title, whatever the
    /// window leaves the card (a 200-point window gives featured cards about 45 points).
    func testACardsLabelNeverRunsIntoItsTitle() {
        for featured in [true, false] {
            for h in [40.0, 48, 60, 80, 100, 120, 160, 320] {
                let card = Rect(x: 0, y: 0, width: 260, height: h)
                var list = DrawList()
                MosaicCardCell.drawCard(value: 3, style: .regular, allowsMenu: true, featured: featured, focused: false, in: card, into: &list)
                let runs: [TextRun] = list.commands.flatMap { command -> [TextRun] in
                    switch command {
                    case let .text(run): return [run]
                    case let .paragraph(p): return p.lineRuns(EstimatedTextMeasurer())
                    default: return []
                    }
                }
                // No debug text ("menu", "no menu", "compact", "regular"): the card's title alone.
                XCTAssertEqual(runs.map(\.text), [featured ? "Featured 4" : "3"], "a \(h)-point \(featured ? "featured" : "mosaic") card")
            }
        }
    }

    /// A card that offers a menu shows a ⋯ button only while hovered or focused; the button opens
    /// the menu, whose Delete is drawn in the theme's destructive colour.
    func testTheMoreButtonOpensTheMenuAndDeleteIsDestructive() throws {
        let card = Rect(x: 0, y: 0, width: 260, height: 120)
        func fills(_ shows: Bool, allowsMenu: Bool) -> Int {
            var list = DrawList()
            MosaicCardCell.drawCard(value: 3, style: .regular, allowsMenu: allowsMenu, featured: false, focused: false,
                                    showsMoreButton: shows, in: card, into: &list)
            return list.commands.count
        }
        XCTAssertGreaterThan(fills(true, allowsMenu: true), fills(false, allowsMenu: true), "hovered: the button is drawn")
        XCTAssertEqual(fills(true, allowsMenu: false), fills(false, allowsMenu: false), "no menu: no button")

        let app = try App(scene: "mosaic", size: Size(1280, 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        let scene = app.currentScene as! MosaicScene
        try driver.play(ScriptTimeline(InputScript.parse("wait 100"), fps: 60))
        // The first card in view that offers a menu, and its button.
        let cell = scene.collection.visibleCells.filter { $0.key.section == MosaicScene.mosaicSection }
            .sorted { $0.key < $1.key }.first { ($0.value as? MosaicCardCell)?.allowsMenu == true }
        let ip = try XCTUnwrap(cell?.key)
        let frame = scene.collection.windowRect(fromContent: try XCTUnwrap(scene.collection.presentedFrameForItem(at: ip)))
        let button = MosaicCardCell.moreButtonFrame(in: frame)
        try driver.play(ScriptTimeline(InputScript.parse("move \(Int(frame.midX)) \(Int(frame.midY)) 50\nwait 50"), fps: 60))
        XCTAssertEqual((scene.collection.cellForItem(at: ip) as? MosaicCardCell)?.showsMoreButton, true, "hover shows the button")
        XCTAssertNil(scene.menu.menu)
        try driver.play(ScriptTimeline(InputScript.parse("down \(Int(button.midX)) \(Int(button.midY))\nup \(Int(button.midX)) \(Int(button.midY))\nwait 50"), fps: 60))
        let menu = try XCTUnwrap(scene.menu.menu, "the ⋯ button opens the menu")
        XCTAssertEqual(menu.actions.filter(\.isDestructive).map(\.title), ["Delete"])
        XCTAssertEqual(scene.menu.style.destructiveHighlight, Theme.danger, "the theme's destructive colour")
        var list = DrawList()
        scene.menu.draw(into: &list)
        let deleteInk = list.commands.compactMap { c -> Color? in if case let .text(run) = c, run.text == "Delete" { return run.color }; return nil }
        XCTAssertEqual(deleteInk, [scene.menu.style.destructive])
    }
}

/// A shuffle brings far-away cards into view: they glide in from the viewport's edge, so the
/// mosaic is never empty while they travel (it was, for about 150 ms, when they started from
/// their old places thousands of points away).
final class MosaicShuffleArrivalTests: XCTestCase {
    func testAShuffleShowsCardsFromItsFirstFrame() throws {
        let app = try App(scene: "mosaic", size: Size(1280, 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        let scene = app.currentScene as! MosaicScene
        try driver.play(ScriptTimeline(InputScript.parse("wait 200\nkey s\nwait 17"), fps: 60))
        let cv = scene.collection
        let viewport = Rect(origin: cv.contentOffset, size: cv.frame.size)
        let cards = cv.visibleAttributes.filter { $0.kind == .cell && $0.indexPath.section == MosaicScene.mosaicSection }
        XCTAssertGreaterThan(cards.count, 4)
        let showing = cards.filter { a in
            guard let f = cv.presentedFrameForItem(at: a.indexPath) else { return false }
            return f.intersection(viewport).width * f.intersection(viewport).height >= 0.2 * f.width * f.height
        }
        XCTAssertEqual(showing.count, cards.count, "every card bound for the view shows from the first frame of the shuffle")
    }
}

/// Tab into the mosaic rings a card already in view and leaves the scroll where it is; the list
/// scrolls only for a focused card that is not wholly in view.
final class MosaicTabScrollTests: XCTestCase {
    func testTabScrollsOnlyToACardNotInView() throws {
        let app = try App(scene: "mosaic", size: Size(1280, 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        let scene = app.currentScene as! MosaicScene
        let cv = scene.collection
        // Part way down: the header pinned, a row of cards cut at the top of the view.
        try driver.play(script: "move 640 500\nwheel 0 -3\nwait 1200")
        let before = cv.contentOffset.y
        XCTAssertGreaterThan(before, 100, "scrolled into the mosaic")
        var tabs = 0
        while !(scene.focusedCard != nil && scene.showsFocusRing), tabs < 12 {
            try driver.play(script: "key tab\nwait 50")
            tabs += 1
        }
        XCTAssertNotNil(scene.focusedCard, "Tab reached the cards")
        try driver.play(script: "wait 600")
        XCTAssertEqual(cv.contentOffset.y, before, accuracy: 0.5, "a card in view is ringed where it is")
        let index = try XCTUnwrap(scene.model.position(of: try XCTUnwrap(scene.focusedCard)))
        let frame = try XCTUnwrap(cv.layout.attributesForItem(at: ItemPath(item: index, section: MosaicScene.mosaicSection))?.frame)
        XCTAssertTrue(Rect(origin: cv.contentOffset, size: cv.frame.size).contains(frame), "the ringed card is wholly in view")
        // Down until the ring leaves the view: then, and only then, the list scrolls.
        var moved = false
        for _ in 0..<12 {
            let y = cv.contentOffset.y
            let id = try XCTUnwrap(scene.focusedCard)
            let i = try XCTUnwrap(scene.model.position(of: id))
            let f = try XCTUnwrap(cv.layout.attributesForItem(at: ItemPath(item: i, section: MosaicScene.mosaicSection))?.frame)
            let viewport = Rect(origin: cv.contentOffset, size: cv.frame.size)
            try driver.play(script: "key down\nwait 600")
            let j = try XCTUnwrap(scene.model.position(of: try XCTUnwrap(scene.focusedCard)))
            let g = try XCTUnwrap(cv.layout.attributesForItem(at: ItemPath(item: j, section: MosaicScene.mosaicSection))?.frame)
            if viewport.contains(g) && g != f { XCTAssertEqual(cv.contentOffset.y, y, accuracy: 0.5, "Down to a card in view does not scroll") }
            if cv.contentOffset.y != y { moved = true; break }
        }
        XCTAssertTrue(moved, "a card below the view is scrolled to")
    }

    /// The focused card is the view's focused item, nothing of the scene's: it stays on its card
    /// through a shuffle and an undo, and exactly one cell shows the ring.
    func testTheViewAloneHoldsTheFocusedCardThroughAShuffle() throws {
        let app = try App(scene: "mosaic", size: Size(1280, 800))
        let driver = HeadlessDriver(root: app, fps: 60)
        let scene = app.currentScene as! MosaicScene
        let cv = scene.collection
        var tabs = 0
        while !(scene.focusedCard != nil && scene.showsFocusRing), tabs < 12 {
            try driver.play(script: "key tab\nwait 50")
            tabs += 1
        }
        try driver.play(script: "key down\nwait 300")
        let card = try XCTUnwrap(scene.focusedCard)
        func ringed() -> [Int] {
            cv.visibleCells.filter { $0.key.section == MosaicScene.mosaicSection && $0.value.isFocused }
                .compactMap { cv.identifier(at: $0.key)?.base as? Int }
        }
        XCTAssertEqual(ringed(), [card])
        let before = scene.model.position(of: card)
        scene.shuffle(now: driver.now)
        try driver.play(script: "wait 800")
        XCTAssertNotEqual(scene.model.position(of: card), before, "the shuffle moved the focused card")
        XCTAssertEqual(scene.focusedCard, card, "the view kept the focus on the card")
        XCTAssertEqual(cv.focusedItem, scene.model.position(of: card).map { ItemPath(item: $0, section: MosaicScene.mosaicSection) })
        XCTAssertTrue(ringed().allSatisfy { $0 == card }, "one ring, on that card")
        scene.undo()
        try driver.play(script: "wait 800")
        XCTAssertEqual(scene.focusedCard, card, "and through the undo")
        XCTAssertEqual(scene.model.position(of: card), before)
    }
}

/// A desktop mosaic uses its window: at 1280×800 at least eight cards show whole, below the
/// pinned header, on the first screen.
final class MosaicDensityTests: XCTestCase {
    func testEightWholeCardsAt1280By800() throws {
        let app = try App(scene: "mosaic", size: Size(1280, 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        let scene = app.currentScene as! MosaicScene
        try driver.play(script: "wait 200")
        let cv = scene.collection
        let viewport = Rect(origin: cv.contentOffset, size: cv.frame.size)
        let whole = cv.visibleAttributes.filter { $0.kind == .cell && $0.indexPath.section == MosaicScene.mosaicSection && viewport.contains($0.frame) }
        XCTAssertGreaterThanOrEqual(whole.count, 8, "whole cards at 1280×800")
        // Scrolled to the mosaic (the featured row out of view): more still.
        try driver.play(script: "move 640 500\nwheel 0 -4\nwait 1200")
        let below = Rect(origin: cv.contentOffset, size: cv.frame.size)
        let more = cv.visibleAttributes.filter { $0.kind == .cell && $0.indexPath.section == MosaicScene.mosaicSection && below.contains($0.frame) }
        XCTAssertGreaterThanOrEqual(more.count, 8)
    }
}
