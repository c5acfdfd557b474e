@testable import CollectionKit
import Foundation
import XCTest

/// Catalogues are checked before glibc reads them: every table and string inside the file, a
/// hash table lookups end in, a plural rule that cannot divide by zero, and never a FIFO.
final class MessageCatalogueTests: XCTestCase {
    /// A catalogue as msgfmt writes one: header entry first, strings sorted, a prime hash table.
    static func catalogue(_ pairs: [(String, String)], plural: String = "nplurals=2; plural=(n != 1);",
                          hashSize: Int = 7) -> [UInt8] {
        let header = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: \(plural)\n"
        let entries = ([("", header)] + pairs).sorted { $0.0 < $1.0 }
        let n = entries.count
        let originals = 28, translations = originals + 8 * n, hash = translations + 8 * n
        var strings = hash + 4 * hashSize
        var out = [UInt8]()
        func word(_ v: Int) { out += withUnsafeBytes(of: UInt32(v).littleEndian, Array.init) }
        for v in [0x9504_12de, 0, n, originals, translations, hashSize, hash] { word(v) }
        var blob = [UInt8]()
        var tables: [[(Int, Int)]] = [[], []]
        for side in 0..<2 {
            for e in entries {
                let bytes = Array((side == 0 ? e.0 : e.1).utf8)
                tables[side].append((bytes.count, strings + blob.count))
                blob += bytes + [0]
            }
        }
        for side in 0..<2 { for (length, offset) in tables[side] { word(length); word(offset) } }
        // Slot k names entry k (1-based) for the first few; the rest stay empty.
        for k in 0..<hashSize { word(k < min(n, hashSize - 1) ? k + 1 : 0) }
        return out + blob
    }

    private func put(_ bytes: [UInt8], _ name: String) throws -> String {
        let dir = NSTemporaryDirectory() + "mo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testASoundCatalogueIsUsed() throws {
        let good = Self.catalogue([("Trash", "Papierkorb"), ("%@ item", "%@ Element\u{0}%@ Elemente")])
        XCTAssertNil(MessageCatalogue.problem(in: good))
        XCTAssertNil(MessageCatalogue.problem(atPath: try put(good, "good.mo")))
    }

    func testAStringOffsetPastTheEndIsRefused() {
        var bad = Self.catalogue([("Trash", "Papierkorb")])
        // The second translation's offset (table at 28 + 8n, entry 1, its offset word).
        let n = 2, at = 28 + 8 * n + 8 + 4
        bad.replaceSubrange(at..<(at + 4), with: [0xF0, 0xFF, 0xFF, 0x7F])
        XCTAssertEqual(MessageCatalogue.problem(in: bad), .stringOutsideFile(table: "translation", index: 1))
    }

    func testAStringWithoutItsEndingNulIsRefused() {
        var bad = Self.catalogue([("Trash", "Papierkorb")])
        bad[bad.count - 1] = 0x41
        XCTAssertNotNil(MessageCatalogue.problem(in: bad))
    }

