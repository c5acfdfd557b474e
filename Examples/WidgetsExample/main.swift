import CollectionKit
import CollectionKitSDL
import CollectionKitDesktop
import Foundation

/// A part of the app's own: a trash zone drawn in a corner, which screen readers find through the
/// accessibility hook like any of the engine's widgets.
final class TrashZone: Component, AccessibleComponent {
    var frame = Rect.zero
    var count = 0
    func draw(into list: inout DrawList) {
        list.fill(frame, Color(hex: 0x5A2A2A), radius: 12)
        list.text("Trash (\(count))", in: frame, size: 15, color: .white, alignment: .center)
    }
    func accessibilityNodes() -> [AccessibleNode] {
        [AccessibleNode(role: .label, name: "Trash", frame: frame, description: "\(count) cards")]
    }
}

/// A line on standard output, at once (the window test reads what was activated).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

/// Buttons, a confirmation dialog and an undo toast, as an app builds them from the engine's widgets.
final class Widgets: ComposedRoot {
    private(set) var size = Size(width: 720, height: 480)
    let composition: Composition
    let row: ButtonRow
    let dialog: Dialog
    let toast: Toast
    let trash = TrashZone()
    let focus: FocusChain

    init(measurer: TextMeasurer) {
        let delete = Button(name: "delete", title: "Delete card…", kind: .destructive)
        let greet = Button(name: "greet", title: "Say hello", symbol: "☺")
        let archive = Button(name: "archive", title: "Archive")
        archive.isEnabled = false
        row = ButtonRow([delete, greet, archive], measurer: measurer, spacing: 10)
        let cancel = Button(name: "cancel", title: "Cancel")
        let confirm = Button(name: "confirm", title: "Delete", kind: .destructive)
        dialog = Dialog(name: "confirm-delete", title: "Delete this card?",
                        message: "The card goes to the trash. You can undo this from the message that follows.",
                        buttons: [cancel, confirm], measurer: measurer)
        toast = Toast(measurer: measurer)
        focus = FocusChain(row.focusStops + toast.focusStops)
        toast.focusChain = focus
        // The dialog first: it captures every event while it is open.
        composition = Composition([dialog, toast, focus, row, trash], focus: focus)
        delete.onActivate = { [unowned self] now in
            say("activated delete")
            dialog.present(in: focus, showingRing: focus.isRingVisible, now: now)
        }
        greet.onActivate = { [unowned self] now in
            say("activated greet")
            toast.show("Hello!", now: now)
        }
        confirm.onActivate = { [unowned self] now in
            trash.count += 1
            toast.show("Card deleted", action: "Undo", now: now) { [unowned self] _ in trash.count -= 1 }
        }
        layOut(for: size)
    }

    func layOut(for size: Size) {
        self.size = size
        row.setFrame(Rect(x: 16, y: 16, width: size.width - 32, height: 44))
        trash.frame = Rect(x: size.width - 156, y: size.height - 156, width: 140, height: 140)
        dialog.setFrame(Rect(origin: .zero, size: size))
        toast.setFrame(Rect(origin: .zero, size: size))
    }
}

// widgets-example: the engine's widgets in a window, published to screen readers.
do {
    let loop = try WindowLoop(title: "Widgets", size: Size(width: 720, height: 480)) { measurer in Widgets(measurer: measurer) }
    loop.followDesktopAppearance()
    loop.publishAccessibility(name: "widgets-example")
    loop.run()
    SDLSystem.shutdown()
} catch {
    FileHandle.standardError.write(Data("widgets-example: \(error)\n".utf8))
    exit(1)
}
