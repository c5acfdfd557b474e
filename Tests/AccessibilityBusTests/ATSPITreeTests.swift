import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
@testable import CollectionKitSDL
@testable import CollectionKitDesktop
import XCTest

/// Finding nodes from their object paths in the demo's tree, as the adapter does for each call,
/// with no bus.
final class ATSPITreeTests: XCTestCase {
    func start(_ scene: String, config: SceneConfig = SceneConfig()) throws -> HeadlessDriver<App> {
        let driver = HeadlessDriver(root: try App(scene: scene, size: Size(width: 1280, height: 800), config: config), fps: 60)
        driver.advance(to: 0.1)
        return driver
    }

    func tree(_ app: App) -> ATSPITree { ATSPITree(window: app.accessibilityTree(title: "Collection Demo")) }

    func testItem900000OfAMillionIsFoundWithoutMakingCellsOrOtherNodes() throws {
        let driver = try start("grid", config: SceneConfig(items: 1_000_000))
        let cells = driver.root.currentScene.liveCellCount
        let tree = tree(driver.root)
        let grid = try XCTUnwrap(tree.path(ofCollectionNamed: try XCTUnwrap(tree.window.children[1].children[0].items?.view.name)))
        XCTAssertEqual(grid, ATSPIObjectPath(indices: [0, 1, 0], identities: [1: 0]), "through the grid's panel (the first tab)")
        XCTAssertEqual(grid.element, "n0_1i0_0")
        let item = try XCTUnwrap(tree.resolve(grid.child(900_000)))
        XCTAssertEqual(item.node.name, "Tile 900000")
        XCTAssertEqual(item.node.role, .gridCell)
        XCTAssertTrue(item.node.states.contains(.offscreen))
        XCTAssertEqual(item.itemPath, ItemPath(item: 900_000, section: 0))
        XCTAssertEqual(item.collection?.count, 1_000_000)
        XCTAssertEqual(driver.root.currentScene.liveCellCount, cells, "no cell made for a node")
        // Offscreen: not showing, and the grid manages its descendants.
        XCTAssertFalse(ATSPIStateSet(item.node.states).contains(.showing))
        XCTAssertEqual(ATSPITree.interfaces(of: item), [ATSPIInterfaces.accessible, ATSPIInterfaces.component, ATSPIInterfaces.action,
                                                        ATSPIInterfaces.tableCell])
        XCTAssertNil(tree.resolve(grid.child(1_000_000)), "past the last item")
    }

    /// Events number a view's items across its sections; where the sections are two lists (the
    /// mosaic's featured row and its cards) an event's item is found in its own list, at its
    /// place there. A card's role and index are answered without its node.
    func testAnEventsItemIsFoundInTheListOfItsSection() throws {
        let driver = try start("mosaic")
        let tree = tree(driver.root)
        let lists = tree.window.children[1].children.filter { $0.items != nil }
        XCTAssertEqual(lists.map(\.name), ["Featured", "Mosaic"])
        // The scene's children in reading order: the featured row, the header's buttons, the mosaic.
        let kids = tree.window.children[1].children
        let fi = try XCTUnwrap(kids.firstIndex { $0.items != nil && $0.name == "Featured" })
        let mi = try XCTUnwrap(kids.firstIndex { $0.items != nil && $0.name == "Mosaic" })
        let featured = ATSPIObjectPath.root.child(0).child(1, identity: tree.window.children[1].identity).child(fi)
        let mosaic = ATSPIObjectPath.root.child(0).child(1, identity: tree.window.children[1].identity).child(mi)
        XCTAssertEqual(tree.path(ofItem: 2, inCollectionNamed: "mosaic"), featured.child(2))
        XCTAssertEqual(tree.path(ofItem: 8 + 3, inCollectionNamed: "mosaic"), mosaic.child(3))
        XCTAssertEqual(tree.resolve(mosaic.child(3))?.node.index, 3)
        XCTAssertNil(tree.path(ofItem: 8 + 2000, inCollectionNamed: "mosaic"), "past the last card")
        let card = try XCTUnwrap(tree.collectionItem(mosaic.child(1999)))
        XCTAssertEqual(card.index, 1999)
        XCTAssertEqual(card.items.itemRole, .gridCell, "the mosaic is a grid: its cards are list items to AT-SPI")
        XCTAssertNil(tree.collectionItem(mosaic.child(2000)))
        XCTAssertNil(tree.collectionItem(featured.child(8)), "the featured list has eight cards")
    }

    func testPathsThatLeadNowhereResolveToNothing() throws {
        let driver = try start("grid")
        let tree = tree(driver.root)
        XCTAssertNil(tree.resolve(.root), "the application's root has no engine node")
        XCTAssertNil(tree.resolve(ATSPIObjectPath(indices: [1])), "one window only")
        XCTAssertNil(tree.resolve(ATSPIObjectPath(indices: [0, 9])))
        XCTAssertNil(tree.resolve(ATSPIObjectPath(indices: [0, 0, 6])), "six tabs")
        XCTAssertEqual(tree.resolve(ATSPIObjectPath(indices: [0, 0, 5]))?.node.name, "Mosaic")
        XCTAssertNil(tree.path(ofCollectionNamed: "no such collection"))
    }

