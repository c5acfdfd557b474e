import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// Each scene's accessibility tree, read from the app with no bus: roles, names, states, counts.
final class AccessibilitySceneTests: XCTestCase {
    /// Plays a script starting now, through the driver, so every input brings a frame as in a window.

    func start(_ scene: String, config: SceneConfig = SceneConfig()) throws -> HeadlessDriver<App> {
        let driver = HeadlessDriver(root: try App(scene: scene, size: Size(width: 1280, height: 800), config: config), fps: 60)
        driver.advance(to: 0.1)
        return driver
    }

    /// The shown scene's nodes.
    func sceneNodes(_ app: App) -> [AccessibleNode] { app.accessibilityTree(title: "Collection Demo").children[1].children }
    /// The scene's collections, after its header's buttons.
    func collectionNodes(_ app: App) -> [AccessibleNode] { sceneNodes(app).filter { $0.items != nil } }

    func p(_ r: Rect) -> String { "\(Int(r.center.x)) \(Int(r.center.y))" }

    func testTheWindowHasTheTabBarAsAPageTabListAndTheSceneAsAPanel() throws {
        let driver = try start("carousel")
        let tree = driver.root.accessibilityTree(title: "Collection Demo")
        XCTAssertEqual(tree.role, .window)
        XCTAssertEqual(tree.name, "Collection Demo")
        let tabs = tree.children[0]
        XCTAssertEqual(tabs.role, .pageTabList)
        XCTAssertEqual(tabs.children.map(\.name), ["Grid", "Carousel", "Rearrange", "Calendar", "Boards", "Mosaic"])
        XCTAssertEqual(tabs.children.map(\.role), Array(repeating: .pageTab, count: 6))
        XCTAssertEqual(tabs.children.filter { $0.states.contains(.selected) }.map(\.name), ["Carousel"])
        XCTAssertEqual(tree.children[1].role, .panel)
        XCTAssertEqual(tree.children[1].name, "Carousel")
        XCTAssertEqual(tree.childCount, 2, "no notices, no alerts")
        // Switching scenes moves the selected tab.
        try driver.play(script: "down \(p(tabs.children[4].frame))\nup \(p(tabs.children[4].frame))\nwait 50")
        let after = driver.root.accessibilityTree(title: "Collection Demo")
        XCTAssertEqual(after.children[0].children.filter { $0.states.contains(.selected) }.map(\.name), ["Boards"])
        XCTAssertEqual(after.children[1].name, "Boards")
    }

    func testTheGridOfAMillionTilesIsAGridEveryTileReachableWithoutNewCells() throws {
        let driver = try start("grid", config: SceneConfig(items: 1_000_000))
        let grid = try XCTUnwrap(collectionNodes(driver.root).first)
        XCTAssertEqual(grid.role, .grid)
        XCTAssertEqual(grid.name, "Tiles")
        XCTAssertEqual(grid.childCount, 1_000_000)
        let first = try XCTUnwrap(grid.child(at: 0))
        XCTAssertEqual(first.role, .gridCell)
        XCTAssertEqual(first.name, "Tile 0")
        XCTAssertFalse(first.states.contains(.selected))
        XCTAssertFalse(first.states.contains(.offscreen))

        let cells = driver.root.currentScene.liveCellCount
        let far = try XCTUnwrap(grid.child(at: 900_000))
        XCTAssertEqual(far.name, "Tile 900000")
        XCTAssertEqual(far.index, 900_000)
        XCTAssertTrue(far.states.contains(.offscreen))
        XCTAssertGreaterThan(far.frame.minY, 800)
        XCTAssertEqual(driver.root.currentScene.liveCellCount, cells, "no cell was made for a node")

        try driver.play(script: "down \(p(first.frame))\nup \(p(first.frame))\nwait 50")
        let clicked = try XCTUnwrap(collectionNodes(driver.root).first?.child(at: 0))
        XCTAssertTrue(clicked.states.contains(.selected))
        XCTAssertEqual(collectionNodes(driver.root).first?.items?.selectedIndices, [0])
    }

    func testTheCarouselIsAListOfStoriesNamedByTheirTitles() throws {
        let driver = try start("carousel")
        let list = try XCTUnwrap(collectionNodes(driver.root).first)
        XCTAssertEqual(list.role, .list)
        XCTAssertEqual(list.childCount, 12)
        XCTAssertEqual(list.child(at: 0)?.role, .listItem)
        XCTAssertEqual(list.child(at: 0)?.name, "Aurora Nights")
        XCTAssertEqual(list.child(at: 11)?.name, CarouselCardCell.Content.sample(11, of: 12).title)
    }

