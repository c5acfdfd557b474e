import CollectionKit
import CollectionKitSDL
import CollectionKitDesktop
import Foundation
import NotesList

// The engine's words in the user's language, from its catalogues installed beside the program
// (docs/translations.md).
for refused in TextDomain.useInstalledCatalogues() {
    FileHandle.standardError.write(Data("notes-example: \(refused.path): \(refused.problem); the words are in English\n".utf8))
}

// notes-example: 100,000 notes, each as tall as its wrapped text. The window opens first, so the
// notes are measured with the fonts they are drawn with.
WindowLoop.runOrExit(title: "Notes", size: Size(width: 900, height: 700), prepare: { $0.followDesktopAppearance() }) { measurer in
    Notes(measurer: measurer)
}
