import CollectionKitSDL
import Foundation
import KanbanBoard

// kanban-example [FILE]: the board in FILE (kanban.json by default), saved after every change.
let path = CommandLine.arguments.dropFirst().first ?? "kanban.json"
do {
    // Cards are typed with the measurer the window draws with, and SDL's clipboard and text input.
    let measurer = try TextMeasurer(fonts: try FontLocator.uiFonts(), headless: false)
    let board = try Kanban(file: try KanbanFile.load(from: path) ?? .sample, measurer: measurer, services: SDLTextServices.make(),
                           save: { try $0.save(to: path) })
    WindowLoop.runOrExit(board, title: "Kanban")
} catch {
    FileHandle.standardError.write(Data("kanban-example: \(error)\n".utf8))
    exit(1)
}
