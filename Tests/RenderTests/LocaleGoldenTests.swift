import CalendarModel
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import Foundation
import ICalendar
import CollectionKitSDL
import XCTest

/// Every scene in Arabic and Hebrew (mirrored: right to left), Japanese and German (long words),
/// at the default window size and the smallest: `<scene>-<language>.png` and
/// `<scene>-<language>-smallest.png`. The calendar shows the sample calendar's November 2026 in
/// the locale (its first weekday, digits and names).
final class LocaleGoldenTests: XCTestCase {
    private static let locales = [("ar", "ar_EG"), ("he", "he_IL"), ("ja", "ja_JP"), ("de", "de_DE")]

    private func config(_ locale: String) -> SceneConfig {
        var c = SceneConfig()
        c.layoutDirection = LayoutDirection(icuLocale: locale)
        c.options = ["today": ["2026-11-21"], "month": ["2026-11"], "timezone": ["Europe/Berlin"], "locale": [locale]]
        c.calendarSource = EventSourceBox { zone in ICalendarSource(files: [CalendarGoldenTests.sample], zone: zone) }
        return c
    }

    private func check(_ scene: String) throws {
        for (language, locale) in Self.locales {
            let (image, app) = try Golden.render(scene: scene, config: config(locale))
            XCTAssertEqual(app.config.layoutDirection.isRightToLeft, ["ar", "he"].contains(language))
            try Golden.assertMatches(image, named: "\(scene)-\(language)")
            let (small, _) = try Golden.render(scene: scene, size: App.windowSizeLimits.minimum, config: config(locale))
            try Golden.assertMatches(small, named: "\(scene)-\(language)-smallest")
        }
    }

    func testGrid() throws { try check("grid") }
    func testCarousel() throws { try check("carousel") }
    func testRearrange() throws { try check("rearrange") }
    func testCalendar() throws { try check("calendar") }
    func testBoards() throws { try check("boards") }
    func testMosaic() throws { try check("mosaic") }
}
