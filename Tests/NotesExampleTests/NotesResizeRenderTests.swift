import CollectionKit
import CollectionKitSDL
import CollectionKitTesting
import NotesList
import XCTest

/// The notes example measured by the real text measurer (SDL_ttf, with fallback faces for the
/// Devanagari, Japanese and emoji words), headless: a window narrowed and widened again deep in
/// the list keeps the note being read in place, its notes as tall as a fresh measurer makes them,
/// and shows the same picture.
final class NotesResizeRenderTests: XCTestCase {
    func testNarrowingAndWideningDeepInTheListShowsTheSamePicture() throws {
        let fonts = try FontLocator.uiFonts()
        let canvas = try HeadlessCanvas(size: Size(width: 900, height: 700), fonts: fonts)
        defer { canvas.close() }
        let notes = Notes(measurer: canvas.measurer)
        let driver = HeadlessDriver(root: notes, fps: 60)
        // The canvas draws the frame shown when a picture is taken and the last one at each width
        // (what the window shows before it is resized), not every frame of the scrolling between:
        // those pictures are what the test compares.
        var shown = DrawList()
        driver.render = { shown = $0 }
        func draw() { canvas.render(shown) }
        driver.send(.resize(Size(width: 900, height: 700)), at: 0)
        driver.advance(to: 0.1)
        for _ in 0..<30 {
            driver.send(.key(.pageDown, []), at: driver.now)
            driver.advance(to: driver.now + 0.6)
        }
        // Long enough for the scroll bar to fade, as the window test waits for it.
        driver.advance(to: driver.now + 4)
        let list = notes.list
        XCTAssertGreaterThan(list.bounds.minY, 5000, "deep in the list")
        draw()
        let read = try XCTUnwrap(reading(list)), picture = canvas.capture()
        XCTAssertTrue(notes.draw().commands.contains { "\($0)".contains("बगीचा") }, "Devanagari words are shown")
        let fresh = try TextMeasurer(fonts: fonts, headless: true)
        for narrow in [480.0, 320, 640] {
            for width in [narrow, 900] {
                draw()
                try canvas.resize(Size(width: width, height: 700))
                driver.send(.resize(Size(width: width, height: 700)), at: driver.now)
                driver.advance(to: driver.now + 4)
            }
            let after = try XCTUnwrap(list.layout.attributesForItem(at: ItemPath(item: read.item))).frame.minY - list.bounds.minY
            XCTAssertEqual(after, read.top, accuracy: 1, "note \(read.item) after \(narrow) and back")
            for a in list.layout.attributesForElements(in: list.bounds) {
                let measured = NoteHeight.height(a.indexPath.item, width: a.frame.width, measurer: fresh)
                XCTAssertEqual(a.frame.height, measured, "note \(a.indexPath.item) as a fresh measurer measures it")
            }
            draw()
            XCTAssertEqual(canvas.capture().pixels, picture.pixels, "the picture after \(narrow) and back")
        }
    }

    /// The note whose top is the first in view, and how far below the view's top it starts.
    func reading(_ list: CollectionView) -> (item: Int, top: Double)? {
        let b = list.bounds
        return list.layout.attributesForElements(in: b).filter { $0.frame.minY >= b.minY - 0.001 }
            .min { $0.indexPath.item < $1.indexPath.item }.map { ($0.indexPath.item, $0.frame.minY - b.minY) }
    }
}

/// A note's height as the example measures it (title line, wrapped body, padding).
enum NoteHeight {
    static func height(_ n: Int, width: Double, measurer: any TextMeasuring) -> Double {
        let body = measurer.lines(of: Note.generated(n).body, style: ParagraphStyle(text: TextStyle(size: 13)),
                                  width: max(1, width - 24))
        return (10 + 22 + body.height + 12).rounded(.up)
    }
}
