import CollectionKit
@testable import CollectionKitSDL
@testable import CollectionKitDesktop
import XCTest

/// The adapter's pure translations: roles, the two-word state set, object paths, which events a
/// listener covers, and D-Bus values as GLib prints them. No bus is involved.
final class ATSPIMappingTests: XCTestCase {
    func testRolesMapToAtSpiNumbersAndNames() {
        let expected: [(AccessibleRole, UInt32, String)] = [
            (.window, 23, "frame"), (.list, 31, "list"), (.listItem, 32, "list item"), (.grid, 55, "table"),
            (.gridCell, 32, "list item"), (.table, 55, "table"), (.tableCell, 56, "table cell"),
            (.pageTabList, 38, "page tab list"), (.pageTab, 37, "page tab"), (.alert, 2, "alert"), (.menu, 33, "menu"),
            (.menuItem, 35, "menu item"), (.liveRegion, 54, "status bar"), (.label, 29, "label"), (.panel, 39, "panel"),
            (.entry, 79, "entry"), (.pushButton, 43, "push button"), (.dialog, 16, "dialog"), (.notification, 101, "notification"),
        ]
        for (role, number, name) in expected {
            XCTAssertEqual(ATSPIRole(role), ATSPIRole(number: number, name: name), "\(role)")
        }
        XCTAssertEqual(ATSPIRole.application, ATSPIRole(number: 75, name: "application"))
        // A grid and a table share AT-SPI's role; the ARIA role in the attributes tells them apart.
        XCTAssertEqual(AccessibleRole.grid.ariaRole, "grid")
        XCTAssertEqual(AccessibleRole.table.ariaRole, "table")
        XCTAssertEqual(AccessibleRole.pushButton.ariaRole, "button")
        XCTAssertEqual(AccessibleRole.dialog.ariaRole, "dialog")
    }

    /// A published button answers `Action` with its own "click", and a notification and a label
    /// answer `Text`; a node with no action of its own and no adapter's action has no `Action`.
    func testAButtonsOwnActionIsListedAndADialogsLabelIsText() {
        var clicked = 0
        let button = AccessibleNode(role: .pushButton, name: "Save", states: [.focusable], frame: Rect(x: 0, y: 0, width: 80, height: 30),
                                    actions: [AccessibleAction(name: "click") { _ in clicked += 1; return true }])
        let label = AccessibleNode(role: .label, name: "They go to the trash.")
        let dialog = AccessibleNode(role: .dialog, name: "Delete?", children: [label, button])
        let toast = AccessibleNode(role: .notification, name: "Deleted")
        let window = AccessibleNode(role: .window, name: "w", children: [dialog, toast])
        let tree = ATSPITree(window: window)
        let root = ATSPIObjectPath.root.child(0)
        let b = tree.resolve(root.child(0).child(1))!
        XCTAssertTrue(ATSPITree.interfaces(of: b).contains(ATSPIInterfaces.action))
        XCTAssertTrue(ATSPITree.actions(of: b).isEmpty, "no action of the adapter's own")
        XCTAssertEqual(b.node.actions.map(\.name), ["click"])
        XCTAssertTrue(b.node.actions[0].perform(0))
        XCTAssertEqual(clicked, 1)
        XCTAssertFalse(ATSPITree.interfaces(of: tree.resolve(root.child(0))!).contains(ATSPIInterfaces.action))
        XCTAssertTrue(ATSPITree.interfaces(of: tree.resolve(root.child(0).child(0))!).contains(ATSPIInterfaces.text))
        XCTAssertTrue(ATSPITree.interfaces(of: tree.resolve(root.child(1))!).contains(ATSPIInterfaces.text))
    }

    func testAnItemInViewIsShowingVisibleEnabledAndCarriesItsStates() {
        let set = ATSPIStateSet([.selectable, .selected, .focusable, .focused])
        // enabled 8, focusable 11, focused 12, selectable 22, selected 23, sensitive 24, showing 25, visible 30
        let bits: UInt32 = 1 << 8 | 1 << 11 | 1 << 12 | 1 << 22 | 1 << 23 | 1 << 24 | 1 << 25 | 1 << 30
        XCTAssertEqual(set.words.0, bits)
        XCTAssertEqual(set.words.1, 0)
    }

