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
/// the locale (its first weekday, digits and names). The words are the catalogues' (compiled into
/// .build/locale by scripts/translations.sh, as scripts/test.sh does first): each image is drawn
/// with the process speaking its language, as the program does when started in that locale.
final class LocaleGoldenTests: XCTestCase {
    private static let locales = [("ar", "ar_EG"), ("he", "he_IL"), ("ja", "ja_JP"), ("de", "de_DE")]

    private func config(_ locale: String) -> SceneConfig {
        var c = SceneConfig()
        c.layoutDirection = LayoutDirection(icuLocale: locale)
        c.options = ["today": ["2026-11-21"], "month": ["2026-11"], "timezone": ["Europe/Berlin"], "locale": [locale]]
        c.calendarSource = EventSourceBox { zone in ICalendarSource(files: [CalendarGoldenTests.sample], zone: zone) }
        return c
    }

    /// Runs `body` with messages in `locale`, from the catalogues in the build directory.
    private func speaking(_ language: String, _ locale: String, _ body: () throws -> Void) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../.build/locale").standardized.path
        guard FileManager.default.fileExists(atPath: "\(root)/\(language)/LC_MESSAGES/\(DemoWords.domain.name).mo") else {
            return XCTFail("no \(language) catalogue in \(root): run scripts/translations.sh compile (scripts/test.sh does)")
        }
        let previous = String(cString: setlocale(LC_MESSAGES, nil))
        let previousLanguage = ProcessInfo.processInfo.environment["LANGUAGE"]
        defer {
            if let previousLanguage { setenv("LANGUAGE", previousLanguage, 1) } else { unsetenv("LANGUAGE") }
            setlocale(LC_MESSAGES, previous)
        }
        setenv("LANGUAGE", language, 1)
        guard setlocale(LC_MESSAGES, "\(locale).UTF-8") != nil else {
            return XCTFail("the locale \(locale).UTF-8 is not installed: scripts/install-deps.sh --test generates it")
        }
        DemoWords.domain.bind(to: root)
        TextDomain.collectionKit.bind(to: root)
        try body()
    }

    private func check(_ scene: String) throws {
        for (language, locale) in Self.locales { try speaking(language, locale) {
            let (image, app) = try Golden.render(scene: scene, config: config(locale))
            XCTAssertEqual(app.config.layoutDirection.isRightToLeft, ["ar", "he"].contains(language))
            try Golden.assertMatches(image, named: "\(scene)-\(language)")
            let (small, _) = try Golden.render(scene: scene, size: App.windowSizeLimits.minimum, config: config(locale))
            try Golden.assertMatches(small, named: "\(scene)-\(language)-smallest")
        } }
    }

    func testGrid() throws { try check("grid") }
    func testCarousel() throws { try check("carousel") }
    func testRearrange() throws { try check("rearrange") }
    func testCalendar() throws { try check("calendar") }
    func testBoards() throws { try check("boards") }
    func testMosaic() throws { try check("mosaic") }
}
