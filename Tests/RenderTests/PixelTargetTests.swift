import CollectionDemo
import CollectionKit
import CollectionKitTesting
import Foundation
@testable import CollectionKitSDL
import XCTest

/// The software target's own drawing (rect fills and texture copies straight into the surface's
/// pixels) against SDL drawing the same frames, scene by scene, while things move.
final class PixelTargetTests: XCTestCase {
    /// Plays `script` in `scene`, rendering every frame into two canvases, one drawing through SDL
    /// alone; compares them every `every` frames. Returns how many frames were compared.
    @discardableResult
    private func compare(scene: String, config: SceneConfig = SceneConfig(), script: String, every: Int = 7,
                         file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let size = Size(width: 1280, height: 800)
        let app = try App(scene: scene, size: size, config: config)
        let direct = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        let viaSDL = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        viaSDL.drawer.softwareSurface = nil
        XCTAssertNotNil(direct.drawer.softwareSurface, "a headless canvas draws into its surface itself", file: file, line: line)
        let driver = HeadlessDriver(root: app, fps: 60)
        var frame = 0, compared = 0
        // Under the sanitizer (scripts/test.sh sets CK_SANITIZED) every frame is still drawn both
        // ways, which is what it checks; the plain pass compares the pixels of four times as many.
        let thinned = ProcessInfo.processInfo.environment["CK_SANITIZED"] != nil
        let every = thinned ? every * 4 : every
        driver.render = { list in
            direct.render(list)
            viaSDL.render(list)
            frame += 1
            guard frame % every == 1 else { return }
            compared += 1
            // SDL's blitters truncate three times (alpha times modulation, colour times alpha, the
            // destination's share), landing up to 4 below the rounded blend the pixel target works
            // out, a little more where two such blends stack. No pixel may differ by more than the
            // golden images allow, and hardly any by more than 4.
            let a = direct.capture(), b = viaSDL.capture()
            let beyondGolden = a.differingFraction(from: b, channelTolerance: 8)
            let beyondRounding = a.differingFraction(from: b, channelTolerance: 4)
            XCTAssertEqual(beyondGolden, 0, "\(scene), frame \(frame): \(beyondGolden * 100)% of pixels differ by more than 8 per channel",
                           file: file, line: line)
            XCTAssertLessThanOrEqual(beyondRounding, Golden.allowedFraction,
                                     "\(scene), frame \(frame): \(beyondRounding * 100)% of pixels differ by more than 4 per channel",
                                     file: file, line: line)
        }
        try driver.play(ScriptTimeline(InputScript.parse(script), fps: 60))
        XCTAssertGreaterThan(compared, thinned ? 1 : 2, file: file, line: line)
        return compared
    }

    func testCarouselPagingDrawsWhatSDLDraws() throws {
        // Cards scale, fade and cast shadows while they move; one is hovered at the end.
        try compare(scene: "carousel", script: """
            wait 100
            down 900 400
            move 500 400 80
            up 500 400
            wait 400
            down 400 400
            move 800 400 80
            up 800 400
            wait 400
            move 640 400 30
            wait 100
            """, every: 5)
    }

    func testGridScrollDrawsWhatSDLDraws() throws {
        try compare(scene: "grid", config: SceneConfig(items: 10_000), script: """
            down 200 200
            up 200 200
            down 640 700
            move 640 150 80
            up 640 150
            wait 300
            move 300 300 20
            wait 100
            """)
    }

    func testOtherScenesDrawWhatSDLDraws() throws {
        // Under the sanitizer two of them: its question is whether the pixel target writes only
        // its own memory, which the boards (cards, shadows, a lifted stack) and the calendar (text
        // on every cell) ask of every drawing path; the mosaic is drawn through it at 2x and the
        // grid's tiles (which the rearrange scene shows too) by the goldens there. The plain pass
        // compares all four.
        let sanitized = ProcessInfo.processInfo.environment["CK_SANITIZED"] != nil
        for scene in sanitized ? ["boards", "calendar"] : ["boards", "calendar", "mosaic", "rearrange"] {
            try compare(scene: scene, script: """
                move 400 300 20
                down 400 300
                wait 600
                move 600 420 40
                up 600 420
                wait 300
                down 640 600
                move 640 200 40
                up 640 200
                wait 200
                """, every: 9)
        }
    }

