import CalendarModel
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import Foundation
import ICalendar
import CollectionKitSDL
import XCTest

/// The layout check: every scene laid out with the backend's own text measurement at text scale
/// 1, 1.5 and 2 (1280x800, English) and in every language at 800x600 and 200x200, read from the
/// draw list (`DrawList.placedTexts`, as the dump's `texts`), not from pixels. It fails on two text
/// runs that overlap and on chrome (buttons, tabs, headers, chips, dialog rows) cut with an
/// ellipsis although its whole text would fit across the window, so its box could have grown or
/// wrapped. Items' own text (`content`) may be cut.
final class LayoutCheckTests: XCTestCase {
    static let scenes = ["grid", "carousel", "rearrange", "calendar", "boards", "mosaic"]
    static let languages = [("en", "en_US"), ("de", "de_DE"), ("fr", "fr_FR"), ("ar", "ar_EG"), ("he", "he_IL"), ("ja", "ja_JP")]

    /// What is wrong with one laid-out window, one line each ("overlap: “A” and “B”", "cut: “A”").
    static func problems(in texts: [PlacedText], window: Size) -> [String] {
        var found: [String] = []
        for i in texts.indices {
            let a = texts[i]
            if a.role == .control, a.shortened, a.box.width < window.width - 16,
               a.fullWidth <= window.width - 16 {
                found.append("cut: “\(a.text)”")
            }
            for b in texts[(i + 1)...] {
                let o = a.frame.intersection(b.frame)
                if o.width > 1, o.height > 1 { found.append("overlap: “\(a.text)” and “\(b.text)”") }
            }
        }
        return found
    }

    private func config(_ locale: String) -> SceneConfig {
        var c = SceneConfig()
        c.layoutDirection = LayoutDirection(icuLocale: locale)
        c.options = ["today": ["2026-11-21"], "month": ["2026-11"], "timezone": ["Europe/Berlin"], "locale": [locale]]
        c.calendarSource = EventSourceBox { zone in ICalendarSource(files: [CalendarGoldenTests.sample], zone: zone) }
        return c
    }

    /// The problems of `scene` laid out at `size`, at rest after its first frames.
    private func check(_ scene: String, size: Size, locale: String) throws -> [String] {
        let canvas = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        defer { canvas.close() }
        var c = config(locale)
        c.textMeasurer = TextMeasurerBox(canvas.measurer)
        let app = try App(scene: scene, size: size, config: c)
        try HeadlessDriver(root: app, fps: 60).play(script: "wait 100")
        return Self.problems(in: app.draw().placedTexts(measuredBy: canvas.measurer), window: size)
    }

    /// Runs `body` with messages in `language`, from the catalogues in the build directory
    /// (`DemoWords.speaking`); LocaleGoldenTests speaks through it too.
    static func speaking(_ language: String, _ locale: String, _ body: () throws -> Void) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../.build/locale").standardized.path
        try DemoWords.speaking(language, locale: locale, cataloguesIn: root, body)
    }

    /// Every problem of every scene × scale × language, one line each.
    private func allProblems() throws -> [String] {
        var all: [String] = []
        let previous = Appearance.textScale
        defer { Appearance.textScale = previous }
        for scale in [1.0, 1.5, 2.0] {
            Appearance.textScale = scale
            for scene in Self.scenes {
                for p in try check(scene, size: Size(1280, 800), locale: "en_US") { all.append("\(scene) ×\(scale) 1280x800: \(p)") }
            }
        }
        Appearance.textScale = 1
        for (language, locale) in Self.languages {
            func run() throws {
                for size in [Size(800, 600), Size(200, 200)] {
                    for scene in Self.scenes {
                        for p in try check(scene, size: size, locale: locale) { all.append("\(scene) \(language) \(Int(size.width))x\(Int(size.height)): \(p)") }
                    }
                }
            }
            // English is the words in the code: no catalogue to speak.
            if language == "en" { try run() } else { try Self.speaking(language, locale, run) }
        }
        return all
    }

    /// The problems still open, each a line of `LayoutCheckKnown.txt`: the check fails on any other
    /// (a new overlap, a control cut again) and on a listed one that no longer happens, so the
    /// list only shrinks as chrome learns to measure its text.
    static let known = testsDir.appendingPathComponent("LayoutCheckKnown.txt")
    static var testsDir: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent() }

    func testNoTextOverlapsOrIsCutInAControlThatCouldGrow() throws {
        let found = try allProblems()
        let listed = try String(contentsOf: Self.known, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        if ProcessInfo.processInfo.environment["RECORD_LAYOUT_PROBLEMS"] == "1" {
            let header = listed.isEmpty ? "" : try String(contentsOf: Self.known, encoding: .utf8).split(separator: "\n")
                .prefix { $0.hasPrefix("#") }.joined(separator: "\n") + "\n"
            try (header + found.joined(separator: "\n") + "\n").write(to: Self.known, atomically: true, encoding: .utf8)
            return
        }
        let new = found.filter { !listed.contains($0) }
        let gone = listed.filter { !found.contains($0) }
        XCTAssertEqual(new, [], "text that overlaps or is cut in a control that could grow (\(found.count) problems in all)")
        XCTAssertEqual(gone, [], "fixed: take these lines out of LayoutCheckKnown.txt")
    }

    /// The check sees a header button whose width is fixed again: the rearrange scene's layout
    /// buttons 60 points wide cut "Horizontal" at text scale 1.
    func testAFixedWidthHeaderButtonIsCaught() throws {
        let size = Size(1280, 800)
        let canvas = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        defer { canvas.close() }
        var list = DrawList()
        list.text("Horizontal", in: Rect(500, 8, 60, 30), size: 13, color: .white, alignment: .center)
        XCTAssertEqual(Self.problems(in: list.placedTexts(measuredBy: canvas.measurer), window: size), ["cut: “Horizontal”"])
    }
}