    func testRearrangeTilesArePinnedWhereTheyKeepTheirPlace() throws {
        let driver = try start("rearrange")
        let scene = try XCTUnwrap(driver.root.currentScene as? RearrangeScene)
        let grid = try XCTUnwrap(collectionNodes(driver.root).first)
        XCTAssertEqual(grid.role, .grid)
        XCTAssertEqual(grid.childCount, 200)
        let pinned = try XCTUnwrap(scene.ids.firstIndex(where: RearrangeScene.isPinned))
        XCTAssertTrue(grid.child(at: pinned)!.states.contains(.pinned))
        XCTAssertEqual(grid.child(at: pinned)?.name, "Tile \(scene.ids[pinned])")
        XCTAssertFalse(grid.child(at: 0)!.states.contains(.pinned))
    }

    func testTheCalendarIsATableOfDaysWithTheirEventsAndItsNoticesAreAlerts() throws {
        let d = { (s: String) in CalendarDate(iso: s)! }
        let settings = try CalendarSettings.parse(["today": ["2026-11-21"], "timezone": ["Europe/Berlin"],
                                                  "locale": ["en_GB"], "month": ["2026-11"]])
        let dentist = EventOccurrence(uid: "d", title: "Dentist", span: .allDay(first: d("2026-11-24"), end: d("2026-11-25")))
        let source = InMemoryEventSource([dentist], zone: settings.zone,
                                         diagnostics: [LoadDiagnostic(file: "a.ics", message: "no calendar in the file")])
        let scene = CalendarScene(settings: settings, source: source)
        let app = try App(scene: "calendar", size: Size(width: 1280, height: 800),
                          entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
        let driver = HeadlessDriver(root: app, fps: 60)
        driver.advance(to: 0.5)

        let table = try XCTUnwrap(collectionNodes(app).first)
        XCTAssertEqual(table.role, .table)
        XCTAssertEqual(table.name, settings.title(of: scene.visibleMonth))
        let page = CalendarScene.page(of: scene.visibleMonth)
        XCTAssertEqual(table.childCount, MonthGrid.cellCount, "the month shown, not every page since 1583")
        XCTAssertEqual(table.identity, page, "another month is another table")
        let grid = scene.grid(for: scene.visibleMonth)
        func day(_ s: String) -> AccessibleNode? {
            table.items?.item(at: ItemPath(item: grid.cell(of: d(s))!, section: page))
        }
        let dentistDay = try XCTUnwrap(day("2026-11-24"))
        XCTAssertEqual(dentistDay.role, .tableCell)
        XCTAssertEqual(dentistDay.name, scene.formatter.long(d("2026-11-24")))
        // The events are the day's description, not children: Orca reads a cell's children instead of its name.
        XCTAssertEqual(dentistDay.description, "1 event: Dentist")
        XCTAssertEqual(dentistDay.children.count, 0)
        XCTAssertEqual(day("2026-11-23")?.description, "")
        XCTAssertTrue(day("2026-11-21")!.states.contains(.focused), "today has the focus")

        let today = try XCTUnwrap(table.items?.indexPath(at: table.items!.focusedIndex!))
        XCTAssertEqual(today, ItemPath(item: grid.cell(of: d("2026-11-21"))!, section: page), "the calendar's own focus")

        app.listenForAccessibilityEvents()
        try driver.play(script: "down \(p(dentistDay.frame))\nup \(p(dentistDay.frame))\nwait 50")
        let dentistPath = ItemPath(item: grid.cell(of: d("2026-11-24"))!, section: page)
        let chosen = try XCTUnwrap(collectionNodes(app).first?.items?.item(at: dentistPath))
        XCTAssertTrue(chosen.states.contains(.selected))
        XCTAssertEqual(collectionNodes(app).first?.items?.selectedItems, [dentistPath])
        let heard = app.accessibilityEvents.drain()
        // Events number a view's items across all its pages.
        let across = AccessibleCollection(view: try XCTUnwrap(table.items?.view), itemRole: .tableCell).index(of: dentistPath)
        XCTAssertTrue(heard.contains(.selectionChanged(collection: "calendar", selected: [across])), "\(heard)")

        let alerts = app.accessibilityTree(title: "Collection Demo").children.filter { $0.role == .alert }
        XCTAssertEqual(alerts.map(\.name), app.shownNotices)
        XCTAssertFalse(alerts.isEmpty)
    }

    func testBoardsAreListsOfNamedCardsWithTheStatusLineAsALiveRegion() throws {
        let driver = try start("boards")
        let scene = try XCTUnwrap(driver.root.currentScene as? BoardsScene)
        let all = sceneNodes(driver.root)
        // Each board that takes typed cards has its "+ Add a card" button right after its list.
        XCTAssertEqual(all.dropLast().map { $0.role == .pushButton ? "+" : $0.name },
                       ["Backlog", "+", "Today", "+", "Later", "+", "Done", "+", "Palette", "Focus"])
        XCTAssertEqual(Set(all.filter { $0.role == .pushButton }.map(\.name)), ["+ Add a card"])
        let nodes = all.filter { $0.role != .pushButton }
        XCTAssertEqual(nodes.dropLast().map(\.name), scene.boards.map(\.title))
        let backlog = nodes[0]
        XCTAssertEqual(backlog.childCount, 40)
        XCTAssertEqual(backlog.child(at: 1)?.name, "Review", "a card is named by its own words")
        XCTAssertTrue(backlog.child(at: 3)!.states.contains(.pinned), "card 3 is locked to the backlog")
        XCTAssertFalse(backlog.child(at: 1)!.states.contains(.pinned))
        let status = try XCTUnwrap(nodes.last)
        XCTAssertEqual(status.role, .liveRegion)
        XCTAssertEqual(status.name, "")

        let from = backlog.child(at: 1)!.frame.center, to = nodes[1].child(at: 1)!.frame.center
        try driver.play(script: """
            down \(from.x) \(from.y)
            move \(from.x + 10) \(from.y + 4) 50
            move \(to.x) \(to.y) 300
            wait 200
            """)
        XCTAssertEqual(sceneNodes(driver.root).last?.name, "Review picked up, over Today, position 2 of 6")
    }

    func testTheMosaicsContextMenuIsAMenu() throws {
        var config = SceneConfig()
        config.options["mosaic-preset"] = ["mixed"]
        let driver = try start("mosaic", config: config)
        let scene = try XCTUnwrap(driver.root.currentScene as? MosaicScene)
        let mosaic = try XCTUnwrap(collectionNodes(driver.root).dropFirst().first)
        XCTAssertEqual(sceneNodes(driver.root).map(\.role), [.list, .pushButton, .pushButton, .pushButton, .grid, .liveRegion],
                       "the featured row, the header's buttons, the mosaic (a grid); no menu while none is open")
        let card = try XCTUnwrap(mosaic.items?.item(at: ItemPath(item: 1, section: 1)))
        XCTAssertEqual(card.name, "Tile \(scene.model.values[1])")

        // The card's part on screen: it starts near the bottom of the window.
        let shown = card.frame.intersection(scene.collection.frame)
        try driver.play(script: "down \(p(shown)) right\nup \(p(shown)) right\nwait 100")
        let menu = try XCTUnwrap(sceneNodes(driver.root).last)
        XCTAssertEqual(menu.role, .menu)
        XCTAssertEqual(menu.name, card.name)
        XCTAssertEqual(menu.children.map(\.name), ["Make regular", "Duplicate", "Rename…", "Move to top", "Delete"])
        XCTAssertEqual(Set(menu.children.map(\.role)), [.menuItem])
    }

    /// The featured row and the mosaic are two lists, each with its own name and count: a card is
    /// "n of 6" in the mosaic, not "n + 8 of 14" in one list with the featured cards.
    func testTheFeaturedRowAndTheMosaicAreSeparateLists() throws {
        var config = SceneConfig()
        config.options["mosaic-preset"] = ["mixed"]
        let driver = try start("mosaic", config: config)
        let scene = try XCTUnwrap(driver.root.currentScene as? MosaicScene)
        let lists = sceneNodes(driver.root).filter { $0.items != nil }
        XCTAssertEqual(lists.map(\.name), ["Featured", "Mosaic"])
        XCTAssertEqual(lists.map(\.childCount), [MosaicScene.featuredCount, scene.model.count])
        XCTAssertEqual(lists[0].child(at: 0)?.name, "Featured 1")
        XCTAssertEqual(lists[0].child(at: 7)?.index, 7)
        XCTAssertNil(lists[0].child(at: 8), "the featured list ends with its eighth card")
        let first = try XCTUnwrap(lists[1].child(at: 0))
        XCTAssertEqual(first.name, "Tile \(scene.model.values[0])", "the mosaic's first item is its first card")
        XCTAssertEqual(first.index, 0)
        XCTAssertEqual(lists[1].items?.indexPath(at: 0), ItemPath(item: 0, section: MosaicScene.mosaicSection))
        XCTAssertEqual(lists[1].items?.index(of: ItemPath(item: 3, section: MosaicScene.mosaicSection)), 3)
        XCTAssertEqual(lists[1].items?.contains(ItemPath(item: 0, section: MosaicScene.featuredSection)), false)
        // The focused card is the mosaic's, not the featured row's.
        try driver.play(script: "key Down\nwait 100")
        XCTAssertNil(lists[0].items?.focusedIndex)
        XCTAssertNotNil(lists[1].items?.focusedIndex)
    }

    /// The app's event queue hears the boards' keyboard drag once a listener attaches, and
    /// nothing before.
    func testAKeyboardDragInTheBoardsReachesTheAppsEventQueue() throws {
        let driver = try start("boards")
        let events = driver.root.accessibilityEvents
        try driver.play(script: "key Down\nwait 50")
        XCTAssertEqual(events.pending, [], "nothing is queued without a listener")
        driver.root.listenForAccessibilityEvents()
        try driver.play(script: "wait 50")
        XCTAssertEqual(events.drain(), [], "attaching reports no change")

        try driver.play(script: "key Down\nwait 300")
        guard case let .focusChanged(collection, index, name)? = events.drain().first else { return XCTFail("no focus event") }
        XCTAssertEqual([collection, name], ["backlog", "Review"])
        XCTAssertEqual(index, 1)

        try driver.play(script: "key Space\nwait 300")
        let announced = { (list: [AccessibilityEvent]) in list.compactMap { e -> String? in
            if case let .announcement(text) = e { return text }; return nil } }
        XCTAssertEqual(announced(events.drain()), ["Review picked up", "over Backlog, position 2 of 40"])
        try driver.play(script: "key Right\nwait 300")
        XCTAssertEqual(announced(events.drain()).first?.hasPrefix("over Today, position"), true)
        try driver.play(script: "key Space\nwait 800")
        let dropped = events.drain()
        XCTAssertEqual(announced(dropped), ["dropped"])
        XCTAssertTrue(dropped.contains(.childrenChanged(collection: "backlog", count: 39)))
        XCTAssertTrue(dropped.contains(.childrenChanged(collection: "today", count: 6)))

        driver.root.stopAccessibilityEvents()
        try driver.play(script: "key Down\nwait 300")
        XCTAssertEqual(events.pending, [])
    }

    /// A keyboard move in the rearrange scene is announced as the boards' is: the tile picked up,
    /// each place it would land, dropped.
    func testAKeyboardMoveInRearrangeIsAnnounced() throws {
        let driver = try start("rearrange")
        let events = driver.root.accessibilityEvents
        driver.root.listenForAccessibilityEvents()
        try driver.play(script: "wait 50")
        _ = events.drain()
        try driver.play(script: "key Right\nwait 300\nkey Space\nwait 300\nkey Right\nwait 300\nkey Space\nwait 800")
        let announced = events.drain().compactMap { e -> String? in
            if case let .announcement(text) = e { return text }; return nil }
        XCTAssertEqual(announced, ["Tile 0 picked up", "position 1 of 200", "position 2 of 200", "dropped"])
    }

    /// Header buttons are push buttons with their words and a click; the shortcuts window and the
    /// reading sheet are dialogs while open.
    func testHeaderButtonsAreButtonsAndSheetsAreDialogs() throws {
        let rearrange = try start("rearrange")
        let buttons = sceneNodes(rearrange.root).filter { $0.role == .pushButton }
        XCTAssertFalse(buttons.isEmpty)
        XCTAssertTrue(buttons.allSatisfy { !$0.name.isEmpty && $0.frame.width > 0 })
        XCTAssertTrue(buttons.contains { $0.actions.map(\.name) == ["click"] })
        try rearrange.play(script: "key F1\nwait 50")
        let window = rearrange.root.accessibilityTree(title: "Collection Demo")
        let dialog = try XCTUnwrap(window.children.last)
        XCTAssertEqual(dialog.role, .dialog)
        XCTAssertEqual(dialog.name, "Keyboard shortcuts")
        XCTAssertEqual(dialog.children.last?.role, .pushButton)
        XCTAssertTrue(dialog.children.last?.actions.first?.perform(1) ?? false, "its Close works over the bus")
        XCTAssertNotEqual(rearrange.root.accessibilityTree(title: "Collection Demo").children.last?.role, .dialog)

        let carousel = try start("carousel")
        try carousel.play(script: "key Tab\nwait 50\nkey Return\nwait 100")
        let sheet = try XCTUnwrap(sceneNodes(carousel.root).first { $0.role == .dialog })
        XCTAssertEqual(sheet.name, "Aurora Nights")
        XCTAssertEqual(sheet.children.last?.name, "Close")
        XCTAssertTrue(sheet.children.last?.actions.first?.perform(2) ?? false)
        XCTAssertNil(sceneNodes(carousel.root).first { $0.role == .dialog }, "closed through its button's action")
    }
}
