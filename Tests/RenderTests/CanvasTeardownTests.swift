import CollectionKit
import CollectionKitSDL
import Foundation
import XCTest

/// Canvases free what they made in a defined order, and a resize that cannot be made leaves the
/// canvas as it was. (The process-level checks, a loop of exits and valgrind, are in
/// `scripts/teardown-tests.sh`.)
final class CanvasTeardownTests: XCTestCase {
    /// A frame that makes every kind of renderer texture: a snapshot, corner discs, a shadow, text.
    private func busyFrame(width: Double = 200, height: Double = 150) -> DrawList {
        var list = DrawList()
        list.fill(Rect(0, 0, width, height), Color(r: 20, g: 20, b: 20))
        list.recordTexture(key: "snap", size: Size(60, 40)) { list in
            list.fill(Rect(0, 0, 60, 40), Color(r: 0, g: 0, b: 255), radius: 8)
            list.text("Snap", in: Rect(0, 0, 60, 40), size: 14, color: .white, alignment: .center)
        }
        list.append(.shadow(Rect(20, 20, 60, 40), Color(r: 0, g: 0, b: 0).withAlpha(0.5), cornerRadius: 8, blur: 12))
        list.append(.texture(key: "snap", rect: Rect(20, 20, 60, 40)))
        list.fill(Rect(100, 20, 60, 60), Color(r: 255, g: 0, b: 0), radius: 12)
        list.text("Hello", in: Rect(0, 100, width, 40), size: 16, color: .white, alignment: .center)
        return list
    }

    private func blue(_ img: Image, _ x: Int, _ y: Int) -> UInt32 { img.pixels[y * img.width + x] & 0xFF }

    func testClosedCanvasDrawsNothingAndClosesOnce() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 150), fonts: try Golden.fonts())
        canvas.render(busyFrame())
        XCTAssertEqual(blue(canvas.capture(), 50, 40), 255, "the snapshot is drawn")
        canvas.close()
        XCTAssertTrue(canvas.drawer.isClosed, "closing the canvas closes its renderer")
        canvas.render(busyFrame())
        XCTAssertEqual(canvas.capture().pixels.count, 0)
        canvas.close()
    }

    func testResizeKeepsDrawingAndAFailedResizeChangesNothing() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 150), fonts: try Golden.fonts())
        canvas.render(busyFrame())
        let before = canvas.capture()
        let firstDrawer = canvas.drawer
        try canvas.resize(Size(width: 300, height: 200))
        XCTAssertTrue(firstDrawer.isClosed, "the old renderer goes once the new one exists")
        canvas.render(busyFrame(width: 300, height: 200))
        let grown = canvas.capture()
        XCTAssertEqual(grown.width, 300)
        XCTAssertEqual(blue(grown, 50, 40), 255, "textures are made again for the new renderer")

        XCTAssertThrowsError(try canvas.resize(Size(width: 100_000, height: 100_000))) { error in
            XCTAssertTrue("\(error)".contains("100000x100000"), "the error names the size: \(error)")
        }
        XCTAssertThrowsError(try canvas.resize(Size(width: 100_000, height: 100_000)), "asked again, it fails again")
        XCTAssertFalse(canvas.drawer.isClosed, "a failed resize keeps the renderer")
        XCTAssertEqual(canvas.size, Size(width: 300, height: 200))
        canvas.render(busyFrame(width: 300, height: 200))
        XCTAssertEqual(canvas.capture(), grown, "and it draws as before")

        try canvas.resize(Size(width: 200, height: 150))
        canvas.render(busyFrame())
        XCTAssertEqual(canvas.capture(), before, "back at the first size, the same pixels")
    }

    func testShutdownWaitsForTheLastCanvas() throws {
        let a = try HeadlessCanvas(size: Size(width: 50, height: 50), fonts: try Golden.fonts())
        let b = try HeadlessCanvas(size: Size(width: 50, height: 50), fonts: try Golden.fonts())
        a.render(busyFrame(width: 50, height: 50))
        b.render(busyFrame(width: 50, height: 50))
        SDLSystem.shutdown()
        XCTAssertTrue(SDLSystem.isRunning, "SDL stays up while canvases are open")
        a.close()
        XCTAssertTrue(SDLSystem.isRunning)
        b.render(busyFrame(width: 50, height: 50))
        b.close()
        XCTAssertFalse(SDLSystem.isRunning, "the last canvas to close lets SDL quit")
        // A canvas made afterwards starts SDL again.
        let c = try HeadlessCanvas(size: Size(width: 50, height: 50), fonts: try Golden.fonts())
        c.render(busyFrame(width: 50, height: 50))
        XCTAssertEqual(blue(c.capture(), 30, 30), 255)
    }

    /// The canvas writes its frame without capturing it first (a 16384-point frame held four
    /// gigabytes while it was written): the file holds the captured pixels exactly.
    func testThePNGWrittenFromTheCanvasIsTheCapturedFrame() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 150), fonts: try Golden.fonts())
        canvas.render(busyFrame())
        let path = NSTemporaryDirectory() + "canvas-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try canvas.writePNG(to: path)
        let written = try Image.readPNG(path)
        XCTAssertEqual(written.width, 200)
        XCTAssertEqual(written.height, 150)
        XCTAssertTrue(written == canvas.capture(), "the same pixels, opaque")
        canvas.close()
        XCTAssertThrowsError(try canvas.writePNG(to: path))
    }
}