    func testATableOutsideTheFileAndAShortFileAreRefused() {
        var bad = Self.catalogue([("Trash", "Papierkorb")])
        bad.replaceSubrange(16..<20, with: [0, 0, 0, 0x10])
        XCTAssertEqual(MessageCatalogue.problem(in: bad), .tableOutsideFile("translation"))
        XCTAssertEqual(MessageCatalogue.problem(in: Array(bad.prefix(20))), .notACatalogue)
        XCTAssertEqual(MessageCatalogue.problem(in: Array(repeating: 0, count: 64)), .notACatalogue)
        var count = Self.catalogue([("Trash", "Papierkorb")])
        count.replaceSubrange(8..<12, with: [0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertEqual(MessageCatalogue.problem(in: count), .tableOutsideFile("original"))
    }

    func testAHashTableLookupsCouldLoopInIsRefused() {
        // Every slot full: a word that is not there would be looked for forever.
        var full = Self.catalogue([("a", "b"), ("c", "d")], hashSize: 3)
        let hash = 28 + 16 * 3
        for k in 0..<3 { full.replaceSubrange((hash + 4 * k)..<(hash + 4 * k + 4), with: [UInt8(k + 1), 0, 0, 0]) }
        XCTAssertEqual(MessageCatalogue.problem(in: full), .badHashTable)
        XCTAssertEqual(MessageCatalogue.problem(in: Self.catalogue([("a", "b")], hashSize: 9)), .badHashTable, "not a prime")
        var stray = Self.catalogue([("a", "b")], hashSize: 7)
        stray.replaceSubrange((28 + 32)..<(28 + 36), with: [99, 0, 0, 0])
        XCTAssertEqual(MessageCatalogue.problem(in: stray), .badHashTable)
    }

    func testPluralRulesThatCouldDivideByZeroOrDoNotParseAreRefused() {
        for rule in ["nplurals=2; plural=n%0;", "nplurals=2; plural=n/(n-1);", "nplurals=2; plural=(n != 1;",
                     "nplurals=0; plural=0;", "nplurals=2; plural=n ? : 1;",
                     "nplurals=2; plural=" + String(repeating: "(", count: 500) + "n" + String(repeating: ")", count: 500) + ";"] {
            XCTAssertNotNil(MessageCatalogue.problem(in: Self.catalogue([("a", "b")], plural: rule)), rule)
        }
        // The rules of the languages the demo ships, and Russian's and Arabic's in full.
        for rule in ["nplurals=2; plural=(n != 1);", "nplurals=2; plural=(n > 1);", "nplurals=1; plural=0;",
                     "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
                     "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;",
                     "nplurals=4; plural=(n==1 ? 0 : n==2 ? 1 : (n>10 && n%10==0) ? 2 : 3);", "nplurals=2; plural=!(n==1);"] {
            XCTAssertNil(MessageCatalogue.problem(in: Self.catalogue([("a", "b")], plural: rule)), rule)
        }
    }

    /// glibc opens a FIFO and waits for a writer; the check refuses it from its stat, at once.
    func testAFifoOrAFolderInACataloguesPlaceIsRefusedWithoutBlocking() throws {
        let dir = NSTemporaryDirectory() + "mo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/folder.mo", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(mkfifo(dir + "/fifo.mo", 0o600), 0)
        XCTAssertEqual(MessageCatalogue.problem(atPath: dir + "/fifo.mo"), .notARegularFile)
        XCTAssertEqual(MessageCatalogue.problem(atPath: dir + "/folder.mo"), .notARegularFile)
        XCTAssertEqual(MessageCatalogue.problem(atPath: dir + "/none.mo"), .notARegularFile)
    }

    func testOnlyTheLanguagesInUseAreChecked() throws {
        let root = NSTemporaryDirectory() + "locale-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        for (lang, bytes) in [("de", Self.catalogue([("a", "b")])), ("de_AT.utf8", [UInt8](repeating: 7, count: 40)),
                              ("fr", [UInt8](repeating: 7, count: 40))] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(lang)/LC_MESSAGES", withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: "\(root)/\(lang)/LC_MESSAGES/demo.mo"))
        }
        let domain = TextDomain("demo")
        XCTAssertEqual(domain.catalogueProblems(in: root, languages: ["de_DE.UTF-8"]).map(\.path), ["\(root)/de_AT.utf8/LC_MESSAGES/demo.mo"])
        XCTAssertEqual(domain.catalogueProblems(in: root, languages: ["fr", "de"]).count, 2)
        XCTAssertEqual(domain.catalogueProblems(in: root, languages: ["ja_JP.UTF-8"]).count, 0)
        XCTAssertEqual(domain.catalogueProblems(in: root, languages: []).count, 0)
    }

    /// `LANGUAGE=../..` made gettext read `<dir>/../../LC_MESSAGES/…` from anywhere.
    func testLanguageVariablesThatArePathsAreRemoved() {
        let names: [String] = ["LANGUAGE", "LC_MESSAGES", "LC_TIME", "LANG"]
        let saved: [(String, String?)] = names.map { name in (name, getenv(name).map { String(cString: $0) }) }
        defer { for (name, value) in saved { if let value { setenv(name, value, 1) } else { unsetenv(name) } } }
        setenv("LANGUAGE", "de:../..:fr:/tmp/x", 1)
        setenv("LC_MESSAGES", "../../evil", 1)
        setenv("LC_TIME", "de_DE.UTF-8", 1)
        setenv("LANG", "de_DE.UTF-8", 1)
        XCTAssertEqual(TextDomain.removePathsFromLanguageVariables(), ["LANGUAGE", "LC_MESSAGES"])
        XCTAssertEqual(getenv("LANGUAGE").map { String(cString: $0) }, "de:fr")
        XCTAssertNil(getenv("LC_MESSAGES"))
        XCTAssertEqual(getenv("LC_TIME").map { String(cString: $0) }, "de_DE.UTF-8")
        setenv("LANGUAGE", "../..", 1)
        XCTAssertEqual(TextDomain.removePathsFromLanguageVariables(), ["LANGUAGE"])
        XCTAssertNil(getenv("LANGUAGE"))
        XCTAssertEqual(TextDomain.removePathsFromLanguageVariables(), [])
    }
}
