import CollectionDemo
import CollectionKit
import CollectionKitSDL
import CollectionKitTesting
import XCTest

/// The shortcuts window where its words do not fit one line each, nor the list the window: German
/// (long descriptions) at text scale 1.5 in a small window. Rows wrap (no text is cut), the list
/// scrolls with the keyboard and the wheel, and every shortcut can be brought into view.
final class ShortcutsWindowGoldenTests: XCTestCase {
    private let size = Size(width: 640, height: 420)

    private func open(_ scene: String) throws -> (App, HeadlessDriver<App>, HeadlessCanvas) {
        let canvas = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        var c = SceneConfig()
        c.textMeasurer = TextMeasurerBox(canvas.measurer)
        let app = try App(scene: scene, size: size, config: c)
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 50\nkey F1\nwait 50")
        return (app, driver, canvas)
    }

    private func number(_ app: App, _ key: String) -> Double { app.dumpState()["shortcutsWindow"]?[key]?.doubleValue ?? -1 }

    /// The texts the window draws (those drawn after the dimmed app, from its title on), as the
    /// layout check reads them.
    private func windowTexts(_ app: App, _ canvas: HeadlessCanvas) -> [PlacedText] {
        let texts = app.draw().placedTexts(measuredBy: canvas.measurer)
        guard let title = texts.lastIndex(where: { $0.text == DemoWords.domain("Keyboard shortcuts") }) else { return [] }
        return Array(texts[title...])
    }

    func testLongWordsWrapAndTheListScrollsByKeyboard() throws {
        let previous = Appearance.textScale
        defer { Appearance.textScale = previous }
        Appearance.textScale = 1.5
        try LayoutCheckTests.speaking("de", "de_DE") {
            let (app, driver, canvas) = try open("boards")
            defer { canvas.close() }
            XCTAssertEqual(app.dumpState()["shortcutsWindow"]?["open"], .bool(true))
            let maxScroll = number(app, "maxScroll")
            XCTAssertGreaterThan(maxScroll, 0, "the list is taller than a 420-point window at text scale 1.5")
            XCTAssertEqual(number(app, "scrollOffset"), 0)
            // Nothing in the list is cut or drawn over other text: long lines wrap.
            XCTAssertEqual(windowTexts(app, canvas).filter(\.shortened).map(\.text), [])
            XCTAssertEqual(LayoutCheckTests.problems(in: windowTexts(app, canvas), window: size), [])
            let sections = app.dumpState()["shortcutsWindow"]?["sections"]?.arrayValue ?? []
            let last = try XCTUnwrap(sections.last?["shortcuts"]?.arrayValue?.last?["title"]?.stringValue)
            canvas.render(app.draw())
            try Golden.assertMatches(canvas.capture(), named: "shortcuts-de-small-1.5x")

            try driver.play(script: "key Down\nwait 20")
            XCTAssertEqual(number(app, "scrollOffset"), min(40, maxScroll), "Down scrolls a line")
            try driver.play(script: "key PageDown\nwait 20")
            XCTAssertGreaterThan(number(app, "scrollOffset"), min(40, maxScroll) - 0.5)
            try driver.play(script: "key End\nwait 20")
            XCTAssertEqual(number(app, "scrollOffset"), maxScroll, "End shows the list's end")
            XCTAssertTrue(windowTexts(app, canvas).contains { last.hasPrefix($0.text) || $0.text.hasPrefix(last.prefix(8)) },
                          "the last shortcut, \(last), is in view at the end")
            XCTAssertEqual(windowTexts(app, canvas).filter(\.shortened).map(\.text), [])
            try driver.play(script: "key Home\nwait 20")
            XCTAssertEqual(number(app, "scrollOffset"), 0, "Home goes back to the top")
            try driver.play(script: "move 320 300 10\nwheel 0 -3\nwait 20")
            XCTAssertEqual(number(app, "scrollOffset"), min(120, maxScroll), "the wheel scrolls it too")
            try driver.play(script: "key Escape\nwait 20")
            XCTAssertEqual(app.dumpState()["shortcutsWindow"]?["open"], .bool(false))
        }
    }
}
