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
/// menu), in flat arrays indexed by id so a million cards cost a few megabytes. The display
/// order lives in `order`; edits change it and the scene applies a new snapshot.
public struct MosaicModel: Equatable {
    public private(set) var values: [Int] = []
    public var styles: [ItemStyle] = []
    public private(set) var allowsMenu: [Bool] = []
    /// Card ids in display order.
    public var order: [Int] = []

    /// A stable scramble of an integer (splitmix's finaliser), for generated styles and menus.
    static func mix(_ i: Int) -> UInt64 {
        var z = UInt64(truncatingIfNeeded: i) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Whether a card of value `v` allows a context menu: two in three do.
    public static func allowsMenu(value v: Int) -> Bool { v % 3 != 2 }

    public init(preset: MosaicPreset, count: Int? = nil) {
        let n = max(0, count ?? preset.defaultCount)
        values = Array(0..<n)
        styles = (0..<n).map(preset.style)
        allowsMenu = values.map(MosaicModel.allowsMenu(value:))
        order = values
    }

    public var count: Int { order.count }

    /// Adds a card with `value` and `style` (not yet placed in `order`); returns its id.
    public mutating func makeCard(value: Int, style: ItemStyle, allowsMenu menu: Bool) -> Int {
        values.append(value); styles.append(style); allowsMenu.append(menu)
        return values.count - 1
    }

    /// The card ids' styles in display order.
    public func orderedStyles() -> [ItemStyle] { order.map { styles[$0] } }
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
    /// The whole order (and styles) replaced (shuffle, reset).
    case replace(before: [Int], beforeStyles: [ItemStyle], after: [Int], afterStyles: [ItemStyle])

    /// The edit that undoes this one.
    var inverse: MosaicEdit {
        switch self {
        case let .style(id, from, to): return .style(id: id, from: to, to: from)
        case let .insert(id, at): return .delete(id: id, at: at)
        case let .delete(id, at): return .insert(id: id, at: at)
        case let .move(id, from, to): return .move(id: id, from: to, to: from)
        case let .replace(b, bs, a, as_): return .replace(before: a, beforeStyles: as_, after: b, afterStyles: bs)
        }
    }

    /// Applies the edit to `model`; returns the ids whose content changed (to reconfigure).
    func apply(to model: inout MosaicModel) -> [Int] {
        switch self {
        case let .style(id, _, to):
            model.styles[id] = to
            return [id]
        case let .insert(id, at):
            model.order.insert(id, at: min(at, model.order.count))
        case let .delete(_, at):
            model.order.remove(at: at)
        case let .move(_, from, to):
            let id = model.order.remove(at: from)
            model.order.insert(id, at: min(to, model.order.count))
        case let .replace(_, _, after, afterStyles):
            // Cards made later (duplicates) keep their styles: only the recorded prefix is restored.
            let changed = model.order.filter { $0 < afterStyles.count && model.styles[$0] != afterStyles[$0] }
            model.order = after
            for i in afterStyles.indices where i < model.styles.count { model.styles[i] = afterStyles[i] }
            return changed
        }
        return []
    }
}

extension MosaicModel {
    /// Cards as remembered: nil unless the arrays describe the same cards (one value, style and
    /// menu flag per id) and `order` shows each id at most once.
    public init?(values: [Int], styles: [ItemStyle], allowsMenu: [Bool], order: [Int]) {
        guard styles.count == values.count, allowsMenu.count == values.count,
              order.allSatisfy({ values.indices.contains($0) }), Set(order).count == order.count else { return nil }
        self.values = values
        self.styles = styles
        self.allowsMenu = allowsMenu
        self.order = order
    }
}
