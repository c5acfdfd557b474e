import CollectionKit

/// What the demo remembers between runs (`StateStore` keeps it in a file): the last scene, the
/// window size, and the data the user rearranged. Each scene's part names what it was made from
/// (item count, preset), and is put back only into a scene made from the same.
public struct RememberedState: Codable, Equatable, Sendable {
    /// The file format's version. A file with a higher one comes from a newer program.
    public static let currentVersion = 1
    /// A scene with more items than this is not remembered: writing it would cost the window
    /// frames (a million mosaic cards are tens of megabytes of JSON), and such counts come from
    /// `--items` runs, which are measurements rather than someone's arrangement.
    public static let itemLimit = 100_000

    public var version = RememberedState.currentVersion
    public var scene: String?
    public var windowWidth: Double?
    public var windowHeight: Double?
    /// True when the window was maximized (the width and height are then its size before it
    /// was: the size it goes back to when unmaximized). Absent in older files: not maximized.
    public var windowMaximized: Bool?
    public var boards: Boards?
    /// The rearranged tile order for each layout it was last arranged in (`grid`, `horizontal`, `waterfall`).
    public var rearrange: [String: Rearrange]?
    public var mosaic: Mosaic?
    /// The photo wall of each folder it was last arranged for, by the folder's absolute path
    /// (absent in files written before the wall was remembered).
    public var photos: [String: Photos]?

    public init() {}

    public struct Card: Codable, Equatable, Sendable {
        public var id: Int
        public var title: String
        public var lockedTo: String?
        public var kind: String?
        /// Whose colour a palette copy wears (absent in older files: its own).
        public var colorID: Int?
    }

    public struct Boards: Codable, Equatable, Sendable {
        /// The backlog's size the scene was made with (`--items`).
        public var backlogCount: Int
        public var nextID: Int
        public var cards: [Card]
        /// Card ids per section, by board name.
        public var items: [String: [[Int]]]
    }

    public struct Rearrange: Codable, Equatable, Sendable {
        public var order: [Int]
    }

    /// A photo wall: the pictures in the order shown (dropped ones included, by path), and the
    /// folder's pictures removed from it; a picture of the folder in neither is new and joins
    /// the end.
    public struct Photos: Codable, Equatable, Sendable {
        public var order: [String]
        public var removed: [String]
        public init(order: [String], removed: [String]) {
            self.order = order
            self.removed = removed
        }
    }

    public struct Mosaic: Codable, Equatable, Sendable {
        public var preset: String
        /// The card count the scene was made with (`--items`, or the preset's own).
        public var count: Int
        public var values: [Int]
        public var styles: [String]
        public var allowsMenu: [Bool]
        public var order: [Int]
        /// The names the user gave cards, by card id (absent in files written before names).
        public var names: [String: String]?
    }
}

extension RememberedState {
    /// Reads the scenes' data that the user can change; scenes not yet shown keep what was read.
    mutating func take(from scene: any Scene, config: SceneConfig) {
        switch scene {
        case let boards as BoardsScene:
            guard (config.items ?? 0) <= RememberedState.itemLimit else { return }
            let cards = boards.boardItems.values.joined().joined().sorted().map { boards.card($0) }
            self.boards = Boards(backlogCount: config.items ?? BoardsScene.defaultBacklogCount, nextID: boards.nextCardID,
                                 cards: cards.map { Card(id: $0.id, title: $0.title, lockedTo: $0.lockedTo, kind: $0.kind, colorID: $0.colorID) },
                                 items: boards.boardItems)
        case let rearrange as RearrangeScene:
            guard rearrange.ids.count <= RememberedState.itemLimit else { return }
            var orders = self.rearrange ?? [:]
            orders[rearrange.layoutKind.rawValue] = Rearrange(order: rearrange.ids)
            self.rearrange = orders
        case let mosaic as MosaicScene:
            let m = mosaic.model
            guard m.cardCount <= RememberedState.itemLimit else { return }
            self.mosaic = Mosaic(preset: mosaic.preset.rawValue, count: config.items ?? mosaic.preset.defaultCount,
                                 values: m.values, styles: m.styles.map(\.rawValue), allowsMenu: m.allowsMenu, order: m.order,
                                 names: m.names.isEmpty ? nil : Dictionary(uniqueKeysWithValues: m.names.map { (String($0.key), $0.value) }))
        case let photos as PhotosScene:
            guard let folder = photos.folder else { return }
            var walls = self.photos ?? [:]
            // A wall as the folder lists it is not written out (a large folder's paths cost
            // every save); one over the limit is not remembered at all.
            if photos.wallIsAsListed {
                guard walls[folder] != nil else { return }
                walls[folder] = nil
            } else {
                let wall = photos.rememberedWall()
                guard wall.order.count + wall.removed.count <= RememberedState.itemLimit else { return }
                walls[folder] = wall
            }
            self.photos = walls.isEmpty ? nil : walls
        default:
            break
        }
    }