    func testEachNodeOffersTheInterfacesItAnswers() throws {
        let driver = try start("boards")
        let tree = tree(driver.root)
        let window = try XCTUnwrap(tree.resolve(ATSPIObjectPath(indices: [0])))
        XCTAssertEqual(ATSPITree.interfaces(of: window), [ATSPIInterfaces.accessible, ATSPIInterfaces.component])
        let tabs = try XCTUnwrap(tree.resolve(ATSPIObjectPath(indices: [0, 0])))
        XCTAssertEqual(ATSPITree.interfaces(of: tabs), [ATSPIInterfaces.accessible, ATSPIInterfaces.component, ATSPIInterfaces.selection])
        let tab = try XCTUnwrap(tree.resolve(ATSPIObjectPath(indices: [0, 0, 2])))
        XCTAssertEqual(ATSPITree.interfaces(of: tab), [ATSPIInterfaces.accessible, ATSPIInterfaces.component, ATSPIInterfaces.action])
        XCTAssertNil(tree.resolve(ATSPIObjectPath(indices: [0, 1])), "the scene's panel is named with its scene")
        let scene = try XCTUnwrap(tree.resolve(ATSPIObjectPath(indices: [0, 1], identities: [1: 4])), "the boards: the fifth tab")
        let statusIndex = try XCTUnwrap(scene.node.children.firstIndex { $0.role == .liveRegion })
        let status = try XCTUnwrap(tree.resolve(scene.path.child(statusIndex)))
        XCTAssertEqual(ATSPITree.interfaces(of: status), [ATSPIInterfaces.accessible, ATSPIInterfaces.component, ATSPIInterfaces.text])
        let board = try XCTUnwrap(tree.resolve(scene.path.child(0)))
        XCTAssertTrue(ATSPITree.interfaces(of: board).contains(ATSPIInterfaces.selection))
        let card = try XCTUnwrap(tree.resolve(board.path.child(0)))
        XCTAssertEqual(ATSPITree.actions(of: card, canDrag: true), [.activate, .pickUp, .dropHere])
        XCTAssertEqual(ATSPITree.actions(of: card), [.activate])
    }

    func testACalendarDayIsATableCellWithItsPosition() throws {
        let driver = try start("calendar")
        let tree = tree(driver.root)
        // After the header's buttons (push buttons), the days' table.
        let ti = try XCTUnwrap(tree.window.children[1].children.firstIndex { $0.role == .table })
        let page = try XCTUnwrap(tree.window.children[1].children[ti].identity, "the table is the page shown")
        let table = try XCTUnwrap(tree.resolve(ATSPIObjectPath(indices: [0, 1, ti], identities: [1: 3, 2: page])), "the calendar: the fourth tab")
        XCTAssertNil(tree.resolve(ATSPIObjectPath(indices: [0, 1, ti], identities: [1: 3, 2: page + 1])), "another month's table is gone")
        XCTAssertEqual(table.node.role, .table)
        let focused = try XCTUnwrap(table.node.items?.focusedIndex, "the calendar starts with a focused day")
        let day = try XCTUnwrap(tree.resolve(table.path.child(focused)))
        XCTAssertEqual(day.node.role, .tableCell)
        XCTAssertTrue(day.node.states.contains(.focused))
        XCTAssertTrue(ATSPIStateSet(day.node.states).contains(.focused))
        // A table of seven columns under the weekdays; the day knows its row and column.
        XCTAssertTrue(ATSPITree.interfaces(of: table).contains(ATSPIInterfaces.table))
        XCTAssertTrue(ATSPITree.interfaces(of: day).contains(ATSPIInterfaces.tableCell))
        XCTAssertEqual(table.node.items?.tableSize?.columns, 7)
        XCTAssertEqual(table.node.items?.tableSize?.rows, 6, "the month's weeks, not every week since 1583")
        let cell = try XCTUnwrap(table.node.items?.cell(at: focused))
        XCTAssertEqual(cell.row, focused / 7); XCTAssertEqual(cell.column, focused % 7)
        XCTAssertEqual(table.node.items?.table?.columnHeaders.count, 7)
    }

    /// A screen reader keeps the objects it was given: after a scene switch, an item of the grid
    /// is no object at all (it named a day of the calendar's first page, and activating it chose
    /// 28 December 1582). Back on the grid, the same object is the same tile again.
    func testAPathIntoASceneNoLongerShownLeadsNowhere() throws {
        let driver = try start("grid")
        let app = driver.root
        let before = tree(app)
        let gridName = try XCTUnwrap(before.window.children[1].children[0].items?.view.name)
        let tile = try XCTUnwrap(before.path(ofCollectionNamed: gridName)).child(0)
        XCTAssertEqual(before.resolve(tile)?.node.name, "Tile 0")
        let scenePanel = try XCTUnwrap(tile.parent?.parent)
        XCTAssertNotNil(before.resolve(scenePanel))
        app.switchTo("calendar", now: driver.now)
        driver.advance(to: driver.now + 0.1)
        let after = tree(app)
        XCTAssertNil(after.resolve(tile), "the grid's tile is gone with the grid")
        XCTAssertNil(after.resolve(scenePanel), "and so is its panel")
        XCTAssertNil(ATSPIObjectPath(path: tile.string).flatMap(after.resolve), "read back from the bus too")
        let calendar = try XCTUnwrap(after.path(ofCollectionNamed: try XCTUnwrap(after.window.children[1].children.first { $0.items != nil }?.items?.view.name)))
        XCTAssertEqual(after.resolve(calendar.child(0))?.node.role, .tableCell, "the calendar's own paths lead to its days")
        XCTAssertEqual(after.resolve(ATSPIObjectPath(indices: [0, 0, 0]))?.node.name, "Grid", "the tab bar stays where it was")
        app.switchTo("grid", now: driver.now)
        XCTAssertEqual(tree(app).resolve(tile)?.node.name, "Tile 0", "the grid shown again")
    }
}
