import CalendarModel
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import Foundation
import ICalendar
import CollectionKitSDL
import XCTest

/// Every scene in Arabic (right to left, a joined script), Japanese (CJK) and German (long words)
/// at the default window size: `<scene>-<language>.png`. The smallest window size is checked
/// through the state dump, which draws no pixels, in those and the other right-to-left language
/// (Hebrew): each scene lays out there as in Japanese, mirrored for right to left (a window
/// rectangle at x is at width - x - its width; a collection's items mirrored within its content);
/// the calendar and the boards, whose chrome there measures its words, as the same language left
/// to right, mirrored.
/// (At the default size the header's buttons are as wide as their words: the images hold those.)
/// The calendar shows the sample calendar's November 2026 in the
/// locale (its first weekday, digits and names). The words are the catalogues' (compiled into
/// .build/locale by scripts/translations.sh, as scripts/test.sh does first): each scene is made
/// with the process speaking its language, as the program does when started in that locale.
final class LocaleGoldenTests: XCTestCase {
    /// The languages whose every scene is compared with a golden image, at the default size.
    private static let locales = [("ar", "ar_EG"), ("ja", "ja_JP"), ("de", "de_DE")]
    /// The languages whose layout is checked through the dump at the smallest size, against
    /// Japanese's (the first).
    private static let dumpLocales = [("ja", "ja_JP"), ("ar", "ar_EG"), ("he", "he_IL"), ("de", "de_DE")]
    /// Scenes whose chrome at the smallest size takes its size from its words (the calendar's
    /// header grows for a wrapped month, the boards' columns and title rows for their names):
    /// each language there is checked against itself left to right, and LayoutCheckTests checks
    /// that nothing overlaps or is cut.
    private static let measuringWords: Set<String> = ["calendar", "boards"]

    private func config(_ locale: String) -> SceneConfig {
        var c = SceneConfig()
        c.layoutDirection = LayoutDirection(icuLocale: locale)
        c.options = ["today": ["2026-11-21"], "month": ["2026-11"], "timezone": ["Europe/Berlin"], "locale": [locale]]
        c.calendarSource = EventSourceBox { zone in ICalendarSource(files: [CalendarGoldenTests.sample], zone: zone) }
        return c
    }

    /// Runs `body` with messages in `locale`, from the catalogues in the build directory.
    private func speaking(_ language: String, _ locale: String, _ body: () throws -> Void) throws {
        try LayoutCheckTests.speaking(language, locale, body)
    }

    private func check(_ scene: String) throws {
        for (language, locale) in Self.locales { try speaking(language, locale) {
            let (image, app) = try Golden.render(scene: scene, config: config(locale))
            XCTAssertEqual(app.config.layoutDirection.isRightToLeft, language == "ar")
            try Golden.assertMatches(image, named: "\(scene)-\(language)")
        } }
        do {
            let size = App.windowSizeLimits.minimum
            var reference: [String: [Double]] = [:]
            for (language, locale) in Self.dumpLocales { try speaking(language, locale) {
                let app = try laidOut(scene, size: size, locale: locale)
                let rtl = ["ar", "he"].contains(language)
                let context = "\(scene) in \(language) at \(Int(size.width))x\(Int(size.height))"
                XCTAssertEqual(app.config.layoutDirection.isRightToLeft, rtl, context)
                XCTAssertEqual(app.size, size, context)
                XCTAssertEqual(app.dumpState()["notices"], .array([]), "\(context): notices")
                let rects = Self.rectangles(in: app.dumpState())
                XCTAssertFalse(rects.isEmpty, "\(context): the dump shows where things are")
                if reference.isEmpty { reference = rects; return }
                if !Self.measuringWords.contains(scene) {
                    XCTAssertEqual(Set(rects.keys), Set(reference.keys), "\(context): the same things as in Japanese")
                } else {
                    // Boards of other heights show other numbers of cards (in the smallest window
                    // a short board may show none): the same collections and targets.
                    let kinds = { (keys: Dictionary<String, [Double]>.Keys) in Set(keys.filter { !$0.contains(".frames[") }) }
                    XCTAssertEqual(kinds(rects.keys), kinds(reference.keys), "\(context): the same things as in Japanese")
                }
                if !Self.measuringWords.contains(scene) {
                    Self.assertLaidOutAlike(rects, reference, mirrored: rtl, width: size.width, context)
                } else if rtl {
                    // Chrome sized by its words differs from Japanese's: right to left is the
                    // mirror image of the same words laid out left to right.
                    let ltr = Self.rectangles(in: try laidOut(scene, size: size, locale: locale, direction: .leftToRight).dumpState())
                    Self.assertLaidOutAlike(rects, ltr, mirrored: true, width: size.width, "\(context) (against itself left to right)")
                }
            } }
        }
    }

