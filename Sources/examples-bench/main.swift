import CollectionKit
import CollectionKitSDL
import CollectionKitTesting
import Foundation
import KanbanBoard
import NotesList

// examples-bench EXAMPLE SCRIPT STATS [FILE]: runs an example's root headless with rendering (the SDL
// software renderer into an offscreen canvas, drawing only what changed, as a window without a GPU
// does), plays the input script SCRIPT at 60 frames a second and writes the frame statistics to
// STATS as `collection-demo --stats` does. EXAMPLE is `kanban` (the board in FILE, the example's
// sample without one) or `notes`. An empty script draws
// the first frame and exits (Benchmarks/examples.sh times that from outside, as start-up).
let usage = "usage: examples-bench kanban|notes SCRIPT STATS [KANBAN-FILE]"
let args = Array(CommandLine.arguments.dropFirst())
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("examples-bench: \(message)\n".utf8))
    exit(64)
}
guard args.count == 3 || args.count == 4 else { fail(usage) }

func run<Root: InteractiveRoot>(_ root: Root, canvas: HeadlessCanvas) throws {
    let script: String
    do { script = try String(contentsOfFile: args[1], encoding: .utf8) } catch { fail("cannot read \(args[1]): \(error.localizedDescription)") }
    let timer = FrameTimes()
    root.handle(.resize(canvas.size), now: 0)
    let driver = HeadlessDriver(root: root, fps: 60)
    driver.frameTimer = timer
    driver.render = { canvas.render($0) }
    driver.whileIdle = { canvas.drawer.prepareAhead(of: root, for: $0) }
    driver.afterFrame = { canvas.drawer.prepareAhead(of: root, for: DrawListRenderer.sliceBetweenFrames) }
    driver.frame()
    try driver.play(script: script)
    try timer.cpu.json.serializedLine().write(toFile: args[2], atomically: true, encoding: .utf8)
}

do {
    switch args[0] {
    case "kanban":
        let canvas = try HeadlessCanvas(size: Size(width: 900, height: 600), fonts: try FontLocator.uiFonts())
        let file = try args.count == 4 ? KanbanFile.load(from: args[3]) ?? .sample : .sample
        try run(try Kanban(file: file, measurer: canvas.measurer, save: { _ in }), canvas: canvas)
    case "notes":
        let canvas = try HeadlessCanvas(size: Size(width: 900, height: 700), fonts: try FontLocator.uiFonts())
        try run(Notes(measurer: canvas.measurer), canvas: canvas)
    default:
        fail("unknown example \(args[0]); \(usage)")
    }
} catch {
    fail("\(error)")
}