    func testBlendMatchesRoundedDivision() {
        // Every alpha over a spread of channel values: (s * a + d * (255 - a)) / 255, rounded.
        for a in 0...255 as ClosedRange<UInt32> {
            for (s, d) in [(0, 255), (255, 0), (17, 200), (128, 127), (254, 1)] as [(UInt32, UInt32)] {
                let src = s << 16 | s << 8 | s, dst = d << 16 | (255 - d) << 8 | d
                let out = PixelTarget.blend(dst, src, a)
                let want = (s * a + d * (255 - a) + 127) / 255
                let wantG = (s * a + (255 - d) * (255 - a) + 127) / 255
                XCTAssertEqual(out >> 16 & 0xFF, want, "red, a \(a)")
                XCTAssertEqual(out & 0xFF, want, "blue, a \(a)")
                XCTAssertEqual(out >> 8 & 0xFF, wantG, "green, a \(a)")
                XCTAssertEqual(out >> 24, 0xFF)
            }
        }
    }

    /// The branch-free path for shadows gives exactly the pixels of `over`, pixel by pixel: every
    /// source alpha, modulations from 0 to 255, rows of any length (the tail too), and a clear
    /// source leaves the destination untouched, its alpha included.
    func testBranchFreeDarkeningMatchesOver() {
        var rng = SystemRandomNumberGenerator()
        for m in [0, 1, 77, 153, 254, 255] as [UInt32] {
            for count in [0, 1, 7, 8, 9, 31, 256, 300] {
                let src = (0..<count).map { i in UInt32(i % 3 == 0 ? 0 : i % 5 == 0 ? 255 : Int.random(in: 0...255, using: &rng)) << 24 }
                let dst = (0..<count).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) }
                var fast = dst, slow = dst
                src.withUnsafeBufferPointer { s in
                    fast.withUnsafeMutableBufferPointer { PixelTarget.darken($0.baseAddress!, by: s.baseAddress!, count: count, modulation: m) }
                    slow.withUnsafeMutableBufferPointer { d in
                        for i in 0..<count {
                            let a = m == 255 ? s[i] >> 24 : PixelTarget.div255((s[i] >> 24) * m)
                            PixelTarget.over(d.baseAddress! + i, 0, a)
                        }
                    }
                }
                XCTAssertEqual(fast, slow, "modulation \(m), \(count) pixels")
            }
        }
    }

    /// A shift that leaves some pixels where they are (the middle of a flat card that moved)
    /// moves every other pixel of its region as a plain shift does, whatever the direction, with
    /// kept boxes that overlap, touch the region's edges or lie in the rows it reads from.
    func testAShiftThatKeepsPixelsMovesAllTheOthers() {
        let w = 48, h = 40
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for trial in 0..<200 {
            let start = (0..<(w * h)).map { UInt32($0) | 0xFF00_0000 }
            var got = start
            // A third of the shifts are along rows only: then a row is read and written in one
            // copy after another, and only the order of its spans keeps what a span reads intact.
            let dx = next(21) - 10, dy = trial % 3 == 0 ? 0 : next(21) - 10
            guard dx != 0 || dy != 0 else { continue }
            let region = PixelBox(x0: next(10), y0: next(10), x1: 30 + next(18), y1: 26 + next(14))
            var keep: [PixelBox] = []
            for _ in 0..<(1 + next(5)) {
                let x0 = next(w), y0 = next(h)
                keep.append(PixelBox(x0: x0, y0: y0, x1: min(w, x0 + 1 + next(20)), y1: min(h, y0 + 1 + next(16))))
            }
            got.withUnsafeMutableBufferPointer { buffer in
                PixelTarget(pixels: buffer.baseAddress!, stride: w, width: w, height: h).shift(region, dx: dx, dy: dy, keeping: keep)
            }
            let moved = region.intersection(region.offsetBy(dx, dy))
            for y in 0..<h {
                for x in 0..<w {
                    let inMoved = x >= moved.x0 && x < moved.x1 && y >= moved.y0 && y < moved.y1
                    let kept = keep.contains { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }
                    let want = inMoved && !kept ? start[(y - dy) * w + x - dx] : start[y * w + x]
                    if got[y * w + x] != want {
                        XCTFail("trial \(trial) (dx \(dx), dy \(dy), region \(region), keep \(keep)): pixel \(x),\(y) is \(got[y * w + x] & 0xFFFFFF), want \(want & 0xFFFFFF)")
                        return
                    }
                }
            }
        }
    }
}
