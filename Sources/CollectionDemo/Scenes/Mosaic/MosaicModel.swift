import CollectionKit

/// The mosaic scene's starting data (`--mosaic-preset`): seed 004's three examples and a long
/// generated mix. With `--items N` the preset's pattern repeats to N cards.
public enum MosaicPreset: String, CaseIterable, Sendable {
    /// Seven compact cards.
    case compact
    /// Four regular cards.
    case regular
    /// Regular, four compacts, regular.
    case mixed
    /// A generated mix (the default): about one regular in three, runs of compacts of every length.
    case long

    /// How many cards the preset has without `--items`.
    public var defaultCount: Int {
        switch self {
        case .compact: return 7
        case .regular: return 4
        case .mixed: return 6
        case .long: return 2000
        }
    }

    /// The style of card `i`.
    public func style(_ i: Int) -> ItemStyle {
        switch self {
        case .compact: return .compact
        case .regular: return .regular
        case .mixed: return i % 6 == 0 || i % 6 == 5 ? .regular : .compact
        case .long: return MosaicModel.mix(i) % 3 == 0 ? .regular : .compact
        }
    }
}

/// The cards: identity (a card id) kept apart from content (value, style, whether it allows a
/// menu), and the display order of the ids.
///
/// A fresh model stores nothing per card: card `id` of the preset's `n` is worth `id`, has the
/// preset's style for it (`MosaicPreset.style`) and allows a menu when `allowsMenu(value:)` says
/// so, and the order is `0..<n`. What the user changes is kept on top: restyled cards in a short
/// table, cards made later (duplicates) in flat arrays, and the order, listed once it first
/// changes (and forgotten again when it comes back to `0..<n`). A model remembered from an
/// earlier run lists every card. The arrays `values`, `styles`, `allowsMenu` and `order` are
/// still there to read (and `styles` and `order` to write), listed on demand: O(n) each.
public struct MosaicModel: Equatable {
    /// The preset the first `generatedCount` cards come from (nil: none are generated).
    private var preset: MosaicPreset?
    /// Cards `0..<generatedCount` are the preset's.
    public private(set) var generatedCount = 0
    /// Generated cards whose style the user changed, ids ascending, and their styles: a few,
    /// looked up by binary search (the layout asks for every card's style in a full prepare).
    private var restyledIDs: [Int] = []
    private var restyledStyles: [ItemStyle] = []
    /// Cards from `generatedCount` on, by `id - generatedCount`.
    private var madeValues: [Int] = []
    private var madeStyles: [ItemStyle] = []
    private var madeMenus: [Bool] = []
    /// The display order, once it differs from `0..<generatedCount`.
    private var listedOrder: [Int]?
    /// The names the user gave cards (Rename…), by id; a card without one shows its number.
    public private(set) var names: [Int: String] = [:]

    /// The card's name, if the user gave it one.
    public func name(of id: Int) -> String? { names[id] }
    /// The picture files of cards made from dropped pictures, by id.
    public private(set) var pictures: [Int: String] = [:]
    public func picture(of id: Int) -> String? { pictures[id] }
    public mutating func setPicture(_ path: String?, of id: Int) { pictures[id] = path }
    /// Names a card, or (nil) takes its name away.
    public mutating func setName(_ name: String?, of id: Int) { names[id] = name }

