import CollectionKit

/// Random input sequences against the drag scenes, checking after each that no item was lost,
/// duplicated or left hidden: fast drags, out-and-back hovering, releases outside the window, new
/// drags during drop animations, cancels, focus loss, resizes, scene switches and undo mid-flight.
/// `swift test` runs a few thousand sequences; `collection-bench` runs 100,000 or more.
///
/// The caller brings the random numbers (the tests and the benchmark use `CollectionKitTesting`'s
/// `SeededGenerator`), so the demo library does not depend on the testing library.
public struct DragPropertyCheck<Generator: RandomNumberGenerator> {
    /// Makes the deterministic generator a sequence draws from: the same seed must give the same
    /// numbers, so a failing seed can be replayed.
    public var makeGenerator: (UInt64) -> Generator

    /// `boards` or `rearrange`.
    public var scene: String
    public var size = Size(width: 1280, height: 800)
    /// Input events per sequence.
    public var steps = 30

    public init(scene: String, generator: @escaping (UInt64) -> Generator) {
        self.scene = scene; self.makeGenerator = generator
    }

    /// Runs sequence `seed`; returns a description of what went wrong, or nil. `dragged` tells
    /// whether a drag happened at all (a check that never drags tests nothing).
    public func run(seed: UInt64) throws -> (problem: String?, dragged: Bool) {
        var rng = makeGenerator(seed &* 0x2545_F491_4F6C_DD1D &+ 1)
        var config = SceneConfig(items: scene == "rearrange" ? 60 : Int.random(in: 0...60, using: &rng))
        config.rearrangeLayout = ["grid", "horizontal", "waterfall"][Int(seed % 3)]
        let app = try App(scene: scene, size: size, config: config)
        let startIDs = itemsOf(app).sorted()
        var now = 0.0
        var dragged = false
        var down = false
        var sz = size
        func send(_ e: InputEvent) {
            app.handle(e, now: now)
            dragged = dragged || app.currentScene.isDragging
        }
        app.update(now: now)
        for _ in 0..<steps {
            now += Double.random(in: 0.004...0.25, using: &rng)
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<22:
                let p = itemPoint(app, &rng) ?? randomPoint(sz, &rng)
                let mods: Modifiers = Int.random(in: 0..<5, using: &rng) == 0 ? .ctrl : []
                send(.pointerDown(p, .left, mods))
                down = true
                if scene == "rearrange", Bool.random(using: &rng) { now += 0.35; app.update(now: now) }
            case 22..<52:
                // A move in a few steps, to a card, a board, the trash, or outside the window.
                let target = Int.random(in: 0..<4, using: &rng) == 0
                    ? Point(Double.random(in: -80...sz.width + 80, using: &rng), Double.random(in: -80...sz.height + 80, using: &rng))
                    : itemPoint(app, &rng) ?? randomPoint(sz, &rng)
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    now += 0.016
                    send(.pointerMove(target + Point(Double.random(in: -30...30, using: &rng), Double.random(in: -30...30, using: &rng)), []))
                    app.update(now: now)
                }
            case 52..<66:
                send(.pointerUp(Bool.random(using: &rng) ? randomPoint(sz, &rng) : Point(-20, -20), .left, []))
                down = false
            case 66..<70: send(.pointerDown(randomPoint(sz, &rng), .right, []))
            case 70..<74: send(.wheel(dx: 0, dy: Double.random(in: -4...4, using: &rng)))
            case 74..<88:
                let keys: [(String, Modifiers)] = [("escape", []), ("space", []), ("up", []), ("down", []), ("left", []),
                                                   ("right", []), ("return", []), ("z", .ctrl), ("z", [.ctrl, .shift]), ("y", .ctrl)]
                let k = keys.randomElement(using: &rng)!
                send(.key(Key(k.0), k.1))
            case 88..<91: send(.focus(gained: false)); send(.focus(gained: true))
            case 91..<94:
                sz = Size(width: Double.random(in: 360...1400, using: &rng), height: Double.random(in: 240...900, using: &rng))
                send(.resize(sz))
            case 94..<96:
                // Away to another scene and back.
                send(.key(Key("1"), [])); now += 0.05; app.update(now: now)
                send(.key(Key(scene == "boards" ? "5" : "3"), []))
            default:
                now += Double.random(in: 0.2...0.8, using: &rng)   // let animations run (or not)
            }
            app.update(now: now)
        }
        if down { now += 0.02; send(.pointerUp(Point(-5, -5), .left, [])) }
        send(.key(.escape, []))
        // A click on the tab bar may have switched scenes: come back (the scene keeps its state).
        if app.currentName != scene { app.switchTo(scene, now: now) }
        for _ in 0..<5 { now += 0.25; app.update(now: now) }
        if app.currentScene.isDragging { return ("still dragging after release and Escape", dragged) }
        if let boards = app.currentScene as? BoardsScene {
            return (boards.consistencyProblem(), dragged)
        }
        if let rearrange = app.currentScene as? RearrangeScene {
            if itemsOf(app).sorted() != startIDs { return ("tiles lost or duplicated", dragged) }
            if !rearrange.collection.hiddenIdentifiers.isEmpty { return ("a tile is left hidden", dragged) }
            if rearrange.collection.interactiveMove != nil { return ("a movement outlived the drag", dragged) }
        }
        return (nil, dragged)
    }

    private func itemsOf(_ app: App) -> [Int] {
        (app.currentScene as? RearrangeScene)?.ids ?? []
    }

    private func randomPoint(_ size: Size, _ rng: inout Generator) -> Point {
        Point(Double.random(in: 0...size.width, using: &rng), Double.random(in: 44...size.height, using: &rng))
    }

    /// The centre of a random visible item in the scene, if any.
    private func itemPoint(_ app: App, _ rng: inout Generator) -> Point? {
        var views: [CollectionView] = []
        if let boards = app.currentScene as? BoardsScene {
            views = boards.boards.map(\.view)
            if Int.random(in: 0..<6, using: &rng) == 0 { return boards.trash.dropFrame.center }
        } else if let rearrange = app.currentScene as? RearrangeScene {
            views = [rearrange.collection]
        }
        guard let view = views.randomElement(using: &rng) else { return nil }
        let cells = view.visibleAttributes.filter { $0.kind == .cell }
        guard let a = cells.randomElement(using: &rng) else { return view.frame.center }
        return view.windowRect(fromContent: a.frame).center
    }
}
