import CollectionKit
import CollectionKitSDL
import NotesList

// notes-example: 100,000 notes, each as tall as its wrapped text. The window opens first, so the
// notes are measured with the fonts they are drawn with.
WindowLoop.runOrExit(title: "Notes", size: Size(width: 900, height: 700)) { measurer in
    Notes(measurer: measurer)
}
