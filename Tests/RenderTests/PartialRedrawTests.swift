import CollectionDemo
import CollectionKit
import CollectionKitTesting
@testable import CollectionKitSDL
import XCTest

/// Drawing only what changed: a canvas that keeps its last frame, moves a scrolled view's
/// pixels and draws only the boxes that changed must show, frame after frame, the very pixels of
/// a canvas that draws every frame whole. Each scene is driven through scrolling, flings, drags,
/// hovering, selection, keys and a resize.
final class PartialRedrawTests: XCTestCase {
    /// Plays `script` in `scene`, rendering each frame into both canvases and comparing them.
    /// Returns how many frames were drawn in part, and how many of those moved pixels.
    @discardableResult
    func assertSamePixels(scene: String, script: String, size: Size = Size(width: 1280, height: 800),
                          scale: Double = 1, config: SceneConfig = SceneConfig(),
                          file: StaticString = #filePath, line: UInt = #line) throws -> (partial: Int, shifted: Int, frames: Int) {
        let partial = try HeadlessCanvas(size: size, fonts: try Golden.fonts(), scale: scale)
        let whole = try HeadlessCanvas(size: size, fonts: try Golden.fonts(), scale: scale)
        whole.drawer.redrawsWholeFrame = true
        var config = config
        config.textMeasurer = TextMeasurerBox(partial.measurer)
        let app = try App(scene: scene, size: size, config: config)
        let driver = HeadlessDriver(root: app, fps: 60)
        var frames = 0, drawnInPart = 0, shifted = 0, failures = 0
        driver.render = { list in
            try? partial.resize(app.size)
            try? whole.resize(app.size)
            frames += 1
            partial.render(list)
            whole.render(list)
            let full = Int((app.size.width * scale).rounded() * (app.size.height * scale).rounded())
            if partial.drawer.lastRedraw.pixels < full { drawnInPart += 1 }
            if partial.drawer.lastRedraw.shifted { shifted += 1 }
            if let at = partial.firstDifference(from: whole), failures < 3 {
                failures += 1
                XCTFail("\(scene) frame \(frames): drawn in part differs from drawn whole at \(at.x),\(at.y)", file: file, line: line)
                if failures == 1 {
                    let dir = Golden.failures
                    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                    try? partial.capture().writePNG(to: dir.appendingPathComponent("partial-\(scene).png").path)
                    try? whole.capture().writePNG(to: dir.appendingPathComponent("whole-\(scene).png").path)
                }
            }
        }
        try driver.play(ScriptTimeline(InputScript.parse(script), fps: 60))
        XCTAssertGreaterThan(frames, 20, "the script ran", file: file, line: line)
        print("\(scene): \(frames) frames, \(drawnInPart) drawn in part, \(shifted) of them moving pixels")
        return (drawnInPart, shifted, frames)
    }

    /// Moving a region's pixels: each pixel whose source lies in the region takes the source's
    /// colour, every other pixel keeps its own, for moves in each direction, one larger than the
    /// region, and regions that reach past the target.
    func testShiftMovesOnlyWithinTheRegion() {
        let w = 23, h = 17
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
        defer { pixels.deallocate() }
        let target = PixelTarget(pixels: pixels, stride: w, width: w, height: h)
        func original(_ x: Int, _ y: Int) -> UInt32 { UInt32(y * 1000 + x) }
        let regions = [PixelBox(x0: 0, y0: 0, x1: w, y1: h), PixelBox(x0: 3, y0: 2, x1: 19, y1: 15),
                       PixelBox(x0: -4, y0: 5, x1: 30, y1: 40)]
        let moves = [(0, 5), (0, -5), (4, 0), (-4, 0), (3, -2), (-6, 7), (0, 30), (25, 0)]
        for region in regions {
            for (dx, dy) in moves {
                for y in 0..<h { for x in 0..<w { pixels[y * w + x] = original(x, y) } }
                target.shift(region, dx: dx, dy: dy)
                let r = region.intersection(PixelBox(x0: 0, y0: 0, x1: w, y1: h))
                for y in 0..<h {
                    for x in 0..<w {
                        let inside = x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1
                        let sx = x - dx, sy = y - dy
                        let sourced = inside && sx >= r.x0 && sx < r.x1 && sy >= r.y0 && sy < r.y1
                        let expected = sourced ? original(sx, sy) : original(x, y)
                        XCTAssertEqual(pixels[y * w + x], expected, "region \(region) moved \(dx),\(dy): pixel \(x),\(y)")
                        if pixels[y * w + x] != expected { return }
                    }
                }
            }
        }
    }

