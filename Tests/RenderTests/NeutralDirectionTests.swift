import CalendarModel
@testable import CollectionDemo
import CollectionKit
import CollectionKitTesting
@testable import CollectionKitSDL
import XCTest

/// Text without a strong letter (times, counts, signs) takes the UI's direction: in a right-to-left
/// window "09:00 – 10:00" is a right-to-left paragraph (10:00 drawn at the left, read after 09:00
/// from the right) and a natural alignment puts it at the right, like the Hebrew rows around it.
/// Text with a letter keeps its own direction, whatever the window's.
final class NeutralDirectionTests: XCTestCase {
    static let card = Color(hex: 0x313642)
    static let range = "09:00 – 10:00"

    func testTheParagraphLevelOfNeutralTextIsTheUIsDirection() throws {
        XCTAssertEqual(UnicodeText.bidiLine(Self.range)?.rightToLeft, false)
        XCTAssertEqual(UnicodeText.bidiLine(Self.range, neutralRightToLeft: true)?.rightToLeft, true)
        // A strong letter decides, whichever the window's direction.
        XCTAssertEqual(UnicodeText.bidiLine("Standup 09:00", neutralRightToLeft: true)?.rightToLeft, false)
        XCTAssertEqual(UnicodeText.bidiLine("פגישה 09:00")?.rightToLeft, true)
        XCTAssertEqual(TextAlignment.natural.resolved(for: Self.range, neutral: .rightToLeft), .trailing)
        XCTAssertEqual(TextAlignment.natural.resolved(for: Self.range, neutral: .leftToRight), .leading)
        XCTAssertEqual(TextAlignment.natural.resolved(for: "Standup", neutral: .rightToLeft), .leading)
        XCTAssertEqual(TextAlignment.leading.resolved(for: Self.range, neutral: .rightToLeft), .leading, "only natural follows")
    }

    /// The runs in visual order: in a right-to-left paragraph the end time is drawn first (at the left).
    func testATimeRangeRunsRightToLeftInARightToLeftUI() {
        func visual(_ rtl: Bool) -> [String] {
            TextLayout.runs(Self.range, neutralRightToLeft: rtl, choose: { _ in .primary }, provides: { _, _ in true }).map(\.text)
        }
        let ltr = visual(false).joined(), rtl = visual(true)
        XCTAssertEqual(ltr, Self.range)
        let start = try? XCTUnwrap(rtl.firstIndex { $0.contains("09:00") }), end = try? XCTUnwrap(rtl.firstIndex { $0.contains("10:00") })
        XCTAssertNotNil(start); XCTAssertNotNil(end)
        if let start, let end { XCTAssertLessThan(end, start, "10:00 is drawn left of 09:00: \(rtl)") }
    }

    private func render(_ direction: LayoutDirection, _ text: String, _ alignment: TextAlignment) throws -> Image {
        let canvas = try HeadlessCanvas(size: Size(width: 400, height: 60), fonts: try Golden.fonts())
        canvas.drawer.neutralTextDirection = direction
        var list = DrawList()
        list.fill(Rect(0, 0, 400, 60), Self.card)
        list.text(text, in: Rect(10, 10, 380, 40), size: 18, color: .white, alignment: alignment)
        canvas.render(list)
        return canvas.capture()
    }

    private func ink(_ img: Image) -> (min: Int, max: Int)? {
        var lo = Int.max, hi = Int.min
        for y in 0..<img.height {
            for x in 0..<img.width where img.pixels[y * img.width + x] & 0xFFFFFF != 0x313642 { lo = min(lo, x); hi = max(hi, x) }
        }
        return lo <= hi ? (lo, hi) : nil
    }

    /// Where the ink's weight sits across its own width: 0 all at its left end, 1 all at its right.
    private func balance(_ img: Image) throws -> Double {
        let bounds = try XCTUnwrap(ink(img))
        var weight = 0.0, moment = 0.0
        for y in 0..<img.height {
            for x in bounds.min...bounds.max where img.pixels[y * img.width + x] & 0xFFFFFF != 0x313642 {
                let v = Double(img.pixels[y * img.width + x] & 0xFF)
                weight += v; moment += v * Double(x - bounds.min)
            }
        }
        return moment / weight / Double(bounds.max - bounds.min)
    }

