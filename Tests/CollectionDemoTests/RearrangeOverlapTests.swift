import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// While a dragged tile is carried by auto-scroll, the tiles making way glide to their new slots in
/// content coordinates and wrap around the ends of rows: no two tiles are ever drawn on top of
/// each other, at any frame rate.
final class RearrangeOverlapTests: XCTestCase {
    /// Pairs of visible tiles whose drawn frames overlap by more than a point each way, per frame.
    private func overlapsDuringCarry(fps: Double, layout: String) throws -> (frames: Int, overlapping: Int, worst: String) {
        var config = SceneConfig(items: 2000)
        config.rearrangeLayout = layout
        let app = try App(scene: "rearrange", size: Size(1280, 800), config: config)
        let driver = HeadlessDriver(root: app, fps: fps)
        let scene = app.currentScene as! RearrangeScene
        let cv = scene.collection
        var frames = 0, overlapping = 0
        var worst = ""
        driver.render = { _ in
            frames += 1
            let shown = cv.visibleAttributes.filter { $0.kind == .cell && !cv.hiddenIdentifiers.contains(cv.identifier(at: $0.indexPath)!) }
            // A tile beginning to appear (scaled from nothing at its slot's centre) is a speck
            // under 2 points on a side for a frame: not something that overlaps visibly.
            let rects = shown.compactMap { a in cv.presentedFrameForItem(at: a.indexPath).map { (a.indexPath.item, $0) } }
                .filter { $0.1.width >= 2 && $0.1.height >= 2 }
            var found = false
            for i in rects.indices {
                for j in rects.indices where j > i {
                    let a = rects[i].1, b = rects[j].1
                    let w = min(a.maxX, b.maxX) - max(a.minX, b.minX), h = min(a.maxY, b.maxY) - max(a.minY, b.minY)
                    if w > 1, h > 1 { found = true; if worst.isEmpty { worst = "items \(rects[i].0) \(a) and \(rects[j].0) \(b) at \(cv.now)" } }
                }
            }
            if found { overlapping += 1 }
        }
        let edge = layout == "horizontal" ? "1290 300" : "640 805"
        try driver.play(ScriptTimeline(InputScript.parse("""
            down 80 120
            wait 400
            move 300 400 100
            move \(edge) 100
            wait 3000
            move 640 400 200
            wait 300
            up 640 400
            wait 600
            """), fps: fps))
        return (frames, overlapping, worst)
    }

    func testTilesNeverOverlapWhileAutoScrollCarriesADraggedTile() throws {
        for layout in ["grid", "horizontal"] {
            for fps in [30.0, 60, 144] {
                let r = try overlapsDuringCarry(fps: fps, layout: layout)
                XCTAssertGreaterThan(r.frames, Int(4 * fps))
                XCTAssertEqual(r.overlapping, 0, "\(layout) at \(fps) fps: \(r.overlapping) of \(r.frames) frames; first: \(r.worst)")
            }
        }
    }
}
