import XCTest
import CollectionKit

// The example of the InputAndFocus article (CollectionKit.docc/InputAndFocus.md), word for word:
// it has to compile, and it has to do what the article says.

/// A button that is a focus stop: a click presses it, and so do Enter and Space while it has
/// the focus.
final class OpenButton: Component, FocusStop {
    var frame = Rect.zero
    private(set) var presses = 0
    private var isFocused = false, showsRing = false

    var focusName: String { "Open" }
    var canTakeFocus: Bool { !frame.isEmpty }
    func contains(_ p: Point) -> Bool { frame.contains(p) }
    func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) {
        self.isFocused = isFocused
        self.showsRing = isFocused && showsRing
    }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        switch event {
        case .key(.enter, []), .key(.space, []):
            guard isFocused else { return .ignored }
            presses += 1
            return .handled
        case .pointerDown:
            return .handled                         // the release comes back here
        case let .pointerUp(p, .left, _):
            if frame.contains(p) { presses += 1 }
            return .handled
        default:
            return .ignored
        }
    }

    func draw(into list: inout DrawList) {
        list.fill(frame, Color(hex: 0x3478F6), radius: 6)
        list.text("Open", in: frame, size: 14, color: .white, alignment: .center)
        if showsRing { list.stroke(frame.insetBy(dx: -3, dy: -3), .white, width: 2, radius: 8) }
    }
}

/// A grid of photos under a toolbar with an Open button.
final class PhotosRoot: ComposedRoot {
    private(set) var size = Size(width: 800, height: 600)
    let grid = CollectionController(view: CollectionView(name: "photos", layout: GridLayout(minimumCrossSize: 160)))
    let open = OpenButton()
    let composition: Composition

    init(photos: any CollectionDataSource) {
        grid.view.dataSource = photos
        grid.view.reloadData()
        let focus = FocusChain([grid, open])
        composition = Composition([focus, open, grid], focus: focus)
        composition.collections = [grid.view]
    }

    func layOut(for size: Size) {
        self.size = size
        open.frame = Rect(x: 16, y: 12, width: 96, height: 32)
        grid.view.setFrame(Rect(x: 0, y: 56, width: size.width, height: size.height - 56))
    }
}

private final class ArticlePhotos: CollectionDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ cv: CollectionView, identifierForItemAt indexPath: ItemPath) -> AnyHashable { indexPath.item }
    func collectionView(_ cv: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionCell {
        cv.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
    }
}

final class InputAndFocusArticleTests: XCTestCase {
    private func makeRoot() -> (PhotosRoot, ArticlePhotos) {
        let photos = ArticlePhotos(count: 40)
        let root = PhotosRoot(photos: photos)
        root.grid.view.register(reuseIdentifier: "photo") { CollectionCell(reuseIdentifier: $0) }
        root.handle(.resize(Size(width: 800, height: 600)), now: 0)
        root.update(now: 0)
        return (root, photos)
    }

    private func focusedStop(_ root: PhotosRoot) -> String? { root.composition.focus.focused?.focusName }

    func testTabMovesBetweenTheStopsAndTheRingShowsOnlyAfterKeyboardUse() {
        let (root, _) = makeRoot()
        XCTAssertFalse(root.composition.focus.isRingVisible, "no ring at launch")
        root.handle(.key(.tab, []), now: 0.1)
        let first = focusedStop(root)
        XCTAssertTrue(root.composition.focus.isRingVisible)
        root.handle(.key(.tab, []), now: 0.2)
        let second = focusedStop(root)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(Set([first, second].compactMap { $0 }), ["photos", "Open"])
        root.handle(.key(.tab, [.shift]), now: 0.3)
        XCTAssertEqual(focusedStop(root), first, "Shift+Tab goes back")
    }

    func testEnterPressesTheFocusedButtonAndAClickPressesItToo() {
        let (root, _) = makeRoot()
        while focusedStop(root) != "Open" { root.handle(.key(.tab, []), now: 0.1) }
        root.handle(.key(.enter, []), now: 0.2)
        XCTAssertEqual(root.open.presses, 1)
        let p = root.open.frame.center
        root.handle(.pointerDown(p, .left, []), now: 0.3)
        root.handle(.pointerUp(p, .left, []), now: 0.35)
        XCTAssertEqual(root.open.presses, 2)
    }

    func testAPressHidesTheRingAndMovesTheFocusToTheStopUnderThePointer() {
        let (root, _) = makeRoot()
        while focusedStop(root) != "Open" { root.handle(.key(.tab, []), now: 0.1) }
        XCTAssertTrue(root.composition.focus.isRingVisible)
        let inGrid = Point(x: 100, y: 150)
        root.handle(.pointerDown(inGrid, .left, []), now: 0.2)
        root.handle(.pointerUp(inGrid, .left, []), now: 0.25)
        XCTAssertFalse(root.composition.focus.isRingVisible)
        XCTAssertEqual(focusedStop(root), "photos")
        XCTAssertEqual(root.open.presses, 0, "Enter was never pressed on the button")
    }

    func testTheDumpListsTheCollectionWithItsFocusKeys() {
        let (root, _) = makeRoot()
        let keys = root.composition.dumpEntries().map(\.0)
        XCTAssertTrue(keys.contains("collections"))
        XCTAssertTrue(keys.contains("keyboardFocus"))
    }
}
