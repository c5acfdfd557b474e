import CollectionKit
import CollectionKitSDL
import CollectionKitDesktop
import Foundation
import KanbanBoard

// kanban-example [FILE]: the board in FILE (kanban.json by default), saved after every change.
let path = CommandLine.arguments.dropFirst().first ?? "kanban.json"
// The engine's words (the drag's status line, refusals, what screen readers hear) in the user's
// language, from its catalogues installed beside the program (docs/translations.md).
for refused in TextDomain.useInstalledCatalogues() {
    FileHandle.standardError.write(Data("kanban-example: \(refused.path): \(refused.problem); the words are in English\n".utf8))
}
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
