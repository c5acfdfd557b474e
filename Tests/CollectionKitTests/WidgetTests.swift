import XCTest
@testable import CollectionKit

/// The widget floor's rules: ``Button``, ``ButtonRow``, ``Dialog`` and ``Toast``, one rule a test,
/// driven through a ``Composition`` and a ``FocusChain`` as an app drives them.
final class WidgetTests: XCTestCase {
    /// Estimated widths at the current text scale, as a backend's measurer measures.
    final class ScaledMeasurer: TextMeasuring {
        let base = EstimatedTextMeasurer()
        func scaled(_ s: TextStyle) -> TextStyle { TextStyle(size: s.size * Appearance.textScale, weight: s.weight) }
        func width(of text: String, style: TextStyle) -> Double { base.width(of: text, style: scaled(style)) }
        func lineHeight(style: TextStyle) -> Double { base.lineHeight(style: scaled(style)) }
        func lineBreaks(in text: String) -> [LineBreak] { base.lineBreaks(in: text) }
    }

    /// A part over the whole window that records what it hears and takes the pointer's events
    /// (keys go on to the chain, as a grid leaves Tab to it).
    final class Behind: Component, FocusStop {
        var seen: [InputEvent] = []
        var focused = false
        func handle(_ event: InputEvent, now: Double) -> EventDisposition {
            seen.append(event)
            if case .key = event { return .ignored }
            return .handled
        }
        var focusName: String { "behind" }
        var canTakeFocus: Bool { true }
        func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) { focused = isFocused }
    }

    let measurer = ScaledMeasurer()
    private func down(_ x: Double, _ y: Double) -> InputEvent { .pointerDown(Point(x: x, y: y), .left, []) }
    private func move(_ x: Double, _ y: Double) -> InputEvent { .pointerMove(Point(x: x, y: y), []) }
    private func up(_ x: Double, _ y: Double) -> InputEvent { .pointerUp(Point(x: x, y: y), .left, []) }
    private func key(_ k: Key, _ m: Modifiers = []) -> InputEvent { .key(k, m) }

    private func button(_ name: String, at x: Double = 10) -> Button {
        let b = Button(name: name, title: name.capitalized)
        b.setFrame(Rect(x: x, y: 10, width: 80, height: 30))
        return b
    }

    // MARK: Button

    func testPressAndReleaseInsideActivates() {
        let b = button("save")
        var fired = 0
        b.onActivate = { _ in fired += 1 }
        let root = Composition([b])
        XCTAssertTrue(root.handle(down(20, 20), now: 0).isHandled)
        XCTAssertTrue(b.isPressed, "it looks pressed while held")
        _ = root.handle(up(22, 21), now: 0.1)
        XCTAssertEqual(fired, 1)
        XCTAssertFalse(b.isPressed)
    }

    func testReleaseOutsideCancelsAndComingBackActivates() {
        let b = button("save")
        var fired = 0
        b.onActivate = { _ in fired += 1 }
        let root = Composition([b])
        _ = root.handle(down(20, 20), now: 0)
        _ = root.handle(move(300, 200), now: 0.1)
        XCTAssertFalse(b.isPressed, "it looks raised while the pointer is off it")
        _ = root.handle(up(300, 200), now: 0.2)
        XCTAssertEqual(fired, 0, "let go elsewhere: cancelled")
        _ = root.handle(down(20, 20), now: 1)
        _ = root.handle(move(300, 200), now: 1.1)
        _ = root.handle(move(30, 20), now: 1.2)
        _ = root.handle(up(30, 20), now: 1.3)
        XCTAssertEqual(fired, 1, "dragged back over it before letting go: activated")
    }

    func testAPressedButtonHoldsThePointer() {
        let b = button("save")
        let behind = Behind()
        let root = Composition([b, behind])
        _ = root.handle(down(20, 20), now: 0)
        _ = root.handle(move(300, 200), now: 0.1)
        _ = root.handle(up(300, 200), now: 0.2)
        XCTAssertEqual(behind.seen, [], "the moves and the release of a press on the button are the button's alone")
        XCTAssertEqual(b.activationCount, 0)
    }

    func testEnterAndSpaceActivateOnlyTheFocusedButton() {
        let a = button("a"), b = button("b", at: 100)
        let focus = FocusChain([a, b])
        let root = Composition([a, b], focus: focus)
        _ = root.handle(key(.tab), now: 0)          // a -> b
        XCTAssertTrue(b.isFocused)
        _ = root.handle(key(.enter), now: 0.1)
        _ = root.handle(key(.space), now: 0.2)
        XCTAssertEqual(b.activationCount, 2)
        XCTAssertEqual(a.activationCount, 0, "keys go to the focused button only")
        XCTAssertFalse(root.handle(key(.enter, [.ctrl]), now: 0.3).isHandled, "Ctrl+Enter is not the button's")
        XCTAssertFalse(root.handle(key(Key("a")), now: 0.4).isHandled)
    }

    func testADisabledButtonIsNoTabStopAndTakesNothing() {
        let a = button("a"), b = button("b", at: 100), c = button("c", at: 200)
        b.isEnabled = false
        let focus = FocusChain([a, b, c])
        let root = Composition([a, b, c], focus: focus)
        _ = root.handle(key(.tab), now: 0)
        XCTAssertTrue(c.isFocused, "Tab passes the disabled button by")
        XCTAssertFalse(root.handle(down(110, 20), now: 1).isHandled, "a press on it is not taken")
        _ = root.handle(up(110, 20), now: 1.1)
        XCTAssertEqual(b.activationCount, 0)
        b.activate(now: 2)
        XCTAssertEqual(b.activationCount, 0, "nor can it be activated otherwise")
    }

    func testTheRingShowsOnlyWhileTheChainShowsIt() {
        let a = button("a"), b = button("b", at: 100)
        let focus = FocusChain([a, b])
        let root = Composition([a, b], focus: focus)
        func ringDrawn() -> Bool {
            var list = DrawList()
            root.draw(into: &list)
            let ring = b.style.following(Appearance.colorScheme).focusRing
            return list.commands.contains { if case let .stroke(_, c, _, _) = $0 { return c == ring }; return false }
        }
        _ = root.handle(down(110, 20), now: 0)
        _ = root.handle(up(110, 20), now: 0.1)
        XCTAssertTrue(b.isFocused, "a click focuses it")
        XCTAssertFalse(b.showsFocusRing)
        XCTAssertFalse(ringDrawn(), "no ring after a click")
        _ = root.handle(key(.tab), now: 1)
        _ = root.handle(key(.tab), now: 1.1)
        XCTAssertTrue(b.showsFocusRing)
        XCTAssertTrue(ringDrawn(), "the ring after Tab")
        _ = root.handle(down(500, 500), now: 2)
        XCTAssertFalse(ringDrawn(), "a press anywhere hides it again")
    }

    func testPreferredSizeGrowsWithTheTextScale() {
        let b = Button(name: "long", title: "Move to another board")
        let normal = b.preferredSize(measurer: measurer)
        Appearance.textScale = 1.5
        defer { Appearance.textScale = 1 }
        let large = b.preferredSize(measurer: measurer)
        XCTAssertGreaterThan(large.width, normal.width * 1.3)
        XCTAssertGreaterThan(large.height, normal.height)
        XCTAssertGreaterThanOrEqual(Button(name: "x", title: "X").preferredSize(measurer: measurer).width, b.style.minimumWidth)
    }

    // MARK: ButtonRow

    func testARowLaysButtonsOutByWidthAndMirrorsInRightToLeft() {
        let a = Button(name: "a", title: "Cancel"), b = Button(name: "b", title: "Delete everything")
        let row = ButtonRow([a, b], measurer: measurer, spacing: 8)
        row.setFrame(Rect(x: 0, y: 0, width: 600, height: 40))
        XCTAssertEqual(a.frame.minX, 0)
        XCTAssertEqual(a.frame.width, a.preferredSize(measurer: measurer).width)
        XCTAssertEqual(b.frame.minX, a.frame.maxX + 8)
        XCTAssertGreaterThan(b.frame.width, a.frame.width, "each as wide as its title")
        row.layoutDirection = .rightToLeft
        XCTAssertEqual(a.frame.maxX, 600, "the first button at the right in right to left")
        XCTAssertEqual(b.frame.maxX, a.frame.minX - 8)
        XCTAssertEqual(row.focusStops.map(\.focusName), ["a", "b"], "Tab still goes in reading order")
        row.alignment = .trailing
        XCTAssertEqual(b.frame.minX, 0, "trailing in right to left is the left")
        // A press on a button in the row activates it.
        let root = Composition([row])
        _ = root.handle(down(a.frame.midX, a.frame.midY), now: 0)
        _ = root.handle(up(a.frame.midX, a.frame.midY), now: 0.1)
        XCTAssertEqual(a.activationCount, 1)
        XCTAssertEqual(b.activationCount, 0)
    }

    // MARK: Dialog

    private func dialogSetUp() -> (Dialog, Button, Button, FocusChain, Composition, Behind, Button) {
        let cancel = Button(name: "cancel", title: "Cancel"), ok = Button(name: "ok", title: "Delete", kind: .destructive)
        let dialog = Dialog(title: "Delete 3 photos?", message: "They go to the trash.", buttons: [cancel, ok], measurer: measurer)
        let behind = Behind()
        let open = button("open")
        let focus = FocusChain([behind, open])
        let root = Composition([dialog, open, behind], focus: focus)
        dialog.setFrame(Rect(x: 0, y: 0, width: 800, height: 600))
        return (dialog, cancel, ok, focus, root, behind, open)
    }

    func testADialogTakesTheFocusKeepsTabInsideAndGivesItBack() {
        let (dialog, cancel, ok, focus, root, behind, open) = dialogSetUp()
        _ = root.handle(key(.tab), now: 0)
        XCTAssertTrue(open.isFocused)
        behind.seen = []
        dialog.present(in: focus, now: 1)
        XCTAssertTrue(focus.isModal)
        XCTAssertTrue(cancel.isFocused)
        XCTAssertTrue(cancel.showsFocusRing, "the ring showed before it opened: it shows on")
        XCTAssertFalse(open.isFocused)
        var visited: [String] = []
        for i in 0..<4 { _ = root.handle(key(.tab), now: 2 + Double(i)); visited.append(focus.focused?.focusName ?? "-") }
        XCTAssertEqual(visited, ["ok", "cancel", "ok", "cancel"], "Tab cycles inside the dialog")
        _ = root.handle(key(.tab, [.shift]), now: 7)
        XCTAssertTrue(ok.isFocused, "Shift+Tab too")
        XCTAssertEqual(behind.seen, [], "nothing behind hears a key")
        _ = root.handle(key(.escape), now: 8)
        XCTAssertFalse(dialog.isPresented, "Escape closes it")
        XCTAssertFalse(focus.isModal)
        XCTAssertTrue(open.isFocused, "the focus is back where it was")
        XCTAssertEqual(ok.activationCount + cancel.activationCount, 0)
    }

    func testADialogSwallowsPressesOutsideAndClosesOnOneWhenAskedTo() {
        let (dialog, _, _, focus, root, behind, open) = dialogSetUp()
        dialog.present(in: focus, now: 0)
        XCTAssertEqual(dialog.inputRole, .capture)
        _ = root.handle(down(5, 5), now: 1)
        _ = root.handle(up(5, 5), now: 1.1)
        _ = root.handle(.wheel(dx: 0, dy: -3), now: 1.2)
        XCTAssertTrue(dialog.isPresented)
        XCTAssertEqual(behind.seen, [], "a press and the wheel outside the box are swallowed")
        XCTAssertEqual(open.activationCount, 0)
        dialog.dismissesOnOutsidePress = true
        _ = root.handle(down(5, 5), now: 2)
        _ = root.handle(up(5, 5), now: 2.1)
        XCTAssertFalse(dialog.isPresented)
        XCTAssertEqual(behind.seen, [], "the press that closed it is not heard behind either")
        XCTAssertEqual(dialog.inputRole, .normal)
        _ = root.handle(down(5, 5), now: 3)
        XCTAssertEqual(behind.seen.count, 1, "once closed, what is behind hears again")
    }

    func testADialogsButtonClosesItThenActsAndKeysReachTheFocusedButton() {
        let (dialog, cancel, ok, focus, root, _, open) = dialogSetUp()
        var presentedWhenActing: Bool?
        ok.onActivate = { _ in presentedWhenActing = dialog.isPresented }
        dialog.present(in: focus, showingRing: true, now: 0)
        _ = root.handle(key(.tab), now: 1)
        _ = root.handle(key(.enter), now: 2)
        XCTAssertEqual(ok.activationCount, 1)
        XCTAssertEqual(presentedWhenActing, false, "the dialog closed before the button's action ran")
        XCTAssertEqual(cancel.activationCount, 0)
        XCTAssertFalse(focus.isModal)
        // A click on Cancel in the box.
        dialog.present(in: focus, now: 3)
        _ = root.handle(down(cancel.frame.midX, cancel.frame.midY), now: 4)
        _ = root.handle(up(cancel.frame.midX, cancel.frame.midY), now: 4.1)
        XCTAssertEqual(cancel.activationCount, 1)
        XCTAssertFalse(dialog.isPresented)
        XCTAssertEqual(open.activationCount, 0)
    }

    func testADialogsBoxGrowsWithTheTextScaleAndScrollsWhenTallerThanItsArea() {
        let (dialog, _, _, focus, root, _, _) = dialogSetUp()
        dialog.present(in: focus, now: 0)
        let normal = dialog.box
        Appearance.textScale = 2
        defer { Appearance.textScale = 1 }
        dialog.invalidateMeasurements()
        XCTAssertGreaterThan(dialog.box.height, normal.height)
        XCTAssertEqual(dialog.maximumScrollOffset, 0)
        dialog.message = Array(repeating: "A long explanation of what deleting does.", count: 40).joined(separator: " ")
        XCTAssertEqual(dialog.box.height, 600 - 2 * dialog.style.margin, "as tall as its area allows")
        XCTAssertGreaterThan(dialog.maximumScrollOffset, 0)
        _ = root.handle(move(400, 300), now: 1)
        _ = root.handle(.wheel(dx: 0, dy: -2), now: 1.1)
        XCTAssertEqual(dialog.scrollOffset, 80, "the wheel scrolls the text")
        _ = root.handle(key(.down), now: 2)
        XCTAssertEqual(dialog.scrollOffset, 120, "and Down, which the focused button leaves")
        XCTAssertTrue(dialog.buttons.allSatisfy { $0.frame.maxY <= dialog.box.maxY && $0.frame.width > 0 }, "the buttons stay in the box")
    }

    /// A part of the app's own under the dialog's text: placed there, and offered presses on it.
    final class Preview: Component, DialogContent {
        var frame = Rect.zero
        var presses = 0
        func preferredHeight(forWidth width: Double) -> Double { 120 }
        func setFrame(_ frame: Rect) { self.frame = frame }
        func contains(_ p: Point) -> Bool { frame.contains(p) }
        func handle(_ event: InputEvent, now: Double) -> EventDisposition {
            if case .pointerDown = event { presses += 1; return .handled }
            return .ignored
        }
    }

    func testADialogPlacesItsContentUnderItsTextAndOffersItPresses() {
        let (dialog, _, _, focus, root, behind, _) = dialogSetUp()
        let before = { dialog.present(in: focus, now: 0); defer { dialog.dismiss(now: 0) }; return dialog.box.height }()
        let preview = Preview()
        dialog.content = preview
        dialog.present(in: focus, now: 1)
        XCTAssertEqual(dialog.box.height, before + 120 + dialog.style.spacing, "the box grows by the content and a spacing")
        XCTAssertEqual(preview.frame.width, dialog.textViewport.width)
        XCTAssertLessThan(preview.frame.maxY, dialog.buttons[0].frame.minY)
        _ = root.handle(down(preview.frame.midX, preview.frame.midY), now: 2)
        _ = root.handle(up(preview.frame.midX, preview.frame.midY), now: 2.1)
        XCTAssertEqual(preview.presses, 1)
        XCTAssertEqual(behind.seen, [])
        XCTAssertTrue(dialog.isPresented)
    }

    // MARK: Toast

    func testAToastMirrorsInRightToLeft() {
        let (toast, _, _, _) = toastSetUp()
        toast.show("Photo deleted", action: "Undo", now: 0)
        XCTAssertLessThan(toast.actionButton.frame.maxX, toast.closeButton.frame.minX, "left to right: Undo, then close at the right")
        toast.layoutDirection = .rightToLeft
        XCTAssertGreaterThan(toast.actionButton.frame.minX, toast.closeButton.frame.maxX, "right to left: close at the left, then Undo")
        XCTAssertEqual(toast.closeButton.frame.minX - toast.box.minX, toast.style.padding)
    }

    private func toastSetUp() -> (Toast, FocusChain, Composition, Behind) {
        let toast = Toast(measurer: measurer, duration: 5)
        let behind = Behind()
        let focus = FocusChain([behind] + toast.focusStops)
        let root = Composition([toast, behind], focus: focus)
        toast.setFrame(Rect(x: 0, y: 0, width: 800, height: 600))
        return (toast, focus, root, behind)
    }

    func testAToastClosesAtItsDeadlineAndNotOnAClickElsewhere() {
        let (toast, _, root, behind) = toastSetUp()
        var reasons: [Toast.DismissReason] = []
        toast.onDismiss = { r, _ in reasons.append(r) }
        toast.show("Photo deleted", action: "Undo", now: 10)
        XCTAssertEqual(root.nextDeadline(after: 10), 15, "the timeout is a deadline")
        _ = root.handle(down(50, 50), now: 11)
        _ = root.handle(up(50, 50), now: 11.1)
        XCTAssertEqual(behind.seen.count, 2, "a click elsewhere goes where it was aimed")
        root.update(now: 14.9)
        XCTAssertTrue(toast.isShowing, "neither the click nor the time before the deadline closed it")
        root.update(now: 15)
        XCTAssertFalse(toast.isShowing)
        XCTAssertEqual(reasons, [.timeout])
        XCTAssertNil(root.nextDeadline(after: 15))
    }

    func testAToastsButtonsAreReachedByTabAndEscapeClosesIt() {
        let (toast, focus, root, _) = toastSetUp()
        var undone = 0, reasons: [Toast.DismissReason] = []
        toast.onDismiss = { r, _ in reasons.append(r) }
        XCTAssertEqual(focus.stops.filter(\.canTakeFocus).count, 1, "its buttons are no stops while it is hidden")
        toast.show("Photo deleted", action: "Undo", now: 0) { _ in undone += 1 }
        _ = root.handle(key(.tab), now: 1)
        XCTAssertTrue(toast.actionButton.isFocused, "Tab reaches Undo")
        XCTAssertNil(toast.deadline, "the timeout waits while it has the focus")
        root.update(now: 100)
        XCTAssertTrue(toast.isShowing)
        _ = root.handle(key(.tab), now: 101)
        XCTAssertTrue(toast.closeButton.isFocused)
        _ = root.handle(key(.escape), now: 102)
        XCTAssertFalse(toast.isShowing)
        XCTAssertEqual(reasons, [.escape])
        // Enter on Undo closes it and undoes.
        toast.show("Photo deleted", action: "Undo", now: 200) { _ in undone += 1 }
        focus.focus(toast.actionButton, showingRing: true, now: 201)
        _ = root.handle(key(.enter), now: 202)
        XCTAssertEqual(undone, 1)
        XCTAssertEqual(reasons, [.escape, .action])
        // Focus leaving restarts the whole duration.
        toast.show("Card deleted", action: "Undo", now: 300)
        focus.focus(toast.closeButton, showingRing: true, now: 301)
        _ = root.handle(key(.tab), now: 302)
        XCTAssertEqual(toast.deadline, 307)
    }

    func testAToastClosingUnderTheFocusHandsItToTheStopBeforeItsButtons() {
        let (toast, focus, root, behind) = toastSetUp()
        toast.focusChain = focus
        toast.show("Photo deleted", action: "Undo", now: 0)
        _ = root.handle(key(.tab), now: 1)
        _ = root.handle(key(.tab), now: 2)
        XCTAssertTrue(toast.closeButton.isFocused)
        behind.focused = false
        _ = root.handle(key(.escape), now: 3)
        XCTAssertFalse(toast.closeButton.isFocused || toast.actionButton.isFocused, "a hidden toast's buttons keep no focus (no second ring)")
        XCTAssertTrue(behind.focused, "the stop before its buttons has it, and is told so")
        XCTAssertTrue(focus.focused === behind)
        XCTAssertTrue(focus.isRingVisible, "with the ring, as it showed")
        toast.show("Card deleted", action: "Undo", now: 4)
        XCTAssertFalse(toast.actionButton.showsFocusRing || toast.closeButton.showsFocusRing)
    }

    func testTheNextMessageReplacesAToast() {
        let (toast, _, _, _) = toastSetUp()
        var reasons: [Toast.DismissReason] = []
        toast.onDismiss = { r, _ in reasons.append(r) }
        toast.show("Photo deleted", action: "Undo", now: 0)
        toast.show("Album deleted", now: 1)
        XCTAssertEqual(toast.message, "Album deleted")
        XCTAssertEqual(reasons, [.replaced])
        XCTAssertEqual(toast.actionButton.frame, .zero, "no action: no action button")
        XCTAssertEqual(toast.deadline, 6)
        let close = toast.closeButton.frame
        XCTAssertTrue(toast.handle(down(close.midX, close.midY), now: 2).isHandled, "a press on close is taken")
        _ = toast.handle(up(close.midX, close.midY), now: 2.1)
        XCTAssertFalse(toast.isShowing)
        XCTAssertEqual(reasons, [.replaced, .closed])
    }

    // MARK: Accessibility

    final class Trash: Component, AccessibleComponent {
        func accessibilityNodes() -> [AccessibleNode] {
            [AccessibleNode(role: .label, name: "Trash", frame: Rect(x: 700, y: 500, width: 80, height: 80))]
        }
    }

    func testPartsPublishThroughTheHookNestedCompositionsIncluded() {
        let (dialog, cancel, _, focus, _, _, open) = dialogSetUp()
        let toast = Toast(measurer: measurer)
        toast.setFrame(Rect(x: 0, y: 0, width: 800, height: 600))
        let inner = Composition([Trash(), toast])
        let root = Composition([dialog, open, inner], focus: focus)
        var tree = AccessibleComposition(root).tree(title: "Window", size: Size(width: 800, height: 600))
        XCTAssertEqual(tree.children.map(\.role), [.pushButton, .label], "the open button, then the nested composition's trash")
        XCTAssertEqual(tree.children[0].name, "Open")
        XCTAssertTrue(tree.children[0].states.contains(.focusable))
        XCTAssertEqual(tree.children[0].actions.map(\.name), ["click"])
        XCTAssertTrue(tree.children[0].actions[0].perform(5))
        XCTAssertEqual(open.activationCount, 1, "the click action activates it")

        dialog.present(in: focus, now: 6)
        toast.show("Photo deleted", action: "Undo", now: 6)
        tree = AccessibleComposition(root).tree(title: "Window", size: Size(width: 800, height: 600))
        XCTAssertEqual(tree.children.map(\.role), [.dialog, .pushButton, .label, .notification])
        let d = tree.children[0]
        XCTAssertEqual(d.name, "Delete 3 photos?")
        XCTAssertEqual(d.children.map(\.role), [.label, .pushButton, .pushButton])
        XCTAssertEqual(d.children.map(\.name), ["They go to the trash.", "Cancel", "Delete"])
        XCTAssertTrue(d.children[1].states.contains(.focused), "its first button has the focus")
        XCTAssertTrue(cancel.isFocused)
        let t = tree.children[3]
        XCTAssertEqual(t.name, "Photo deleted")
        XCTAssertEqual(t.children.map(\.name), ["Photo deleted", "Undo", "Close"])
        XCTAssertEqual(tree.children[1].name, "Open")
        XCTAssertEqual(tree.children[1].actions.count, 0, "behind an open dialog a button is inert: no click for a screen reader")
        XCTAssertEqual(t.children[1].actions.count, 0)
        XCTAssertEqual(d.children[1].actions.map(\.name), ["click"], "the dialog's own buttons act")
        cancel.isEnabled = false
        let disabled = cancel.accessibilityNode()
        XCTAssertTrue(disabled.states.contains(.disabled))
        XCTAssertEqual(disabled.actions.count, 0)
    }
}

