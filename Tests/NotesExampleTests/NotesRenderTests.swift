import CollectionKit
import CollectionKitSDL
import CollectionKitTesting
import Foundation
import NotesList
import XCTest

/// The backend docs' "Rendering without a display", run as written: a root drawn into a headless
/// canvas and written as a PNG, and a script's `screenshot` line writing what the root shows then.
final class NotesRenderTests: XCTestCase {
    func testARootRendersToAPNGAndAScriptTakesScreenshots() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("notes-render-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        let canvas = try HeadlessCanvas(size: Size(width: 900, height: 700), fonts: try FontLocator.uiFonts())
        defer { canvas.close() }
        let notes = Notes(measurer: canvas.measurer)
        notes.handle(.resize(canvas.size), now: 0)
        notes.update(now: 0)
        canvas.render(notes.draw())
        let start = dir.appendingPathComponent("notes.png").path
        try canvas.writePNG(to: start)
        let top = canvas.capture()

        let driver = HeadlessDriver(root: notes, fps: 60)
        driver.render = { canvas.render($0) }
        driver.screenshot = { try canvas.writePNG(to: $0) }
        let end = dir.appendingPathComponent("end.png").path
        try driver.play(script: "key End\nwait 500\nscreenshot \(end)")

        for path in [start, end] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(path) is a PNG")
        }
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: start)), try Data(contentsOf: URL(fileURLWithPath: end)),
                          "the screenshot after End shows other notes than the first picture")
        XCTAssertGreaterThan(Set(top.pixels).count, 8, "the first picture has more than a background")
    }
}
