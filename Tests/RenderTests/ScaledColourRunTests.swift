import CollectionKit
@testable import CollectionKitSDL
import XCTest

/// A colour emoji is rendered from its face's large strike and averaged down to the text's size
/// once; lines that have it again take the kept run, with the same pixels.
final class ScaledColourRunTests: XCTestCase {
    private func render(_ lines: [String], on canvas: HeadlessCanvas) -> Image {
        var list = DrawList()
        list.fill(Rect(0, 0, 400, 200), Color(r: 38, g: 42, b: 51))
        for (i, line) in lines.enumerated() {
            list.text(line, in: Rect(x: 10, y: 10 + Double(i) * 30, width: 380, height: 24), size: 13,
                      color: Color(r: 200, g: 204, b: 212), alignment: .leading)
        }
        canvas.render(list)
        return canvas.capture()
    }

    func testAColourRunIsScaledOnceForEveryLineThatHasIt() throws {
        let lines = ["paper ☁️ river", "☁️ morning signal", "orchard ladder ☁️", "quiet ☁️ 窓辺の猫 ☁️"]
        let canvas = try HeadlessCanvas(size: Size(width: 400, height: 200), fonts: try Golden.fonts())
        defer { canvas.close() }
        let shot = render(lines, on: canvas)
        let made = canvas.drawer.text.scaledRunsMade
        guard made > 0 else { throw XCTSkip("no colour emoji face on this machine") }
        XCTAssertEqual(made, 1, "one emoji, scaled once for four lines")
        // The same pixels as each line drawn on a canvas of its own, where nothing was kept.
        var alone = [Image]()
        for (i, line) in lines.enumerated() {
            let c = try HeadlessCanvas(size: Size(width: 400, height: 200), fonts: try Golden.fonts())
            defer { c.close() }
            alone.append(render(Array(repeating: "", count: i) + [line], on: c))
        }
        for (i, image) in alone.enumerated() {
            let rows = (10 + i * 30)..<(34 + i * 30)
            for y in rows {
                XCTAssertEqual(Array(shot.pixels[(y * 400)..<(y * 400 + 400)]), Array(image.pixels[(y * 400)..<(y * 400 + 400)]),
                               "line \(i), row \(y)")
            }
        }
    }

    func testTheKeptRunsAreBounded() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 400, height: 200), fonts: try Golden.fonts())
        defer { canvas.close() }
        let emoji = ["☁️", "😀", "🎉", "👍", "🌲", "🍎", "🚲", "📚", "🎵", "🌙", "⭐", "🔥", "💧", "🌸", "🐱", "🐟", "🍞", "⚽"]
        var runs = 0
        for a in emoji {
            let lines = emoji.map { b in "word \(a)\(b) word" }
            for start in stride(from: 0, to: lines.count, by: 6) {
                _ = render(Array(lines[start..<min(lines.count, start + 6)]), on: canvas)
                XCTAssertLessThanOrEqual(canvas.drawer.text.scaledRunsKept, TextCache.scaledRunBound)
            }
            runs += lines.count
        }
        guard canvas.drawer.text.scaledRunsMade > 0 else { throw XCTSkip("no colour emoji face on this machine") }
        XCTAssertEqual(runs, 324)
        XCTAssertGreaterThan(canvas.drawer.text.scaledRunsMade, TextCache.scaledRunBound, "more runs were made than are kept")
    }
}