/// A toggle button's state and the chain's first stop.
final class ButtonToggleAndFirstStopTests: XCTestCase {
    func testACheckedButtonIsDrawnInTheSuggestedColoursAndReadAsSelected() {
        let b = Button(name: "grid", title: "Grid")
        b.setFrame(Rect(0, 0, 80, 30))
        XCTAssertFalse(b.accessibilityNode().states.contains(.selected))
        let plain = b.colors
        b.isChecked = true
        let style = b.style.following(Appearance.colorScheme)
        XCTAssertEqual(b.colors.background, style.suggestedBackground)
        XCTAssertNotEqual(b.colors.background, plain.background)
        XCTAssertEqual(b.font.weight, .bold)
        XCTAssertTrue(b.accessibilityNode().states.contains(.selected))
        XCTAssertEqual(b.dumpState()["checked"], .bool(true))
        var activated = 0
        b.onActivate = { _ in activated += 1 }
        b.activate(now: 1)
        XCTAssertEqual(activated, 1)
        XCTAssertTrue(b.isChecked, "activating does not flip it: the owner sets it")
    }

    func testTheStopAChainStartsOnHearsItHasTheFocusBeforeTheFirstKey() {
        let save = Button(name: "save", title: "Save")
        save.setFrame(Rect(0, 0, 80, 30))
        var saved = 0
        save.onActivate = { _ in saved += 1 }
        let focus = FocusChain([save])
        let root = Composition([save], focus: focus)
        XCTAssertFalse(save.isFocused, "nothing told yet")
        XCTAssertEqual(root.handle(.key(.enter, []), now: 1), .handled)
        XCTAssertTrue(save.isFocused)
        XCTAssertFalse(save.showsFocusRing, "told without a ring: no key moved the focus")
        XCTAssertEqual(saved, 1, "Enter on the button the chain starts on presses it")
    }
}
