import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// Counts in the user's language's numbers (ICU's grouping and digits), and key caps in its
/// keyboards' words, as the program shows them.
final class LocaleWordsTests: XCTestCase {
    private func start(_ scene: String) throws -> (App, HeadlessDriver<App>) {
        let app = try App(scene: scene, size: Size(1280, 800), config: SceneConfig())
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 50")
        return (app, driver)
    }

    private func texts(_ app: App) -> [String] {
        app.draw().commands.compactMap { if case let .text(run) = $0 { return run.text }; return nil }
    }

    /// Runs `body` with the demo's and the engine's messages in `language`, from the catalogues
    /// scripts/translations.sh compiles into .build/locale (`DemoWords.speaking`).
    private func speaking(_ language: String, _ locale: String, _ body: () throws -> Void) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../.build/locale").standardized.path
        try DemoWords.speaking(language, locale: locale, cataloguesIn: root, body)
    }

    /// The mosaic's 2000 cards: "2,000 cards" in English (the tests' C locale speaks it), and
    /// "٢٬٠٠٠" in Arabic, the digits the calendar's dates use there.
    func testTheMosaicsCountIsGroupedInEnglishAndInArabicDigitsInArabic() throws {
        let (english, _) = try start("mosaic")
        XCTAssertTrue(texts(english).contains { $0.contains("2,000 cards") }, "English groups thousands: \(texts(english))")
        XCTAssertFalse(texts(english).contains { $0.contains("2000") })
        try speaking("ar", "ar_EG") {
            let (arabic, _) = try start("mosaic")
            let shown = texts(arabic)
            XCTAssertTrue(shown.contains { $0.contains("٢٬٠٠٠") }, "Arabic-Indic digits, Arabic grouping: \(shown)")
            XCTAssertFalse(shown.contains { $0.contains("2000") || $0.contains("2,000") })
        }
    }

    /// The boards' headings count their cards in the language's digits too.
    func testTheBoardsCountsAreInArabicDigitsInArabic() throws {
        try speaking("ar", "ar_EG") {
            let (app, _) = try start("boards")
            let backlog = try XCTUnwrap(texts(app).first { $0.hasPrefix(tr("Backlog")) }, "\(texts(app))")
            XCTAssertTrue(backlog.unicodeScalars.contains { (0x660...0x669).contains($0.value) }, "\(backlog)")
            XCTAssertFalse(backlog.contains { $0.isASCII && $0.isNumber }, "\(backlog)")
        }
    }

    /// German keyboards print "Entf" on the Delete key: the shortcuts window says so, while the
    /// mosaic's menu item that deletes still says "Löschen" (the same English word, two German ones).
    func testTheDeleteKeyCapIsTheKeyboardsWordAndTheActionKeepsItsOwn() throws {
        try speaking("de", "de_DE") {
            let (app, driver) = try start("boards")
            try driver.play(script: "key F1\nwait 50")
            let window = try XCTUnwrap(app.dumpState()["shortcutsWindow"])
            let shortcuts = (window["sections"]?.arrayValue ?? []).flatMap { $0["shortcuts"]?.arrayValue ?? [] }
            let delete = try XCTUnwrap(shortcuts.first { $0["title"]?.stringValue == "Ausgewählte oder fokussierte Karten löschen" },
                                       "\(shortcuts)")
            XCTAssertEqual(delete["keys"]?.stringValue, "Entf")
            XCTAssertEqual(tr("Delete"), "Löschen", "the action")
            XCTAssertEqual(trc("keyboard key", "Delete"), "Entf", "the key cap")
        }
        XCTAssertEqual(trc("keyboard key", "Delete"), "Delete", "untranslated, the English word")
    }

    /// The boards' and the mosaic's fields open in the scene's direction (an empty field's caret
    /// and placeholder at the right in Arabic and Hebrew).
    func testTheScenesFieldsTakeTheUIsDirection() throws {
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            var config = SceneConfig()
            config.layoutDirection = direction
            let boards = try XCTUnwrap(try App(scene: "boards", size: Size(1280, 800), config: config).currentScene as? BoardsScene)
            XCTAssertEqual(boards.editor.layoutDirection, direction)
            let mosaic = try XCTUnwrap(try App(scene: "mosaic", size: Size(1280, 800), config: config).currentScene as? MosaicScene)
            XCTAssertEqual(mosaic.editor.layoutDirection, direction)
        }
    }
}