    func testGridScrollingFlingsHoverSelectionAndResize() throws {
        let script = """
            wait 100
            move 300 300
            move 700 500 200
            down 640 700
            move 640 300 600
            move 640 100 100
            up 640 100
            wait 900
            wheel 0 -5
            wait 300
            wheel 0 3
            wait 400
            down 200 200
            up 200 200
            key down
            key right
            wait 100
            key pagedown
            wait 500
            resize 900 640
            wait 100
            down 400 500
            move 400 120 700
            up 400 120
            wait 300
            move 500 300 300
            wait 200
            """
        let r = try assertSamePixels(scene: "grid", script: script, config: SceneConfig(items: 100_000))
        XCTAssertGreaterThan(r.shifted, r.frames / 3, "pans and flings move the last frame's pixels")
    }

    func testGridAtFractionalPixelScale() throws {
        let script = """
            wait 100
            down 500 500
            move 500 150 500
            up 500 150
            wait 600
            wheel 0 -4
            wait 400
            """
        let r = try assertSamePixels(scene: "grid", script: script, size: Size(width: 800, height: 600), scale: 1.5,
                                     config: SceneConfig(items: 10_000))
        XCTAssertGreaterThan(r.shifted, 10)
    }

    func testCarouselPaging() throws {
        // The page turns of the drawing-ahead test, then the pointer over the cards.
        try assertSamePixels(scene: "carousel", script: DrawAheadTests.paging + "\nmove 640 400 200\nwait 200")
    }

    func testRearrangeDragWithAutoScroll() throws {
        let script = """
            down 220 120
            wait 400
            move 640 500 300
            move 640 790 200
            wait 1500
            move 640 60 300
            wait 800
            move 640 400 300
            wait 300
            up 640 400
            wait 600
            """
        let r = try assertSamePixels(scene: "rearrange", script: script)
        XCTAssertGreaterThan(r.partial, r.frames / 3, "a drag redraws the boxes it passes, not the frame")
    }

    func testCalendarPagingAndSelection() throws {
        let script = """
            wait 300
            key pagedown
            wait 400
            key pagedown
            wait 400
            down 800 450
            move 300 450 120
            up 300 450
            wait 600
            down 300 300
            up 300 300
            wait 200
            down 500 400 shift
            up 500 400
            wait 300
            move 700 500 200
            wait 200
            """
        try assertSamePixels(scene: "calendar", script: script)
    }

    func testBoardsDragAcrossWithAutoScroll() throws {
        let script = """
            wait 200
            down 547 107
            move 560 112 60
            move 300 400 400
            move 230 300 300
            wait 300
            move 232 600 300
            wait 1500
            move 230 90 400
            wait 800
            move 240 600 200
            wait 300
            up 240 400
            wait 800
            """
        try assertSamePixels(scene: "boards", script: script)
    }

    func testMosaicScrollDragAndMenu() throws {
        let script = """
            wheel 0 -6
            wait 500
            down 480 440
            wait 400
            move 800 440 400
            move 480 500 400
            move 800 780 500
            wait 300
            up 800 780
            wait 600
            down 480 300 right
            up 480 300 right
            wait 300
            key escape
            wait 300
            resize 700 900
            wait 200
            wheel 0 -3
            wait 400
            """
        try assertSamePixels(scene: "mosaic", script: script)
    }
}
