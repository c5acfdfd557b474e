import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
@testable import CollectionKitSDL
@testable import CollectionKitDesktop
import XCTest

/// The calls the bus thread answers by itself (a screen reader counting a list's items) say what
/// the tree says, and every other call is left to the window's thread.
final class ATSPISnapshotTests: XCTestCase {
    func start(_ scene: String, config: SceneConfig = SceneConfig()) throws -> HeadlessDriver<App> {
        let driver = HeadlessDriver(root: try App(scene: scene, size: Size(width: 1280, height: 800), config: config), fps: 60)
        driver.advance(to: 0.1)
        return driver
    }

    func arguments(_ values: [DBusValue]) -> DBusArguments { DBusArguments(tuple: DBusValue.tuple(values).makeGVariant()) }

    func testTheMosaicsCountingCallsAreAnsweredFromTheSnapshotAsTheTreeAnswersThem() throws {
        let driver = try start("mosaic")
        let tree = ATSPITree(window: driver.root.accessibilityTree(title: "Collection Demo"))
        let snapshot = ATSPISnapshot(tree, busName: ":1.5")
        let mosaic = try XCTUnwrap(tree.path { $0.items != nil && $0.name == "Mosaic" })
        let items = try XCTUnwrap(tree.resolve(mosaic)?.node.items)
        XCTAssertEqual(items.count, 2000)
        let none = arguments([])
        func ask(_ path: ATSPIObjectPath, _ method: String, _ args: DBusArguments? = nil,
                 interface: String = ATSPIInterfaces.accessible) -> [DBusValue]? {
            snapshot.answer(path: path.string, interface: interface, method: method, arguments: args ?? none)
        }
        // The list: its count, and each child by index (a reference to the item's path).
        XCTAssertEqual(ask(mosaic, "Get", arguments([.string(ATSPIInterfaces.accessible), .string("ChildCount")]),
                           interface: ATSPIInterfaces.properties), [.variant(.int32(2000))])
        XCTAssertEqual(ask(mosaic, "GetChildAtIndex", arguments([.int32(1999)])), [.reference(":1.5", mosaic.child(1999).string)])
        XCTAssertEqual(ask(mosaic, "GetChildAtIndex", arguments([.int32(2000)])), [.reference("", ATSPIObjectPath.null)])
        // Each item: its role and index, as the tree's node says.
        let node = try XCTUnwrap(tree.resolve(mosaic.child(1234))?.node)
        XCTAssertEqual(ask(mosaic.child(1234), "GetRole"), [.uint32(ATSPIRole(node.role).number)])
        XCTAssertEqual(ask(mosaic.child(1234), "GetRoleName"), [.string("list item")], "a grid's cell is a list item")
        XCTAssertEqual(ask(mosaic.child(1234), "GetIndexInParent"), [.int32(1234)])
        // Past the last item, names, states and the list's other calls are the window's.
        XCTAssertNil(ask(mosaic.child(2000), "GetRole"))
        XCTAssertNil(ask(mosaic.child(1234), "GetName"))
        XCTAssertNil(ask(mosaic.child(1234), "GetState"))
        XCTAssertNil(ask(mosaic, "GetState"))
        XCTAssertNil(ask(mosaic.parent!, "GetChildAtIndex", arguments([.int32(0)])), "a listed node's children are the tree's")
        XCTAssertNil(ask(mosaic, "Get", arguments([.string(ATSPIInterfaces.accessible), .string("Name")]), interface: ATSPIInterfaces.properties))
        XCTAssertNil(ATSPISnapshot().answer(path: mosaic.string, interface: ATSPIInterfaces.accessible, method: "GetChildAtIndex",
                                            arguments: arguments([.int32(0)])), "withdrawn: nothing answered")
    }

    /// A path kept from another scene (another identity on the way) is not a collection of this one.
    func testAPathThroughAnotherScenesPanelIsNotAnswered() throws {
        let driver = try start("mosaic")
        let tree = ATSPITree(window: driver.root.accessibilityTree(title: "Collection Demo"))
        let snapshot = ATSPISnapshot(tree, busName: ":1.5")
        let mosaic = try XCTUnwrap(tree.path { $0.items != nil && $0.name == "Mosaic" })
        var stale = mosaic
        stale.identities[1] = 99
        XCTAssertNil(snapshot.answer(path: stale.child(3).string, interface: ATSPIInterfaces.accessible, method: "GetRole",
                                     arguments: arguments([])))
    }
}