    /// A gone object's state set is AT-SPI's `defunct` alone: bit 6 (5 is `collapsed`).
    func testDefunctIsBitSix() {
        var set = ATSPIStateSet()
        set.insert(.defunct)
        XCTAssertEqual(set.words.0, 1 << 6)
        XCTAssertEqual(set.words.1, 0)
    }

    func testOffscreenClearsShowingAndVisibleAndDisabledClearsEnabledAndSensitive() {
        let off = ATSPIStateSet([.selectable, .offscreen])
        XCTAssertFalse(off.contains(.showing))
        XCTAssertFalse(off.contains(.visible))
        XCTAssertTrue(off.contains(.enabled))
        XCTAssertTrue(off.contains(.selectable))
        let disabled = ATSPIStateSet([.disabled])
        XCTAssertFalse(disabled.contains(.enabled))
        XCTAssertFalse(disabled.contains(.sensitive))
        XCTAssertTrue(disabled.contains(.showing))
        // The engine's own states with no AT-SPI equivalent set no bit.
        XCTAssertEqual(ATSPIStateSet([.pinned, .dragged]), ATSPIStateSet([]))
    }

    func testACollectionManagesItsDescendants() {
        let set = ATSPIStateSet([], managesDescendants: true, multiselectable: true)
        XCTAssertTrue(set.contains(.managesDescendants))
        XCTAssertTrue(set.contains(.multiselectable))
        XCTAssertEqual(set.words.0 & (1 << 31), 1 << 31)
        XCTAssertFalse(ATSPIStateSet([]).contains(.managesDescendants))
        // The window with the keyboard focus is active (bit 1).
        XCTAssertEqual(ATSPIStateSet([.offscreen], active: true).words.0, 1 << 1 | 1 << 8 | 1 << 24)
    }

    func testObjectPathsRoundTrip() {
        for indices in [[], [0], [0, 1, 0], [0, 1, 0, 900_000], [0, 2, Int(Int32.max)]] {
            let path = ATSPIObjectPath(indices: indices)
            XCTAssertEqual(ATSPIObjectPath(path: path.string), path, path.string)
            XCTAssertEqual(ATSPIObjectPath(element: path.element), path)
        }
        XCTAssertEqual(ATSPIObjectPath.root.string, "/org/a11y/atspi/accessible/root")
        XCTAssertEqual(ATSPIObjectPath(indices: [0, 1, 0, 900_000]).string, "/org/a11y/atspi/accessible/n0_1_0_900000")
        XCTAssertEqual(ATSPIObjectPath(indices: [0, 3]).parent, ATSPIObjectPath(indices: [0]))
        XCTAssertNil(ATSPIObjectPath.root.parent)
    }

    func testAPathCarriesTheIdentitiesOfTheNodesItStepsThrough() {
        let path = ATSPIObjectPath(indices: [0, 1], identities: [1: 4]).child(0).child(17)
        XCTAssertEqual(path.element, "n0_1i4_0_17")
        XCTAssertEqual(ATSPIObjectPath(path: path.string), path)
        XCTAssertEqual(path.parent?.parent, ATSPIObjectPath(indices: [0, 1], identities: [1: 4]))
        XCTAssertEqual(path.parent?.parent?.parent, ATSPIObjectPath(indices: [0]), "the identity goes with its step")
        XCTAssertNotEqual(ATSPIObjectPath(element: "n0_1i4_0"), ATSPIObjectPath(element: "n0_1i5_0"))
        for element in ["n0_1i", "n0_i4", "n0_1i4i5", "n0_1i04", "n0_1i-4", "n0_1I4", "n0_1i2147483648"] {
            XCTAssertNil(ATSPIObjectPath(element: element), element)
        }
    }

    func testMalformedPathsAreRefusedNotGuessed() {
        for element in ["", "n", "n_", "n1_", "n_1", "n1__2", "n01", "n-1", "n+1", "x1", "N1", "n1.5", "n99999999999", "n2147483648", "n١"] {
            XCTAssertNil(ATSPIObjectPath(element: element), element)
        }
        XCTAssertNil(ATSPIObjectPath(path: "/org/a11y/atspi/accessible"))
        XCTAssertNil(ATSPIObjectPath(path: "/org/a11y/atspi/registry/n0"))
        XCTAssertNil(ATSPIObjectPath(path: "/org/a11y/atspi/accessible/n0/n1"))
    }

