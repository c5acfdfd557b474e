import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
@testable import CollectionKitSDL
@testable import CollectionKitDesktop
import XCTest

/// A text field on the bus, with no bus: its node found in the demo's tree with the `Text` and
/// `EditableText` interfaces, and the runs of text those interfaces read by offset.
final class ATSPITextTests: XCTestCase {
    private func scalars(_ s: String) -> [Unicode.Scalar] { Array(s.unicodeScalars) }

    func testTheFieldACardIsTypedIntoIsAnEditableEntryInTheTree() throws {
        let app = try App(scene: "boards", size: Size(1280, 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 50")
        var tree = ATSPITree(window: app.accessibilityTree(title: "Collection Demo"))
        XCTAssertNil(tree.path(where: { $0.role == .entry }), "no field before one is opened")
        try driver.play(script: "key ctrl+n\nwait 50\ntext \"Milk\"\nwait 50")
        tree = ATSPITree(window: app.accessibilityTree(title: "Collection Demo"))
        let path = try XCTUnwrap(tree.path(where: { $0.role == .entry }))
        let field = try XCTUnwrap(tree.resolve(path))
        XCTAssertEqual(field.node.textField?.accessibleText, "Milk")
        XCTAssertEqual(field.node.textField?.accessibleCaretOffset, 4)
        XCTAssertEqual(field.node.name, "Card title")
        let interfaces = ATSPITree.interfaces(of: field)
        XCTAssertTrue(interfaces.contains("org.a11y.atspi.Text"))
        XCTAssertTrue(interfaces.contains("org.a11y.atspi.EditableText"))
        XCTAssertFalse(interfaces.contains("org.a11y.atspi.Action"))
        XCTAssertEqual(ATSPIRole(field.node.role), ATSPIRole(number: 79, name: "entry"))
        let states = ATSPIStateSet(field.node.states)
        XCTAssertTrue(states.contains(.editable))
        XCTAssertTrue(states.contains(.singleLine))
        XCTAssertFalse(states.contains(.multiLine))
        XCTAssertTrue(states.contains(.focused))
        try driver.play(script: "key Return\nwait 300")
        tree = ATSPITree(window: app.accessibilityTree(title: "Collection Demo"))
        XCTAssertNil(tree.path(where: { $0.role == .entry }), "gone once committed")
    }

    func testRunsByBoundary() {
        let s = scalars("one two  three\nfour")
        func at(_ o: Int, _ unit: ATSPITextRuns.Unit) -> String { ATSPITextRuns.string(s[ATSPITextRuns.range(in: s, at: o, unit: unit)]) }
        XCTAssertEqual(at(5, .character), "w")
        XCTAssertEqual(at(0, .word), "one ")
        XCTAssertEqual(at(5, .word), "two  ", "from its start to the next word's")
        XCTAssertEqual(at(4, .word), "two  ")
        XCTAssertEqual(at(3, .word), "one ", "the space after a word belongs to it")
        XCTAssertEqual(at(17, .word), "four")
        XCTAssertEqual(at(5, .wordEnd), " two", "from the last word's end to its own")
        XCTAssertEqual(at(2, .line), "one two  three\n")
        XCTAssertEqual(at(16, .line), "four")
        XCTAssertEqual(at(16, .lineEnd), "\nfour")
        XCTAssertEqual(at(3, .sentence), "one two  three\nfour")
        XCTAssertEqual(ATSPITextRuns.range(in: s, at: 99, unit: .character), 19..<19, "past the end: empty at the end")
        XCTAssertEqual(ATSPITextRuns.range(in: [], at: 0, unit: .word), 0..<0)
    }

    func testUnitsFromBoundaryTypesAndGranularities() {
        XCTAssertEqual(ATSPITextRuns.Unit(method: "GetTextAtOffset", number: 1), .word)
        XCTAssertEqual(ATSPITextRuns.Unit(method: "GetTextAtOffset", number: 2), .wordEnd)
        XCTAssertEqual(ATSPITextRuns.Unit(method: "GetTextAtOffset", number: 5), .line)
        XCTAssertEqual(ATSPITextRuns.Unit(method: "GetStringAtOffset", number: 1), .word)
        XCTAssertEqual(ATSPITextRuns.Unit(method: "GetStringAtOffset", number: 3), .lineEnd)
    }

    func testTheDifferenceKeepsTheCommonStartAndEnd() {
        var d = ATSPITextRuns.difference(from: scalars("Milk"), to: scalars("Milky"))
        XCTAssertEqual(d.offset, 4); XCTAssertEqual(d.removed, []); XCTAssertEqual(d.inserted, scalars("y"))
        d = ATSPITextRuns.difference(from: scalars("Bread rolls"), to: scalars("Bread"))
        XCTAssertEqual(d.offset, 5); XCTAssertEqual(d.removed, scalars(" rolls")); XCTAssertEqual(d.inserted, [])
        d = ATSPITextRuns.difference(from: scalars("aXb"), to: scalars("aYYb"))
        XCTAssertEqual(d.offset, 1); XCTAssertEqual(d.removed, scalars("X")); XCTAssertEqual(d.inserted, scalars("YY"))
        d = ATSPITextRuns.difference(from: scalars("aa"), to: scalars("aaa"))
        XCTAssertEqual(d.offset, 2); XCTAssertEqual(d.inserted, scalars("a"), "a repeated letter: inserted at the end")
    }
}
