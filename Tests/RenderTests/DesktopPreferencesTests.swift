import CollectionKit
import CollectionKitSDL
import CollectionKitDesktop
import XCTest

/// The desktop's settings as the backend reads them, and text measured at the text scale.
final class DesktopPreferencesTests: XCTestCase {
    override func tearDown() {
        Appearance.textScale = 1
        Appearance.colorScheme = .dark
        Appearance.reducesMotion = false
        super.tearDown()
    }

    /// What an app that sets no appearance gets from the desktop (`WindowLoop.runOrExit`): a light
    /// desktop makes the engine's standard styles light; a change while running keeps the text scale.
    func testPreferencesPutInForceMakeTheEngineStylesFollow() {
        DesktopPreferences(colorScheme: .light, textScale: 1.25, animations: false).applyToAppearance()
        XCTAssertEqual(Appearance.colorScheme, .light)
        XCTAssertTrue(Appearance.reducesMotion)
        XCTAssertEqual(Appearance.textScale, 1.25)
        XCTAssertEqual(ContextMenuStyle().background, .white)
        XCTAssertEqual(TextFieldStyle().background, .white)
        DesktopPreferences(colorScheme: nil, textScale: 2, animations: true).applyToAppearance(textScale: false)
        XCTAssertEqual(Appearance.colorScheme, .dark, "no preference stated: dark")
        XCTAssertFalse(Appearance.reducesMotion)
        XCTAssertEqual(Appearance.textScale, 1.25, "a live change leaves the text scale for the next start")
        XCTAssertEqual(ContextMenuStyle().background, Color(hex: 0x2E333D))
    }

    func testThePortalsAndGSettingsColorSchemeValues() {
        XCTAssertEqual(DesktopPreferences.colorScheme(portal: 1), .dark)
        XCTAssertEqual(DesktopPreferences.colorScheme(portal: 2), .light)
        XCTAssertNil(DesktopPreferences.colorScheme(portal: 0), "no preference")
        XCTAssertNil(DesktopPreferences.colorScheme(portal: 7))
        XCTAssertEqual(DesktopPreferences.colorScheme(gsettings: "prefer-light"), .light)
        XCTAssertEqual(DesktopPreferences.colorScheme(gsettings: "prefer-dark"), .dark)
        XCTAssertNil(DesktopPreferences.colorScheme(gsettings: "default"))
    }

    func testATextScaleOutOfRangeIsOne() {
        XCTAssertEqual(DesktopPreferences.textScale(1.5), 1.5)
        XCTAssertEqual(DesktopPreferences.textScale(0), 1)
        XCTAssertEqual(DesktopPreferences.textScale(.nan), 1)
        XCTAssertEqual(DesktopPreferences.textScale(40), 1)
    }

    func testTextIsMeasuredAndWrappedAtTheTextScaleEvenWhenMeasuredBefore() throws {
        let measurer = try TextMeasurer(fonts: try Golden.fonts(), headless: true)
        let style = ParagraphStyle(text: TextStyle(size: 14))
        let text = "Return the library books and ask whether the guarantee still covers the tap."
        let normalWidth = measurer.width(of: "Groceries", style: style.text)
        let normal = measurer.lines(of: text, style: style, width: 200)
        Appearance.textScale = 1.5
        XCTAssertEqual(measurer.width(of: "Groceries", style: style.text), normalWidth * 1.5, accuracy: normalWidth * 0.1)
        let large = measurer.lines(of: text, style: style, width: 200)
        XCTAssertGreaterThan(large.lines.count, normal.lines.count, "the same paragraph wraps into more lines")
        XCTAssertGreaterThan(large.height, normal.height * 1.4)
    }
}
