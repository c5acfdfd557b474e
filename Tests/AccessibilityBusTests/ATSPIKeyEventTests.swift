import CollectionKit
@testable import CollectionKitSDL
@testable import CollectionKitDesktop
import XCTest

/// Keys as a screen reader's keystroke listeners are shown them: SDL's key codes, scancodes and
/// modifiers turned into X keysyms, X keycodes and X modifier bits, marshalled as atk-bridge does.
final class ATSPIKeyEventTests: XCTestCase {
    private func stroke(_ keycode: Int32, _ scancode: UInt32, mods: UInt16 = 0, pressed: Bool = true) -> KeyStroke {
        EventTranslator.keyStroke(pressed: pressed, keycode: keycode, scancode: scancode, modifiers: mods, timestamp: 1234)
    }

    func testArrowKeysAreXKeysymsAndEvdevKeycodes() throws {
        let down = try XCTUnwrap(ATSPIKeyEvent(stroke(0x4000_0051, 81)))
        XCTAssertEqual(down.keysym, 0xff54)
        XCTAssertEqual(down.hardwareCode, 116)          // KEY_DOWN 108 + 8
        XCTAssertEqual(down.text, "Down")
        XCTAssertFalse(down.isText)
        XCTAssertEqual(down.type, 0)
        XCTAssertEqual(try XCTUnwrap(ATSPIKeyEvent(stroke(0x4000_0051, 81, pressed: false))).type, 1)
    }

    func testOrcasOwnKeysKeepTheirNames() throws {
        let kpEnter = try XCTUnwrap(ATSPIKeyEvent(stroke(0x4000_0058, 88)))
        XCTAssertEqual(kpEnter.keysym, 0xff8d); XCTAssertEqual(kpEnter.hardwareCode, 104); XCTAssertEqual(kpEnter.text, "KP_Enter")
        let insert = try XCTUnwrap(ATSPIKeyEvent(stroke(0x4000_0049, 73)))
        XCTAssertEqual(insert.keysym, 0xff63); XCTAssertEqual(insert.hardwareCode, 118); XCTAssertEqual(insert.text, "Insert")
        let f10 = try XCTUnwrap(ATSPIKeyEvent(stroke(0x4000_0043, 67)))
        XCTAssertEqual(f10.keysym, 0xffc7); XCTAssertEqual(f10.hardwareCode, 76); XCTAssertEqual(f10.text, "F10")
    }

    func testPrintableKeysTypeTheirCharacterWithShiftAndControl() throws {
        let a = try XCTUnwrap(ATSPIKeyEvent(stroke(97, 4)))
        XCTAssertEqual(a.keysym, 0x61); XCTAssertEqual(a.hardwareCode, 38); XCTAssertEqual(a.text, "a"); XCTAssertTrue(a.isText)
        let shiftedA = try XCTUnwrap(ATSPIKeyEvent(stroke(97, 4, mods: 0x0001)))
        XCTAssertEqual(shiftedA.keysym, 0x41); XCTAssertEqual(shiftedA.text, "A"); XCTAssertEqual(shiftedA.modifiers, 1)
        let ctrlAltH = try XCTUnwrap(ATSPIKeyEvent(stroke(104, 11, mods: 0x0040 | 0x0100)))
        XCTAssertEqual(ctrlAltH.modifiers, 4 | 8); XCTAssertEqual(ctrlAltH.hardwareCode, 43)
        let five = try XCTUnwrap(ATSPIKeyEvent(stroke(53, 34)))
        XCTAssertEqual(five.keysym, 0x35); XCTAssertEqual(five.hardwareCode, 14)
        let space = try XCTUnwrap(ATSPIKeyEvent(stroke(32, 44)))
        XCTAssertEqual(space.keysym, 0x20); XCTAssertEqual(space.text, "space"); XCTAssertEqual(space.hardwareCode, 65)
    }

    /// The registry (at-spi2-core 2.46) reads `(uinnisb)` or `(uiiiisb)` and refuses the
    /// `(uiuuisb)` its introspection data names; atk-bridge sends `(uinnisb)`.
    func testMarshalledAsAtkBridgeDoes() throws {
        let down = try XCTUnwrap(ATSPIKeyEvent(stroke(0x4000_0051, 81, mods: 0x1000)))
        XCTAssertEqual(down.value.signature, "(uinnisb)")
        XCTAssertEqual(down.value.printed, "(uint32 0, 65364, int16 116, int16 16, 1234, 'Down', false)")
    }

    func testAKeyWithNoXEquivalentIsNotForwarded() {
        XCTAssertNil(ATSPIKeyEvent(stroke(0x4000_0100, 256)))
    }
}
