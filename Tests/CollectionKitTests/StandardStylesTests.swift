@testable import CollectionKit
import XCTest

/// The engine's own colours follow the colour scheme: an app that sets no style gets readable
/// light colours when the desktop prefers light, live, and keeps its own colours in both.
final class StandardStylesTests: XCTestCase {
    override func tearDown() { Appearance.colorScheme = .dark }

    /// WCAG's contrast ratio of two opaque colours.
    func contrast(_ a: Color, _ b: Color) -> Double {
        func linear(_ c: UInt8) -> Double { let v = Double(c) / 255; return v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func lum(_ c: Color) -> Double { 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b) }
        let (x, y) = (lum(a), lum(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    func testStylesMadeInLightAreLightAndReadable() {
        Appearance.colorScheme = .light
        let menu = ContextMenuStyle(), field = TextFieldStyle(), drag = DragDropStyle()
        XCTAssertEqual(menu, .standard(for: .light))
        XCTAssertGreaterThan(contrast(menu.background, .black), 15, "a light panel")
        XCTAssertGreaterThanOrEqual(contrast(menu.text, menu.background), 7)
        XCTAssertGreaterThanOrEqual(contrast(menu.disabledText, menu.background), 3)
        XCTAssertGreaterThan(contrast(field.background, .black), 15)
        XCTAssertGreaterThanOrEqual(contrast(field.textColor, field.background), 7)
        XCTAssertGreaterThanOrEqual(contrast(field.caret, field.background), 7)
        XCTAssertGreaterThanOrEqual(contrast(drag.placeholderText, .white), 4.5, "the empty placeholder on a light surface")
        XCTAssertGreaterThan(contrast(drag.gapFill, .black), 12, "a light gap")
        // In dark, the defaults stay the dark ones they always were.
        Appearance.colorScheme = .dark
        XCTAssertEqual(ContextMenuStyle().background, Color(hex: 0x2E333D))
        XCTAssertEqual(TextFieldStyle().background, Color(hex: 0x1B1E24))
        XCTAssertEqual(DragDropStyle().gapFill, Color(hex: 0x262A33))
    }

    func testAnUntouchedStyleFollowsTheSchemeAndAnAppsOwnStays() {
        let standard = ContextMenuStyle()              // made in dark
        var own = ContextMenuStyle()
        own.background = Color(hex: 0x102030)
        XCTAssertEqual(standard.following(.light), .standard(for: .light))
        XCTAssertEqual(standard.following(.light).following(.dark), standard)
        XCTAssertEqual(own.following(.light), own)
        XCTAssertEqual(TextFieldStyle().following(.light).background, .white)
    }

    func testWhatIsDrawnFollowsTheSchemeLive() {
        let view = CollectionView(name: "empty", layout: GridLayout(itemsPerLine: 1, itemLength: .fixed(40)))
        let menu = ContextMenuController()
        XCTAssertTrue(menu.open(itemID: AnyHashable(1), actions: [ContextMenuAction("Delete")], at: Point(10, 10),
                                in: Rect(0, 0, 400, 400), isDragging: false, fromKeyboard: false))
        func panel() -> Color? {
            var list = DrawList()
            menu.draw(into: &list)
            for c in list.commands { if case let .fill(_, color, _) = c, color.a == 255 { return color } }
            return nil
        }
        XCTAssertEqual(panel(), Color(hex: 0x2E333D))
        XCTAssertEqual(view.emptyMessageColorInForce, Color(hex: 0x9AA1B0))
        Appearance.colorScheme = .light
        XCTAssertEqual(panel(), .white, "the same controller draws a light panel once the desktop prefers light")
        XCTAssertEqual(view.emptyMessageColorInForce, Color(hex: 0x5B6270))
        view.emptyMessageColor = Color(hex: 0xFF0000)
        XCTAssertEqual(view.emptyMessageColorInForce, Color(hex: 0xFF0000))
    }
}
