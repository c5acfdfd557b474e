import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// F1 lists every key a scene takes: each key (with each usual set of modifiers) that the scene's
/// parts take, in a scene as it opens, is matched by a shortcut the shortcuts window lists for it.
final class ShortcutTableTests: XCTestCase {
    private static let keys: [Key] = "abcdefghijklmnopqrstuvwxyz0123456789?/".map { Key(String($0)) }
        + (1...12).map { Key("F\($0)") }
        + [.up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .space, .enter, .escape,
           Key("Delete"), Key("Backspace"), Key("Menu"), Key("Application"), Key("Keypad Enter")]
    private static let modifierSets: [Modifiers] = [[], .shift, .ctrl, [.ctrl, .shift], .alt]

    /// Every key `scene` takes and the window does not list, as "Ctrl+Z"-like names.
    private func unlistedKeys(in scene: String, size: Size = Size(1280, 800),
                              listed sections: (App) -> [ShortcutSection] = { $0.shortcutSections }) throws -> [String] {
        var app = try App(scene: scene, size: size, config: SceneConfig())
        app.update(now: 0)
        var missing: [String] = []
        for mods in ShortcutTableTests.modifierSets {
            for key in ShortcutTableTests.keys {
                let listed = sections(app).flatMap(\.shortcuts).contains { $0.matches(key, mods) }
                let taken = app.currentScene.composition.handle(.key(key, mods), now: 1).isHandled
                if taken {
                    if !listed { missing.append("\(mods.rawValue == 0 ? "" : "\(mods.rawValue)+")\(key)") }
                    // What the key did is undone by starting over.
                    app = try App(scene: scene, size: size, config: SceneConfig())
                    app.update(now: 0)
                }
            }
        }
        return missing
    }

    func testEveryKeyAMovingSceneTakesIsListed() throws {
        for scene in ["grid", "carousel", "rearrange", "calendar", "boards", "mosaic"] {
            XCTAssertEqual(try unlistedKeys(in: scene), [], "\(scene) takes keys its shortcuts window does not list")
        }
    }

    /// The comparison sees a key the table leaves out: the rearrange scene's window without its
    /// first section ("Tiles": L, Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y) misses exactly those.
    func testAKeyLeftOutOfTheTableIsFound() throws {
        let missing = try unlistedKeys(in: "rearrange") { Array($0.shortcutSections.dropFirst()) }
        XCTAssertEqual(Set(missing), ["l", "1+l", "2+z", "3+z", "2+y"])
    }
}