    /// A stable scramble of an integer (splitmix's finaliser), for generated styles and menus.
    static func mix(_ i: Int) -> UInt64 {
        var z = UInt64(truncatingIfNeeded: i) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Whether a card of value `v` allows a context menu: two in three do.
    public static func allowsMenu(value v: Int) -> Bool { v % 3 != 2 }

    /// The preset's cards (`count` of them, the preset's own number by default): nothing is
    /// stored per card.
    public init(preset: MosaicPreset, count: Int? = nil) {
        self.preset = preset
        generatedCount = max(0, count ?? preset.defaultCount)
    }

    // MARK: Cards

    /// How many cards are shown.
    public var count: Int { listedOrder?.count ?? generatedCount }
    /// How many card ids exist (shown or deleted): ids are `0..<cardCount`.
    public var cardCount: Int { generatedCount + madeValues.count }
    /// True when `id` names a card.
    public func hasCard(_ id: Int) -> Bool { id >= 0 && id < cardCount }
    /// True while the order is the preset's `0..<generatedCount`, stored as nothing.
    public var hasGeneratedOrder: Bool { listedOrder == nil }
    /// True while the cards are the preset's, in its order and styles: nothing for Reset to do.
    /// O(cards restyled).
    public var isAsGenerated: Bool {
        listedOrder == nil && madeValues.isEmpty
            && zip(restyledIDs, restyledStyles).allSatisfy { id, style in (preset?.style(id) ?? .compact) == style }
    }

    public func value(of id: Int) -> Int { id < generatedCount ? id : madeValues[id - generatedCount] }

    public func style(of id: Int) -> ItemStyle {
        guard id < generatedCount else { return madeStyles[id - generatedCount] }
        if !restyledIDs.isEmpty {
            let k = restyledIndex(id)
            if k < restyledIDs.count, restyledIDs[k] == id { return restyledStyles[k] }
        }
        return preset?.style(id) ?? .compact
    }

    /// Where `id` is or would go in `restyledIDs`.
    private func restyledIndex(_ id: Int) -> Int {
        var lo = 0, hi = restyledIDs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if restyledIDs[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    public func allowsMenu(of id: Int) -> Bool {
        id < generatedCount ? MosaicModel.allowsMenu(value: id) : madeMenus[id - generatedCount]
    }

    public mutating func setStyle(_ style: ItemStyle, of id: Int) {
        guard id < generatedCount else { madeStyles[id - generatedCount] = style; return }
        let k = restyledIndex(id), present = k < restyledIDs.count && restyledIDs[k] == id
        if style == (preset?.style(id) ?? .compact) {
            if present { restyledIDs.remove(at: k); restyledStyles.remove(at: k) }
        } else if present {
            restyledStyles[k] = style
        } else {
            restyledIDs.insert(id, at: k)
            restyledStyles.insert(style, at: k)
        }
    }

    /// The card shown at `position`.
    public func card(at position: Int) -> Int { listedOrder?[position] ?? position }

    /// Where card `id` is shown: O(1) while the order is the preset's, else O(n).
    public func position(of id: Int) -> Int? {
        guard let listedOrder else { return id >= 0 && id < generatedCount ? id : nil }
        return listedOrder.firstIndex(of: id)
    }

    /// Edits the order (listing it first if need be).
    private mutating func editOrder(_ edit: (inout [Int]) -> Void) {
        var order = listedOrder ?? Array(0..<generatedCount)
        listedOrder = nil
        edit(&order)
        self.order = order
    }

    public mutating func insertCard(_ id: Int, at position: Int) {
        editOrder { $0.insert(id, at: min(max(0, position), $0.count)) }
    }

    @discardableResult
    public mutating func removeCard(at position: Int) -> Int {
        var id = 0
        editOrder { id = $0.remove(at: position) }
        return id
    }

    public mutating func moveCard(from: Int, to: Int) {
        editOrder { order in
            let id = order.remove(at: from)
            order.insert(id, at: min(max(0, to), order.count))
        }
    }

    /// Adds a card with `value` and `style` (not yet placed in the order); returns its id.
    public mutating func makeCard(value: Int, style: ItemStyle, allowsMenu menu: Bool) -> Int {
        madeValues.append(value); madeStyles.append(style); madeMenus.append(menu)
        return cardCount - 1
    }

    // MARK: Listed

    /// Every card's value, by id: O(n).
    public var values: [Int] { (0..<cardCount).map(value(of:)) }
    /// Every card's style, by id: O(n). Setting it restyles the cards whose style changed.
    public var styles: [ItemStyle] {
        get { (0..<cardCount).map(style(of:)) }
        set {
            for id in newValue.indices where id < cardCount && style(of: id) != newValue[id] { setStyle(newValue[id], of: id) }
        }
    }
    /// Whether each card allows a menu, by id: O(n).
    public var allowsMenu: [Bool] { (0..<cardCount).map(allowsMenu(of:)) }
    /// Card ids in display order: O(n) to read. Set to `0..<generatedCount` it is stored as nothing again.
    public var order: [Int] {
        get { listedOrder ?? Array(0..<generatedCount) }
        set {
            if newValue.count == generatedCount, newValue.elementsEqual(0..<generatedCount) { listedOrder = nil } else { listedOrder = newValue }
        }
    }

    /// The card ids' styles in display order.
    public func orderedStyles() -> [ItemStyle] { (0..<count).map { style(of: card(at: $0)) } }

    /// The same cards (values, styles, menus) in the same order, however each is stored.
    public static func == (a: MosaicModel, b: MosaicModel) -> Bool {
        guard a.count == b.count, a.cardCount == b.cardCount else { return false }
        if a.preset == b.preset, a.generatedCount == b.generatedCount, a.restyledIDs == b.restyledIDs, a.restyledStyles == b.restyledStyles,
           a.madeValues == b.madeValues, a.madeStyles == b.madeStyles, a.madeMenus == b.madeMenus,
           a.listedOrder == b.listedOrder, a.names == b.names { return true }
        guard a.names == b.names else { return false }
        for id in 0..<a.cardCount where a.value(of: id) != b.value(of: id) || a.style(of: id) != b.style(of: id)
            || a.allowsMenu(of: id) != b.allowsMenu(of: id) { return false }
        for p in 0..<a.count where a.card(at: p) != b.card(at: p) { return false }
        return true
    }
}

/// An edit the user made, kept for undo and redo.
enum MosaicEdit {
    case style(id: Int, from: ItemStyle, to: ItemStyle)
    /// A card inserted at a position (Duplicate); undo deletes it.
    case insert(id: Int, at: Int)
    /// A card deleted from a position; undo puts it back.
    case delete(id: Int, at: Int)
    /// A card moved (Move to top, a drag).
    case move(id: Int, from: Int, to: Int)
    /// A card named, renamed or its name taken away (nil).
    case rename(id: Int, from: String?, to: String?)
    /// The whole order (and styles) replaced (shuffle, reset).
    case replace(before: [Int], beforeStyles: [ItemStyle], after: [Int], afterStyles: [ItemStyle])

    /// The edit that undoes this one.
    var inverse: MosaicEdit {
        switch self {
        case let .style(id, from, to): return .style(id: id, from: to, to: from)
        case let .insert(id, at): return .delete(id: id, at: at)
        case let .delete(id, at): return .insert(id: id, at: at)
        case let .move(id, from, to): return .move(id: id, from: to, to: from)
        case let .rename(id, from, to): return .rename(id: id, from: to, to: from)
        case let .replace(b, bs, a, as_): return .replace(before: a, beforeStyles: as_, after: b, afterStyles: bs)
        }
    }

    /// Applies the edit to `model`; returns the ids whose content changed (to reconfigure).
    func apply(to model: inout MosaicModel) -> [Int] {
        switch self {
        case let .style(id, _, to):
            model.setStyle(to, of: id)
            return [id]
        case let .insert(id, at):
            model.insertCard(id, at: at)
        case let .delete(_, at):
            model.removeCard(at: at)
        case let .move(_, from, to):
            model.moveCard(from: from, to: to)
        case let .rename(id, _, to):
            model.setName(to, of: id)
            return [id]
        case let .replace(_, _, after, afterStyles):
            // Cards made later (duplicates) keep their styles: only the recorded prefix is restored.
            let changed = (0..<model.count).map(model.card(at:))
                .filter { $0 < afterStyles.count && model.style(of: $0) != afterStyles[$0] }
            model.order = after
            for i in afterStyles.indices where i < model.cardCount && model.style(of: i) != afterStyles[i] {
                model.setStyle(afterStyles[i], of: i)
            }
            return changed
        }
        return []
    }
}

extension MosaicModel {
    /// Cards as remembered: nil unless the arrays describe the same cards (one value, style and
    /// menu flag per id) and `order` shows each id at most once. Every card is listed.
    public init?(values: [Int], styles: [ItemStyle], allowsMenu: [Bool], order: [Int]) {
        guard styles.count == values.count, allowsMenu.count == values.count,
              order.allSatisfy({ values.indices.contains($0) }), Set(order).count == order.count else { return nil }
        madeValues = values
        madeStyles = styles
        madeMenus = allowsMenu
        listedOrder = order
    }
}