    func testTheRendererDrawsNeutralTextInTheUIsDirection() throws {
        // Natural: at the right in a right-to-left window, at the left otherwise.
        let right = try XCTUnwrap(ink(render(.rightToLeft, Self.range, .natural)))
        XCTAssertGreaterThan(right.min, 200, "at the right")
        XCTAssertGreaterThan(right.max, 370)
        XCTAssertLessThan(try XCTUnwrap(ink(render(.leftToRight, Self.range, .natural))).max, 200, "at the left")
        // The order on screen: "1 – 88888" has its heavy part at the right left to right, and at
        // the left in a right-to-left window ("88888 – 1", read from the right).
        XCTAssertGreaterThan(try balance(render(.leftToRight, "1 – 88888", .trailing)), 0.55)
        XCTAssertLessThan(try balance(render(.rightToLeft, "1 – 88888", .trailing)), 0.45)
        XCTAssertLessThan(try balance(render(.rightToLeft, "1 - 88888", .trailing)), 0.45, "plain ASCII too")
        // Text with a letter is not turned round.
        let standup = try render(.rightToLeft, "Standup 1 – 88888", .trailing)
        XCTAssertEqual(standup.pixels, try render(.leftToRight, "Standup 1 – 88888", .trailing).pixels)
    }
}

/// The Hebrew calendar's side panel, drawn by the backend as the program draws it: a time range,
/// which has no Hebrew letter, reads right to left as the rows with Hebrew do.
final class HebrewPanelTimeTests: XCTestCase {
    /// The panel's time run and where its ink's weight sits across it (0 left, 1 right).
    private func timeBalance(_ direction: LayoutDirection) throws -> (text: String, balance: Double) {
        var config = SceneConfig()
        config.options = ["locale": ["he_IL"], "timezone": ["UTC"], "today": ["2026-11-21"], "month": ["2026-11"]]
        config.layoutDirection = direction
        let zone = DisplayZone(identifier: "UTC")!
        let day = CalendarDate(iso: "2026-11-21")!
        // 08:00 is heavier than 11:11: which end of the run it is drawn at shows the order.
        let events = [EventOccurrence(uid: "a", title: "סקירה", span: .timed(start: zone.instant(of: day, hour: 8),
                                                                             end: zone.instant(of: day, hour: 11, minute: 11)))]
        config.calendarSource = EventSourceBox { zone in InMemoryEventSource(events, zone: zone) }
        let (image, app) = try Golden.render(scene: "calendar", config: config, script: "wait 500")
        let runs = app.draw().commands.compactMap { c -> TextRun? in if case let .text(run) = c { return run }; return nil }
        let time = try XCTUnwrap(runs.first { $0.text.contains("11") && $0.text.contains("8") && UnicodeText.startsRightToLeft($0.text) == nil },
                                 "the panel's time: \(runs.map(\.text))")
        // The time's line of the panel's row, in window points: across the title's columns, above it.
        let scene = try XCTUnwrap(app.currentScene as? CalendarScene)
        let row = try XCTUnwrap(scene.panelRows().first)
        let xs = Int(row.titleFrame.minX)..<Int(row.titleFrame.maxX), ys = Int(row.frame.minY) + 2..<Int(row.titleFrame.minY)
        // The background is the commonest colour there; ink is everything else.
        var counts: [UInt32: Int] = [:]
        for y in ys { for x in xs { counts[image.pixels[y * image.width + x] & 0xFFFFFF, default: 0] += 1 } }
        let background = try XCTUnwrap(counts.max { $0.value < $1.value }?.key)
        var lo = Int.max, hi = Int.min, weight = 0.0, moment = 0.0
        for y in ys { for x in xs where image.pixels[y * image.width + x] & 0xFFFFFF != background { lo = min(lo, x); hi = max(hi, x) } }
        guard lo < hi else { XCTFail("no ink where the time is drawn"); return (time.text, .nan) }
        for y in ys {
            for x in lo...hi where image.pixels[y * image.width + x] & 0xFFFFFF != background {
                let v = Double(image.pixels[y * image.width + x] & 0xFF)
                weight += v; moment += v * Double(x - lo)
            }
        }
        return (time.text, moment / weight / Double(hi - lo))
    }

    func testTheTimeRangeReadsRightToLeftInAHebrewWindow() throws {
        let rtl = try timeBalance(.rightToLeft), ltr = try timeBalance(.leftToRight)
        XCTAssertLessThan(ltr.balance, 0.5, "left to right, the heavy 08:00 first, at the left: \(ltr.text)")
        XCTAssertGreaterThan(rtl.balance, 0.5, "right to left, 08:00 first, at the right: \(rtl.text)")
    }
}
