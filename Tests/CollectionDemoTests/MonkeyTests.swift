import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// Random input, as a restless user would give it, against every scene: nothing may crash, every
/// frame's draw list must balance its pushes and pops, and no item may be lost or duplicated.
final class MonkeyTests: XCTestCase {
    /// A small deterministic generator, so a failure can be replayed from its seed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private func randomScript(_ rng: inout SplitMix, size: Size) -> String {
        var lines: [String] = []
        var down = false
        func point() -> String { "\(Int.random(in: -20...Int(size.width) + 20, using: &rng)) \(Int.random(in: 0...Int(size.height) + 20, using: &rng))" }
        for _ in 0..<120 {
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<15: lines.append("wait \(Int.random(in: 0...500, using: &rng))")
            case 15..<30:
                lines.append("down \(point())\(Bool.random(using: &rng) ? "" : " right")\(Bool.random(using: &rng) ? "" : " shift")")
                down = true
                // Half the presses are held long enough to lift what is under them.
                if Bool.random(using: &rng) { lines.append("wait \(Int.random(in: 320...600, using: &rng))") }
            case 30..<55: lines.append("move \(point()) \(Int.random(in: 0...400, using: &rng))")
            case 55..<68:
                lines.append("up \(point())")
                down = false
            case 68..<76: lines.append("wheel \(Double.random(in: -2...2, using: &rng)) \(Double.random(in: -3...3, using: &rng))")
            case 76..<90:
                let keys = ["Escape", "Left", "Right", "Up", "Down", "Home", "End", "PageUp", "PageDown", "Space", "a", "l",
                            "ctrl+z", "ctrl+shift+z", "Return"]
                lines.append("key \(keys.randomElement(using: &rng)!)")
            case 90..<94: lines.append("focus \(Bool.random(using: &rng) ? "lost" : "gained")")
            case 94: lines.append("key \(Int.random(in: 1...4, using: &rng))")   // now and then, another scene
            case 95..<97: lines.append("resize \(Int.random(in: 300...1400, using: &rng)) \(Int.random(in: 200...900, using: &rng))")
            default: lines.append("text x")
            }
        }
        if down { lines.append("up 10 10") }
        lines.append("key Escape")
        lines.append("wait 2000")
        return lines.joined(separator: "\n")
    }

    func testRandomInputBreaksNothing() throws {
        let size = Size(1000, 700)
        for scene in ["grid", "carousel", "rearrange", "calendar"] {
            var dragsSeen = 0
            for seed in 1...20 {
                var rng = SplitMix(state: UInt64(seed) &* 7919 &+ UInt64(scene.count))
                var config = SceneConfig(items: [0, 1, 60, 500][seed % 4])
                config.rearrangeLayout = ["grid", "horizontal", "waterfall"][seed % 3]
                config.options = ["today": ["2026-11-21"], "month": ["2026-11"], "timezone": ["UTC"]]
                let app = try App(scene: scene, size: size, config: config)
                let before = app.dumpState()["collections"]?[0]?["items"]?.arrayValue?.compactMap(\.stringValue).sorted()
                let driver = HeadlessDriver(root: app, fps: [30.0, 60, 144][seed % 3])
                var unbalanced = 0
                var dragged = false
                driver.render = {
                    if !$0.isBalanced { unbalanced += 1 }
                    dragged = dragged || app.currentScene.isDragging
                }
                let script = randomScript(&rng, size: size)
                try driver.play(ScriptTimeline(InputScript.parse(script), fps: driver.fps))
                let context = "\(scene), seed \(seed)"
                if dragged { dragsSeen += 1 }
                XCTAssertEqual(unbalanced, 0, "unbalanced draw lists: \(context)")
                XCTAssertFalse(app.currentScene.isDragging, "a drag outlived its release and Escape: \(context)")
                // Whatever scene the keys ended on, the starting scene's items are all still there, once each.
                if app.currentName == scene, let before {
                    let after = app.dumpState()["collections"]?[0]?["items"]?.arrayValue?.compactMap(\.stringValue).sorted()
                    XCTAssertEqual(after, before, "items lost or duplicated: \(context)")
                }
            }
            if scene == "rearrange" { XCTAssertGreaterThanOrEqual(dragsSeen, 3, "the random presses must lift tiles for this to test drags") }
        }
    }
}
