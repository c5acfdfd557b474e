import CollectionKit
import CollectionKitSDL
import Foundation
import KanbanBoard

// kanban-example [FILE]: the board in FILE (kanban.json by default), saved after every change.
let path = CommandLine.arguments.dropFirst().first ?? "kanban.json"
do {
    let file = try KanbanFile.load(from: path) ?? .sample
    // The window opens first: cards are measured and typed with the window's own text measurer,
    // and SDL's clipboard and text input.
    let loop = try WindowLoop(title: "Kanban", size: Size(width: 900, height: 600)) { measurer in
        try Kanban(file: file, measurer: measurer, services: SDLTextServices.make(), save: { try $0.save(to: path) })
    }
    // Screen readers read the columns and their cards, and hear drags, in one call.
    loop.publishAccessibility(name: "Kanban")
    loop.run()
    SDLSystem.shutdown()
} catch {
    FileHandle.standardError.write(Data("kanban-example: \(error)\n".utf8))
    exit(1)
}