    /// Puts this state's part for `scene` back, when it was made from the same configuration.
    /// Returns a notice when a part was there but did not fit.
    func restore(into scene: any Scene, config: SceneConfig) -> String? {
        switch scene {
        case let boards as BoardsScene:
            guard let b = self.boards, b.backlogCount == (config.items ?? BoardsScene.defaultBacklogCount) else { return nil }
            let cards = b.cards.map { BoardCard(id: $0.id, title: $0.title, lockedTo: $0.lockedTo, kind: $0.kind, colorID: $0.colorID) }
            return boards.restore(cards: cards, items: b.items, nextID: b.nextID) ? nil : RememberedState.unusable("boards")
        case let rearrange as RearrangeScene:
            guard let r = self.rearrange?[rearrange.layoutKind.rawValue], r.order.count == rearrange.ids.count else { return nil }
            return rearrange.restoreOrder(r.order) ? nil : RememberedState.unusable("rearrange")
        case let mosaic as MosaicScene:
            guard let m = self.mosaic, m.preset == mosaic.preset.rawValue,
                  m.count == (config.items ?? mosaic.preset.defaultCount) else { return nil }
            let styles = m.styles.compactMap(ItemStyle.init(rawValue:))
            guard styles.count == m.styles.count,
                  var model = MosaicModel(values: m.values, styles: styles, allowsMenu: m.allowsMenu, order: m.order) else {
                return RememberedState.unusable("mosaic")
            }
            for (key, name) in m.names ?? [:] {
                guard let id = Int(key), model.hasCard(id) else { return RememberedState.unusable("mosaic") }
                model.setName(name, of: id)
            }
            guard mosaic.restore(model) else { return RememberedState.unusable("mosaic") }
            return nil
        case let photos as PhotosScene:
            guard let folder = photos.folder, let wall = self.photos?[folder] else { return nil }
            photos.restoreWall(wall)
            return nil
        default:
            return nil
        }
    }

    /// The largest card or tile identifier (and card value) a state file may hold, and one past it
    /// for `boards.nextID`: 2^31, far beyond any `--items` (at most ten million) plus a lifetime of
    /// palette copies, and far from where `+ 1` overflows. A file with a number outside its range
    /// is refused as a corrupt one is (moved aside, with a notice naming the value).
    public static let identifierLimit = 1 << 31
    /// The item counts a scene may have been made from: `--items`'s own range.
    public static let itemCountRange = 0...10_000_000

    /// The first number in this state outside the range this version can use, described for the
    /// notice (`"boards.nextID = 9223372036854775807 (0 to 2147483648)"`); nil when every number
    /// is in range. O(numbers in the file).
    public func outOfRangeNumber() -> String? {
        let ids = 0..<RememberedState.identifierLimit
        func check(_ name: String, _ value: Int, _ range: ClosedRange<Int>) -> String? {
            range.contains(value) ? nil : "\(name) = \(value) (\(range.lowerBound) to \(range.upperBound))"
        }
        func check(_ name: String, _ values: [Int], _ range: ClosedRange<Int>) -> String? {
            values.first { !range.contains($0) }.flatMap { check(name, $0, range) }
        }
        let idRange = ids.lowerBound...(ids.upperBound - 1)
        if let b = boards {
            if let bad = check("boards.backlogCount", b.backlogCount, RememberedState.itemCountRange)
                ?? check("boards.nextID", b.nextID, 0...RememberedState.identifierLimit)
                ?? check("boards.cards.id", b.cards.map(\.id), idRange)
                ?? check("boards.cards.colorID", b.cards.compactMap(\.colorID), idRange) { return bad }
            for name in b.items.keys.sorted() {
                if let bad = check("boards.items.\(name)", Array(b.items[name]!.joined()), idRange) { return bad }
            }
        }
        for name in (rearrange ?? [:]).keys.sorted() {
            if let bad = check("rearrange.\(name).order", rearrange![name]!.order, idRange) { return bad }
        }
        if let m = mosaic {
            if let bad = check("mosaic.count", m.count, RememberedState.itemCountRange)
                ?? check("mosaic.values", m.values, idRange)
                ?? check("mosaic.order", m.order, idRange) { return bad }
        }
        return nil
    }

    /// The longest card title kept from a file, in characters: the boards' field's own limit
    /// (`TextLimits.cardTitle`), so nothing typed is cut at the next start.
    public static let titleLimit = TextLimits.cardTitle

    /// Shortens every card title longer than ``titleLimit`` and every mosaic name longer than
    /// `TextLimits.mosaicName` (a file written by hand or by another program: the app itself
    /// writes none); returns how many were shortened. O(the limits per text), whatever the
    /// texts' lengths.
    public mutating func shortenLongTitles() -> Int {
        var shortened = 0
        if var b = boards {
            for i in b.cards.indices {
                let (title, cut) = TextLimits.cut(b.cards[i].title, to: RememberedState.titleLimit)
                if cut { b.cards[i].title = title; shortened += 1 }
            }
            boards = b
        }
        if var m = mosaic, let names = m.names {
            var kept: [String: String] = [:]
            for (id, name) in names {
                let (short, cut) = TextLimits.cut(name, to: TextLimits.mosaicName)
                kept[id] = short
                if cut { shortened += 1 }
            }
            m.names = kept
            mosaic = m
        }
        return shortened
    }

    /// The section a dotted name of ``outOfRangeNumber()`` is in: `boards`, `rearrange.grid`, `mosaic`.
    static func section(of name: String) -> String {
        let parts = name.split(separator: ".")
        return parts.first == "rearrange" && parts.count > 1 ? parts[0...1].joined(separator: ".") : String(parts.first ?? "")
    }

    /// Leaves out `section` (as ``section(of:)`` names it): that scene starts afresh.
    mutating func dropSection(_ section: String) {
        switch section {
        case "boards": boards = nil
        case "mosaic": mosaic = nil
        case "rearrange": rearrange = nil
        default:
            if section.hasPrefix("rearrange.") { rearrange?[String(section.dropFirst("rearrange.".count))] = nil }
        }
    }

    static func unusable(_ scene: String) -> String {
        filled(tr("The remembered %1$@ did not fit this version's cards; the %1$@ scene starts afresh."), scene)
    }
}
