import CollectionKit
import XCTest

/// The engine's gettext domain: placeholders filled in the translation's order, and the English
/// originals (with English plurals) when no catalogue answers, as in the C locale tests run in.
final class TextDomainTests: XCTestCase {
    func testPlaceholdersAreFilledInOrderAndByPosition() {
        XCTAssertEqual(TextDomain.fill("%@ to %@", "Task 3", "Today"), "Task 3 to Today")
        XCTAssertEqual(TextDomain.fill("%2$@ ← %1$@", "Task 3", "Today"), "Today ← Task 3")
        XCTAssertEqual(TextDomain.fill("100%% of %@", "5"), "100% of 5")
        XCTAssertEqual(TextDomain.fill("%1$@ and %1$@", "x"), "x and x")
        XCTAssertEqual(TextDomain.fill("%@ %@", "only"), "only %@", "a missing argument shows its placeholder")
        XCTAssertEqual(TextDomain.fill("%@", "a %@ b", "unused"), "a %@ b", "an argument is not filled again")
    }

    func testWithoutACatalogueTheEnglishPluralRuleApplies() {
        let domain = TextDomain("collectionkit-tests-no-catalogue")
        XCTAssertEqual(domain.count("%@ item", "%@ items", 1), "1 item")
        XCTAssertEqual(domain.count("%@ item", "%@ items", 0), "0 items")
        XCTAssertEqual(domain.count("%@ item", "%@ items", 3), "3 items")
        XCTAssertEqual(domain("Trash"), "Trash")
    }

    func testTheDragWordsCountThroughPluralForms() {
        let words = DragDropStrings()
        XCTAssertEqual(words.pickedUpSeveral(2), "2 items picked up")
        XCTAssertEqual(words.holdsAtMost("Focus", 1), "Focus holds 1 item")
        XCTAssertEqual(words.holdsAtMost("Focus", 4), "Focus holds 4 items")
        XCTAssertEqual(words.position(2, 7), "position 2 of 7")
        XCTAssertEqual(words.lockedTo("Task 3", "Today"), "Task 3 is locked to Today")
    }
}
