import CollectionKit
import CollectionKitSDL
import XCTest

/// The engine's widgets as drawn: a row of buttons (normal, suggested, destructive, disabled, one
/// with a symbol, one with the focus ring) and a dialog over them, at the default text size and
/// at 1.5 times it, where every button and the dialog's box grow with their text.
final class WidgetsGoldenTests: XCTestCase {
    override func tearDown() {
        Appearance.textScale = 1
        Appearance.colorScheme = .dark
    }

    private func render(textScale: Double, scheme: ColorScheme = .dark) throws -> Image {
        Appearance.textScale = textScale
        Appearance.colorScheme = scheme
        let size = Size(width: 720, height: 420)
        let canvas = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        let measurer = canvas.measurer
        let buttons = [Button(name: "new", title: "New board", symbol: "+"), Button(name: "save", title: "Save", kind: .suggested),
                       Button(name: "delete", title: "Delete", kind: .destructive), Button(name: "archive", title: "Archive")]
        buttons[3].isEnabled = false
        let row = ButtonRow(buttons, measurer: measurer, spacing: 10)
        row.setFrame(Rect(x: 16, y: 16, width: size.width - 32, height: 50))
        let cancel = Button(name: "cancel", title: "Cancel"), confirm = Button(name: "confirm", title: "Delete board", kind: .destructive)
        let dialog = Dialog(title: "Delete the board “Backlog”?",
                            message: "Its 12 cards go to the trash with it. You can bring them back from the trash until you empty it.",
                            buttons: [cancel, confirm], measurer: measurer)
        dialog.setFrame(Rect(x: 0, y: 80, width: size.width, height: size.height - 80))
        let focus = FocusChain(row.focusStops)
        let root = Composition([dialog, focus, row], focus: focus)
        _ = root.handle(.key(.tab, []), now: 0)                 // the ring on Save
        dialog.present(in: focus, showingRing: true, now: 1)    // then the dialog takes it: the ring on Cancel
        var list = DrawList()
        list.fill(Rect(origin: .zero, size: size), scheme.standardBackground)
        // Cards behind the dialog, which its scrim dims.
        for i in 0..<4 {
            list.fill(Rect(x: 16 + Double(i) * 176, y: 96, width: 160, height: 300), .hsv(Double(i) / 4, 0.45, 0.85), radius: 10)
        }
        root.draw(into: &list)
        XCTAssertTrue(list.isBalanced)
        canvas.render(list)
        return canvas.capture()
    }

    func testButtonRowAndDialogAtTheDefaultTextSize() throws {
        try Golden.assertMatches(try render(textScale: 1), named: "widgets")
    }

    func testButtonRowAndDialogAtLargeText() throws {
        try Golden.assertMatches(try render(textScale: 1.5), named: "widgets-1.5x")
    }

    func testButtonRowAndDialogInLight() throws {
        try Golden.assertMatches(try render(textScale: 1, scheme: .light), named: "widgets-light")
    }
}