    /// The scene as the program makes it at `size` (a frame run, nothing drawn), text measured as
    /// the headless canvas draws it.
    private func laidOut(_ scene: String, size: Size, locale: String, direction: LayoutDirection? = nil) throws -> App {
        let canvas = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        defer { canvas.close() }
        var c = config(locale)
        if let direction { c.layoutDirection = direction }
        c.textMeasurer = TextMeasurerBox(canvas.measurer)
        let app = try App(scene: scene, size: size, config: c)
        try HeadlessDriver(root: app, fps: 60).play(script: "")
        return app
    }

    /// Every rectangle ([x, y, width, height]) in a dump, by its path (".collections[0].viewport").
    static func rectangles(in dump: JSON) -> [String: [Double]] {
        var found: [String: [Double]] = [:]
        func walk(_ v: Any, _ path: String) {
            if let a = v as? [Any] {
                let numbers = a.compactMap { ($0 as? NSNumber).flatMap { $0 is Bool ? nil : $0.doubleValue } }
                if a.count == 4, numbers.count == 4 { found[path] = numbers; return }
                for (i, x) in a.enumerated() { walk(x, "\(path)[\(i)]") }
            } else if let o = v as? [String: Any] {
                // Text runs are each language's own words and widths: LayoutCheckTests reads them.
                for (k, x) in o where !(path.isEmpty && k == "texts") { walk(x, "\(path).\(k)") }
            }
        }
        walk((try? JSONSerialization.jsonObject(with: Data(dump.serialized().utf8))) ?? [:], "")
        return found
    }

    /// Each rectangle is where the reference has it, or (`mirrored`) mirrored: a rectangle in
    /// window points across the window's width; a collection's item frames (content points)
    /// across one axis of the collection's own, the same for all of them.
    static func assertLaidOutAlike(_ rects: [String: [Double]], _ reference: [String: [Double]], mirrored: Bool, width: Double,
                                   _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        var axes: [String: Double] = [:]
        for (path, r) in rects.sorted(by: { $0.key < $1.key }) {
            guard let q = reference[path] else { continue }
            let sameSize = abs(r[1] - q[1]) <= 0.5 && abs(r[2] - q[2]) <= 0.5 && abs(r[3] - q[3]) <= 0.5
            var sameX = abs(r[0] - q[0]) <= 0.5
            if mirrored {
                // The sum of the two x and the width is the mirror's axis, twice over.
                let axis = r[0] + q[0] + q[2]
                if let frames = path.range(of: ".frames[", options: .backwards), path.hasPrefix(".collections[") {
                    let group = String(path[..<frames.lowerBound])
                    sameX = abs(axis - (axes[group] ?? axis)) <= 0.5
                    if axes[group] == nil { axes[group] = axis }
                } else {
                    sameX = abs(axis - width) <= 0.5
                }
            }
            if !(sameSize && sameX) {
                XCTFail("\(context): \(path) is \(r), in Japanese \(q)\(mirrored ? " (mirrored)" : "")", file: file, line: line)
                return
            }
        }
    }

    func testGrid() throws { try check("grid") }
    func testCarousel() throws { try check("carousel") }
    func testRearrange() throws { try check("rearrange") }
    func testCalendar() throws { try check("calendar") }
    func testBoards() throws { try check("boards") }
    func testMosaic() throws { try check("mosaic") }
}
