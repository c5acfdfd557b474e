import CollectionKit
@testable import CollectionKitSDL
import CollectionKitTesting
import NotesList
import XCTest

/// A note is wrapped once: the lines its height was measured with are the lines drawn.
final class NotesWrapTests: XCTestCase {
    /// Scrolling the notes with the wheel: each note that comes near the view is measured (its body
    /// wrapped to the list's width) and drawn in a rect as tall as those lines; the renderer draws
    /// with the measurer the cells were sized with and takes the measured lines rather than
    /// wrapping the body again with the rect's line limit. The wraps are counted against the notes
    /// measured (titles are single lines, never wrapped).
    func testEachNoteIsWrappedOnceWhetherMeasuredOrDrawn() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 900, height: 700), fonts: try FontLocator.uiFonts())
        defer { canvas.close() }
        let notes = Notes(measurer: canvas.measurer)
        notes.handle(.resize(canvas.size), now: 0)
        let driver = HeadlessDriver(root: notes, fps: 60)
        driver.render = { canvas.render($0) }
        driver.frame()
        var script = "move 450 350\n"
        for _ in 0..<40 { script += "wheel 0 -1\nwait 16\n" }
        script += "wait 300\n"
        try driver.play(script: script)
        let measured = (notes.list.layout as! SelfSizingListLayout).measuredCount
        XCTAssertGreaterThan(measured, 20, "the wheel brought notes into view")
        // The wraps of the measurer the cells were sized with and of the one the renderer drew with.
        let measurers = canvas.measurer === canvas.drawer.measurer ? [canvas.measurer] : [canvas.measurer, canvas.drawer.measurer]
        XCTAssertEqual(measurers.map(\.wraps).reduce(0, +), measured, "\(measured) notes measured")
    }

    /// The lines taken from the whole text's wrap are the lines a wrap with the rect's line limit
    /// gives, for notes of every length at several widths and limits at and above their lines.
    func testTheMeasuredLinesAreTheLinesALimitedWrapGives() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 300, height: 200), fonts: try FontLocator.uiFonts())
        defer { canvas.close() }
        // Asked only with limits, never for the whole text: it wraps each time.
        let fresh = try HeadlessCanvas(size: Size(width: 10, height: 10), fonts: try FontLocator.uiFonts())
        defer { fresh.close() }
        let style = ParagraphStyle(text: TextStyle(size: 13))
        var compared = 0
        for n in stride(from: 0, to: 3_000, by: 37) {
            let body = Note.generated(n).body
            for width in [180.0, 333, 517.5, 876] {
                let whole = canvas.measurer.lines(of: body, style: style, width: width)
                for extra in [0, 1, 4] {
                    var limited = style
                    limited.maximumLines = whole.lines.count + extra
                    limited.alignment = .natural
                    XCTAssertEqual(canvas.measurer.lines(of: body, style: limited, width: width),
                                   fresh.measurer.lines(of: body, style: limited, width: width), "note \(n) at \(width)")
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared, 82 * 4 * 3)
        XCTAssertEqual(fresh.measurer.wraps, compared)
    }
}
