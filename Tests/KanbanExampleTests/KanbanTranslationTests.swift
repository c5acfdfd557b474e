import CollectionKit
import CollectionKitTesting
import Foundation
import Glibc
import KanbanBoard
import XCTest

/// An app installed with the engine's catalogues the documented way (docs/translations.md,
/// "Translations for an app"): `scripts/translations.sh compile PREFIX/share/locale collectionkit`
/// beside a program in `PREFIX/bin`, and `TextDomain.useInstalledCatalogues()` at its start. The
/// kanban's drag then speaks German under LANG=de_DE.UTF-8.
final class KanbanTranslationTests: XCTestCase {
    private var saved: [String: String?] = [:]
    private var prefix = ""

    override func setUp() {
        for name in ["LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"] { saved[name] = getenv(name).map { String(cString: $0) } }
        prefix = NSTemporaryDirectory() + "kanban-translation-\(getpid())"
    }

    override func tearDown() {
        for (name, value) in saved {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        TextDomain.speakEnglish()
        try? FileManager.default.removeItem(atPath: prefix)
    }

    /// The documented install step, run as an app's packaging would.
    private func installEngineCatalogues(into locale: String) throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [repo.appendingPathComponent("scripts/translations.sh").path, "compile", locale, "collectionkit"]
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "scripts/translations.sh compile failed")
    }

    func testTheKanbansDragSpeaksGermanWithTheEngineCataloguesInstalled() throws {
        try installEngineCatalogues(into: prefix + "/share/locale")
        XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/share/locale/de/LC_MESSAGES/collectionkit.mo"))
        setenv("LANG", "de_DE.UTF-8", 1)
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES"] { unsetenv(name) }
        let program = prefix + "/bin/kanban-example"
        XCTAssertEqual(TextDomain.collectionKit.catalogueDirectory(executable: program, environment: [:]), prefix + "/share/locale")
        let refused = TextDomain.useInstalledCatalogues(executable: program, environment: [:])
        XCTAssertTrue(refused.isEmpty, "\(refused)")
        guard TextDomain.language == "de" else { throw XCTSkip("this system has no de_DE.UTF-8 locale") }

        let board = try Kanban(file: .sample, save: { _ in })
        let driver = HeadlessDriver(root: board, fps: 60)
        driver.send(.resize(Size(width: 900, height: 600)), at: 0)
        driver.advance(to: 0.1)
        // A card lifted and carried down to the trash: the status line says so in German.
        let c = board.columns[0]
        let from = try XCTUnwrap(c.windowFrame(of: c.items[0][0])).center
        try driver.play(ScriptTimeline(InputScript.parse("down \(from.x) \(from.y)\nmove \(from.x) 560 200\nwait 100"), fps: 60, startPointer: from))
        let status = try XCTUnwrap(board.manager.statusLine)
        XCTAssertTrue(status.contains("aufgenommen"), status)
        XCTAssertTrue(status.hasPrefix("Write the README aufgenommen, über "), status)
    }

    func testTheSearchPathPutsTheVariableThenThePrefixThenBesideTheBinary() {
        XCTAssertEqual(TextDomain.catalogueSearchPath(executable: "/opt/app/bin/app", environment: ["COLLECTIONKIT_LOCALEDIR": "/x"]),
                       ["/x", "/opt/app/share/locale", "/opt/app/bin/locale", "/opt/locale", "/usr/local/share/locale", "/usr/share/locale"])
        // Nothing installed anywhere it looks: no folder, and English stays.
        XCTAssertNil(TextDomain("no-such-domain-\(getpid())").catalogueDirectory(executable: "/nonexistent/bin/app", environment: [:]))
    }
}
