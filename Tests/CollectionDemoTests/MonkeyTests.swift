import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// Random input, as a restless user would give it, against every scene in the catalogue (scenes
/// added later join by themselves), hostile numbers included: nothing may crash, every frame's
/// draw list must balance its pushes and pops, no item may be lost or duplicated, and at rest the
/// content lies inside its bounds with nothing left hidden. Numbers past the script limits are
/// refused with their line number before anything runs; the program run as a process exits 0.
final class MonkeyTests: XCTestCase {
    static let size = Size(1000, 700)
    static var scenes: [String] { SceneCatalog.names }

    /// Random scripts per scene: a fixed set small enough for every run of the suite (seeds 1-4
    /// between them play every item count, rearrange layout, carousel alignment and frame rate the
    /// scripts choose from); `MONKEY_SEEDS=N` plays seeds 1...N instead, for a long hunt
    /// (`Benchmarks/monkey.sh`). The frame-rate comparison plays half as many, each three times,
    /// one of the three being the breaks-nothing check's own play (see `outcomes`).
    static let seeds: Int = {
        let asked = ProcessInfo.processInfo.environment["MONKEY_SEEDS"].flatMap { Int($0) }
        return max(4, asked ?? 4)
    }()

    /// Lines past the script limits (each trapped or hung the program once): the parser must
    /// refuse every one, naming its line.
    static let refusedLines = [
        "move -2.6e99 -5.5e99", "move 1500 4.2e8", "move 1 1 1e308", "move 1 1 1e10", "wait 1e308", "wait 1e10",
        "resize 3000000000 100", "resize 1e308 1e308", "resize 100000 100000", "resize 30000 30000", "resize 100 100",
        "wheel 0 1e308", "wheel 0 1e9", "wait 1\u{0}00", "down 1\u{0} 2", "key Bogus", "key ctrl+Escpe", "up nan 1",
    ]