    func testAListenerCoversEventsByPrefixAtColonBoundaries() {
        XCTAssertTrue(ATSPIEventFilter.covers("", "object:state-changed:focused"))
        XCTAssertTrue(ATSPIEventFilter.covers("object:", "object:state-changed:focused"))
        XCTAssertTrue(ATSPIEventFilter.covers("object", "object:announcement"))
        XCTAssertTrue(ATSPIEventFilter.covers("object:state-changed", "object:state-changed:focused"))
        XCTAssertTrue(ATSPIEventFilter.covers("object:state-changed:focused", "object:state-changed:focused"))
        XCTAssertTrue(ATSPIEventFilter.covers("focus:", "focus:"))
        // As the registry lists them (GetRegisteredEvents): class:major:minor with empty parts.
        XCTAssertTrue(ATSPIEventFilter.covers("focus::", "focus:"))
        XCTAssertTrue(ATSPIEventFilter.covers("object:announcement:", "object:announcement"))
        XCTAssertTrue(ATSPIEventFilter.covers("object:state-changed:", "object:state-changed:selected"))
        XCTAssertTrue(ATSPIEventFilter.covers("::", "object:announcement"))
        XCTAssertTrue(ATSPIEventFilter.covers("Object:SelectionChanged:", "object:selection-changed"))
        XCTAssertTrue(ATSPIEventFilter.covers("Object:StateChanged:focused", "object:state-changed:focused"))
        XCTAssertTrue(ATSPIEventFilter.covers("Object:StateChanged:", "object:state-changed:selected"))
        XCTAssertTrue(ATSPIEventFilter.covers("Focus::", "focus:"))
        XCTAssertFalse(ATSPIEventFilter.covers("Object:StateChanged:focused", "object:state-changed:selected"))
        XCTAssertFalse(ATSPIEventFilter.covers("object:selection-changed:", "object:state-changed:selected"))
        XCTAssertFalse(ATSPIEventFilter.covers("object:state", "object:state-changed:focused"))
        XCTAssertFalse(ATSPIEventFilter.covers("object:state-changed:selected", "object:state-changed:focused"))
        XCTAssertFalse(ATSPIEventFilter.covers("window:", "object:announcement"))
    }

    func testTheRegistrysListDecidesWhichEventsAreSent() {
        XCTAssertTrue(ATSPIEventFilter().isEmpty)
        XCTAssertFalse(ATSPIEventFilter().wants("object:announcement"))
        let filter = ATSPIEventFilter([(":1.5", "Object:Announcement:"), (":1.5", "Object:Announcement:"), (":1.6", "Focus::")])
        XCTAssertFalse(filter.isEmpty)
        XCTAssertTrue(filter.wants("object:announcement"))
        XCTAssertTrue(filter.wants("focus:"))
        XCTAssertFalse(filter.wants("object:state-changed:focused"))
        XCTAssertFalse(filter.wants("object:selection-changed"))
    }

    func testDBusValuesAreBuiltAsGLibPrintsThem() {
        let ref = DBusValue.reference(":1.4", "/org/a11y/atspi/accessible/n0_1")
        XCTAssertEqual(ref.signature, "(so)")
        XCTAssertEqual(ref.printed, "(':1.4', objectpath '/org/a11y/atspi/accessible/n0_1')")
        XCTAssertEqual(DBusValue.array(elementType: "(so)", []).printed, "@a(so) []")
        XCTAssertEqual(DBusValue.stringDictionary([("xml-roles", "grid")]).printed, "{'xml-roles': 'grid'}")
        XCTAssertEqual(DBusValue.array(elementType: "u", [.uint32(5), .uint32(0)]).printed, "[uint32 5, 0]")
        let event = DBusValue.tuple([.string("focused"), .int32(1), .int32(0), .variant(.int32(0)), .variantDictionary([])])
        XCTAssertEqual(event.signature, "(siiva{sv})")
        XCTAssertEqual(event.printed, "('focused', 1, 0, <0>, @a{sv} {})")
        // A path GLib would refuse is sent as AT-SPI's "no object" instead of aborting.
        XCTAssertEqual(DBusValue.objectPath("not a path").printed, "objectpath '/org/a11y/atspi/null'")
    }
}
