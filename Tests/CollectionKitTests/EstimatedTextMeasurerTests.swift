import XCTest
@testable import CollectionKit

/// The estimated measurer's shortcut: below U+2300 no character is wide.
final class EstimatedTextMeasurerTests: XCTestCase {
    /// The shortcut answers "narrow" below U+2300 without asking Unicode's properties; this holds
    /// only while no scalar there is an ideograph or an emoji shown as one by default.
    func testNoScalarBelowTheShortcutsBoundIsWide() {
        for v in UInt32(0)..<0x2300 {
            guard let s = Unicode.Scalar(v) else { continue }
            XCTAssertFalse(s.properties.isEmojiPresentation, "U+\(String(v, radix: 16)) is an emoji by default")
        }
        XCTAssertTrue(Unicode.Scalar(0x231A)!.properties.isEmojiPresentation, "the first emoji by default lies just above it")
    }

    func testWideAndNarrowCharactersAreTold() {
        let m = EstimatedTextMeasurer()
        let style = TextStyle(size: 10)
        XCTAssertGreaterThan(m.width(of: "日本", style: style), m.width(of: "ab", style: style))
        XCTAssertGreaterThan(m.width(of: "⌚", style: style), m.width(of: "é", style: style))
        XCTAssertEqual(m.width(of: "ab", style: style), m.width(of: "éü", style: style))
    }
}
