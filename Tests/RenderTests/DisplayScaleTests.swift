import CollectionKitSDL
import XCTest

/// The X11 scale as GTK finds it: GDK_SCALE first, then Xft.dpi from the X resources.
final class DisplayScaleTests: XCTestCase {
    func testGDKScaleWinsAndMustBeAWholeNumberInRange() {
        XCTAssertEqual(DisplayScale.x11(environment: ["GDK_SCALE": "2"], resources: "Xft.dpi:\t144\n"), 2)
        XCTAssertEqual(DisplayScale.x11(environment: ["GDK_SCALE": "1.5"], resources: ""), 1, "GDK_SCALE is whole, as in GTK")
        XCTAssertEqual(DisplayScale.x11(environment: ["GDK_SCALE": "9"], resources: ""), 1)
    }

    func testXftDPIGivesQuarterSteps() {
        XCTAssertEqual(DisplayScale.x11(environment: [:], resources: "Xcursor.size:\t24\nXft.dpi:\t144\n"), 1.5)
        XCTAssertEqual(DisplayScale.x11(environment: [:], resources: "Xft.dpi: 192"), 2)
        XCTAssertEqual(DisplayScale.x11(environment: [:], resources: "Xft.dpi:\t120\n"), 1.25)
        XCTAssertEqual(DisplayScale.x11(environment: [:], resources: "Xft.dpi:\t96\n"), 1)
        XCTAssertEqual(DisplayScale.x11(environment: [:], resources: "Xft.dpi:\t72\n"), 1, "never below 1")
    }

    func testNothingSaidIsOne() {
        XCTAssertEqual(DisplayScale.x11(environment: [:], resources: ""), 1)
        XCTAssertEqual(DisplayScale.x11(environment: [:], resources: "Xft.dpi:\tlots\n"), 1)
    }
}