    private func randomScript(_ rng: inout SeededGenerator, size: Size) -> [String] {
        var lines: [String] = []
        var down = false
        func point() -> String {
            // Now and then a pointer far outside the window, at the very limit a script allows.
            if Int.random(in: 0..<40, using: &rng) == 0 {
                return ["-100000 -100000", "100000 100000", "-100000 350", "500 100000"].randomElement(using: &rng)!
            }
            return "\(Int.random(in: -20...Int(size.width) + 20, using: &rng)) \(Int.random(in: 0...Int(size.height) + 20, using: &rng))"
        }
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
            case 68..<75: lines.append("wheel \(Double.random(in: -2...2, using: &rng)) \(Double.random(in: -3...3, using: &rng))")
            case 75: lines.append(["wheel 0 10000", "wheel 0 -10000", "wheel -10000 0", "wheel 0.001 -9999.5"].randomElement(using: &rng)!)
            case 76..<90:
                let keys = ["Escape", "Left", "Right", "Up", "Down", "Home", "End", "PageUp", "PageDown", "Space", "a", "l",
                            "ctrl+z", "ctrl+shift+z", "Return"]
                lines.append("key \(keys.randomElement(using: &rng)!)")
            case 90..<94: lines.append("focus \(Bool.random(using: &rng) ? "lost" : "gained")")
            case 94: lines.append("key \(Int.random(in: 1...min(9, SceneCatalog.all.count), using: &rng))")   // now and then, another scene
            case 95..<97: lines.append("resize \(Int.random(in: 300...1400, using: &rng)) \(Int.random(in: 200...900, using: &rng))")
            case 97:
                // The window's limits, and back.
                lines.append(["resize 200 200", "resize 16384 200", "resize 200 16384"].randomElement(using: &rng)!)
                lines.append("wait \(Int.random(in: 0...100, using: &rng))")
                lines.append("resize \(Int(size.width)) \(Int(size.height))")
            case 98: lines.append("wait \(Int.random(in: 2000...8000, using: &rng))")   // a long idle stretch
            default: lines.append("text x")
            }
        }
        if down { lines.append("up 10 10") }
        lines.append("key Escape")
        lines.append("resize \(Int(size.width)) \(Int(size.height))")
        // Long enough for any fling, spring or landing to finish: the end state is at rest.
        lines.append("wait 4500")
        return lines
    }

    private func config(seed: Int) -> SceneConfig {
        var config = SceneConfig(items: [0, 1, 60, 500][seed % 4])
        config.rearrangeLayout = ["grid", "horizontal", "waterfall"][seed % 3]
        config.carouselAlignment = seed % 2 == 0 ? "center" : "edges"
        config.options = ["today": ["2026-11-21"], "month": ["2026-11"], "timezone": ["UTC"]]
        return config
    }

    private func script(scene: String, seed: Int) -> [String] {
        var rng = SeededGenerator(seed: UInt64(seed) &* 7919 &+ UInt64(scene.count) &+ UInt64(scene.unicodeScalars.first?.value ?? 0) << 8)
        return randomScript(&rng, size: MonkeyTests.size)
    }

    /// The frame rate the breaks-nothing check plays a seed at. Seeds 1 and 2 (the ones the
    /// frame-rate comparison plays at every rate) at 144, the dearest, so the comparison finds
    /// those runs made; then 30, 60 and 144 in turn, every rate among seeds 1-4.
    static func fps(seed: Int) -> Double { seed <= 2 ? 144 : [30.0, 60, 144][seed % 3] }

    /// Where a played script ended, taken before any check touches the app: the scene shown, the
    /// first collection's item order, every collection's content offset, and whether a tile was
    /// lifted on the way.
    struct Outcome {
        var scene: String
        var order: [String]?
        var offsets: [Double]
        var lifted: Bool
    }

    /// Each (scene, seed, frame rate) is played once per run of the class: the breaks-nothing
    /// check, the frame-rate comparison and the lifted-tiles count ask of the same plays (the
    /// same script, configuration and rate give the same run: the driver's clock is virtual).
    /// XCTest runs the cases of a class one after another, on one thread.
    nonisolated(unsafe) private static var outcomes: [String: Outcome] = [:]

    private static func key(_ scene: String, _ seed: Int, _ fps: Double) -> String { "\(scene) \(seed) \(fps)" }

    /// The outcome of a play, made now (unchecked) unless an earlier test of the class made it.
    private func outcome(scene: String, seed: Int, fps: Double) throws -> Outcome {
        if let known = MonkeyTests.outcomes[MonkeyTests.key(scene, seed, fps)] { return known }
        _ = try play(scene: scene, seed: seed, fps: fps, check: false)
        return try XCTUnwrap(MonkeyTests.outcomes[MonkeyTests.key(scene, seed, fps)])
    }

    /// Plays one random script in process; returns the app at the end.
    private func play(scene: String, seed: Int, fps: Double, check: Bool) throws -> App {
        let app = try App(scene: scene, size: MonkeyTests.size, config: config(seed: seed))
        let before = items(app)
        startDumps[ObjectIdentifier(app)] = app.dumpState()
        let driver = HeadlessDriver(root: app, fps: fps)
        var unbalanced = 0
        var lifted = false
        driver.render = {
            if !$0.isBalanced { unbalanced += 1 }
            lifted = lifted || app.currentScene.isDragging
        }
        try driver.play(script: script(scene: scene, seed: seed).joined(separator: "\n"))
        MonkeyTests.outcomes[MonkeyTests.key(scene, seed, fps)] = Outcome(
            scene: app.currentName, order: app.dumpState()["collections"]?[0]?["items"]?.arrayValue?.compactMap(\.stringValue),
            offsets: SceneInspection.collections(of: app.currentScene).flatMap { [$0.contentOffset.x, $0.contentOffset.y] },
            lifted: lifted)
        guard check else { return app }
        let context = "\(scene), seed \(seed), \(fps) fps"
        XCTAssertEqual(unbalanced, 0, "unbalanced draw lists: \(context)")
        XCTAssertFalse(app.currentScene.isDragging, "a drag outlived its release and Escape: \(context)")
        // Whatever scene the keys ended on, the starting scene's items are all still there, once each.
        if app.currentName == scene, let before {
            if app.dumpState()["trashed"] != nil {
                // Cards move between boards and into the trash, and the palette adds copies with new
                // ids: every card is once in some board or the trash, and none of the first is gone.
                let all = boardItems(app)
                XCTAssertEqual(Set(all).count, all.count, "items duplicated: \(context)")
                XCTAssertTrue(Set(boardItems(app, first: before)).isSubset(of: Set(all)), "items lost: \(context)")
            } else if scene == "mosaic", let edits = app.dumpState()["undo"]?.doubleValue.map({ Int($0) }), edits > 0 {
                // A card's menu duplicates and deletes cards: the ids stay unique, and undoing
                // every edit gives back the starting cards exactly.
                let now = items(app) ?? []
                XCTAssertEqual(Set(now).count, now.count, "items duplicated: \(context)")
                var t = driver.now
                for _ in 0..<edits {
                    t += 0.05
                    driver.send(.key(Key("z"), .ctrl), at: t)
                }
                driver.advance(to: t + 2)
                XCTAssertEqual(items(app), before, "items after undoing \(edits) edits: \(context)")
            } else {
                XCTAssertEqual(items(app), before, "items lost or duplicated: \(context)")
            }
        }
        for cv in SceneInspection.collections(of: app.currentScene) {
            XCTAssertTrue(cv.physics.isIdle, "\(cv.name) still moving after the final wait: \(context)")
            XCTAssertTrue(cv.hiddenIdentifiers.isEmpty && cv.hiddenItems.isEmpty,
                          "\(cv.name) keeps items hidden at rest (\(cv.hiddenIdentifiers), \(cv.hiddenItems)): \(context)")
        }
        XCTAssertEqual(SceneInspection.offsetsOutOfBounds(in: app.currentScene), [], context)
        return app
    }

    /// Every id in every collection of the dump, and the trashed ones. With `first` (the first
    /// collection's ids at the start), the start's ids of every collection instead: the caller
    /// passes the dump it kept.
    private func boardItems(_ app: App, first: [String]? = nil) -> [String] {
        let dump = first == nil ? app.dumpState() : startDumps[ObjectIdentifier(app)] ?? app.dumpState()
        let collections = dump["collections"]?.arrayValue ?? []
        let ids = collections.flatMap { $0["items"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        return ids + (dump["trashed"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    /// The dump of each app as it started, for the board check.
    private var startDumps: [ObjectIdentifier: JSON] = [:]

    private func items(_ app: App) -> [String]? {
        app.dumpState()["collections"]?[0]?["items"]?.arrayValue?.compactMap(\.stringValue).sorted()
    }

    func testRandomInputBreaksNothing() throws {
        XCTAssertTrue(Set(["grid", "carousel", "rearrange", "calendar"]).isSubset(of: MonkeyTests.scenes))
        for scene in MonkeyTests.scenes {
            var dragsSeen = 0
            for seed in 1...MonkeyTests.seeds {
                _ = try play(scene: scene, seed: seed, fps: MonkeyTests.fps(seed: seed), check: true)
                if script(scene: scene, seed: seed).contains(where: { $0.hasPrefix("down") }) { dragsSeen += 1 }
            }
            XCTAssertGreaterThan(dragsSeen, MonkeyTests.seeds / 2, "the random scripts press in \(scene)")
        }
    }

    /// The rearrange scene's random presses must really lift tiles, or the test says nothing about drags.
    func testRandomPressesLiftTiles() throws {
        // Seeds until three have lifted a tile (at most 20): more lifts would say nothing more.
        // The plays the other tests of the class made at 60 fps count without being played again.
        var dragged = 0
        for seed in 1...20 where dragged < 3 {
            if try outcome(scene: "rearrange", seed: seed, fps: 60).lifted { dragged += 1 }
        }
        XCTAssertGreaterThanOrEqual(dragged, 3, "the random presses must lift tiles for this to test drags")
    }

    /// Each out-of-limit line, put anywhere in a random script, is refused with its own line number.
    func testHostileLinesAreRefusedWithTheirLineNumber() throws {
        var rng = SeededGenerator(seed: 42)
        for (i, hostile) in MonkeyTests.refusedLines.enumerated() {
            var lines = script(scene: MonkeyTests.scenes[i % MonkeyTests.scenes.count], seed: i)
            let at = Int.random(in: 0...lines.count, using: &rng)
            lines.insert(hostile, at: at)
            XCTAssertThrowsError(try InputScript.parse(lines.joined(separator: "\n")), hostile.debugDescription) { error in
                XCTAssertEqual((error as? ScriptError)?.line, at + 1, "\(hostile.debugDescription): \(error)")
            }
        }
    }

    /// The same input ends in the same state at 30, 60 and 144 frames a second: the order of the
    /// items, the scene shown and where the content rests.
    func testRandomInputEndsTheSameAtEveryFrameRate() throws {
        for scene in MonkeyTests.scenes {
            for seed in 1...MonkeyTests.seeds / 2 {
                // The breaks-nothing check's play of this seed (at 144 fps) is not played again.
                let ends = try [30.0, 60, 144].map { fps -> (String, [String]?, [Double]) in
                    let end = try outcome(scene: scene, seed: seed, fps: fps)
                    return (end.scene, end.order, end.offsets)
                }
                for (fps, end) in zip([60, 144], ends.dropFirst()) {
                    let context = "\(scene), seed \(seed): \(fps) fps against 30 fps"
                    XCTAssertEqual(end.0, ends[0].0, "scene shown: \(context)")
                    XCTAssertEqual(end.1, ends[0].1, "item order: \(context)")
                    XCTAssertEqual(end.2.count, ends[0].2.count, context)
                    for (a, b) in zip(end.2, ends[0].2) { XCTAssertEqual(a, b, accuracy: 1, "content offset: \(context)") }
                }
            }
        }
    }

    /// A wheel turned while a pan holds the content (found by the random scripts: the grid ended at
    /// y = 120.9 / 132.9 / 139.7 at 30 / 60 / 144 fps): the content ends within a point of the
    /// same place at every frame rate, with the wheel's lines kept.
    func testAWheelWhileAPanIsHeldEndsTheSameAtEveryFrameRate() throws {
        let scripts = [
            // Released at once after the wheel: the wheel's burst ended at the frame after the release.
            "down 500 500\nmove 500 400 100\nwheel 0 -2\nup 500 400\nwait 3000",
            // Trackpad-like deltas mid-pan, then a short flick.
            "down 500 500\nmove 500 400 100\nwheel 0 -2.5\nwheel 0 -1.5\nwheel 0 -1.5\nmove 500 380 30\nup 500 380\nwait 3000",
            // A wheel toward the start past the top while pulled down.
            "down 500 200\nmove 500 400 100\nwheel 0 3\nmove 500 450 50\nup 500 450\nwait 3000",
        ]
        for scene in ["grid", "rearrange", "boards", "mosaic"] {
            for script in scripts {
                let ends = try [30.0, 60, 144].map { fps -> [Double] in
                    let app = try App(scene: scene, size: MonkeyTests.size, config: SceneConfig(items: 500))
                    let driver = HeadlessDriver(root: app, fps: fps)
                    try driver.play(ScriptTimeline(InputScript.parse(script), fps: fps))
                    return SceneInspection.collections(of: app.currentScene).flatMap { [$0.contentOffset.x, $0.contentOffset.y] }
                }
                let context = "\(scene): \(script.replacingOccurrences(of: "\n", with: "; "))"
                for (fps, end) in zip([60, 144], ends.dropFirst()) {
                    XCTAssertEqual(end.count, ends[0].count, context)
                    for (a, b) in zip(end, ends[0]) { XCTAssertEqual(a, b, accuracy: 1, "\(fps) fps against 30 fps: \(context): \(ends)") }
                }
            }
        }
        // The wheel's lines are kept: the pan moved 100 points, the wheel two lines more.
        let app = try App(scene: "grid", size: MonkeyTests.size, config: SceneConfig(items: 500))
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(ScriptTimeline(InputScript.parse("down 500 500\nmove 500 400 100\nwheel 0 -2\nwait 200\nup 500 400\nwait 3000"), fps: 60))
        let grid = try XCTUnwrap(SceneInspection.collections(of: app.currentScene).first)
        XCTAssertEqual(grid.contentOffset.y, 100 + 2 * grid.physics.wheelLineHeight, accuracy: 0.01)
    }

    /// The program itself, as a process, on a random script of every scene: it must exit 0 after
    /// writing its dump (a crash at exit or a trap is a signal, not an exit).
    func testTheProgramExitsCleanlyOnRandomScripts() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("collection-demo")
        let candidates = [binary, Bundle.main.bundleURL.appendingPathComponent("collection-demo"),
                          Bundle(for: MonkeyTests.self).bundleURL.deletingLastPathComponent().appendingPathComponent("collection-demo")]
        guard let exe = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            return XCTFail("collection-demo is not built next to the tests (looked at \(candidates.map(\.path)))")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("monkey-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Every scene's run at once, so a sanitized build's slow processes share the cores.
        var runs: [(scene: String, seed: Int, process: Process, errors: URL, dump: URL)] = []
        for (i, scene) in MonkeyTests.scenes.enumerated() {
            let seed = 100 + i
            let scriptURL = dir.appendingPathComponent("\(scene).txt")
            // Windows line ends too: the program reads them as the tests' parser does.
            try script(scene: scene, seed: seed).joined(separator: seed % 2 == 0 ? "\r\n" : "\n").write(to: scriptURL, atomically: true, encoding: .utf8)
            let dump = dir.appendingPathComponent("\(scene).json")
            let errors = dir.appendingPathComponent("\(scene).err")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            let process = Process()
            process.executableURL = exe
            process.arguments = ["--headless", "--scene", scene, "--size", "1000x700", "--fps", "30", "--items", "\([0, 1, 60, 500][seed % 4])",
                                 "--today", "2026-11-21", "--month", "2026-11", "--timezone", "UTC",
                                 "--replay", scriptURL.path, "--dump-state", dump.path]
            process.standardError = try FileHandle(forWritingTo: errors)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            runs.append((scene, seed, process, errors, dump))
        }
        for run in runs {
            run.process.waitUntilExit()
            let stderr = (try? Data(contentsOf: run.errors)) ?? Data()
            let context = "\(run.scene), seed \(run.seed): \(String(decoding: stderr, as: UTF8.self).suffix(400))"
            XCTAssertEqual(run.process.terminationReason, .exit, "ended by signal \(run.process.terminationStatus): \(context)")
            XCTAssertEqual(run.process.terminationStatus, 0, context)
            XCTAssertTrue(FileManager.default.fileExists(atPath: run.dump.path), "no dump: \(context)")
        }
    }
}
