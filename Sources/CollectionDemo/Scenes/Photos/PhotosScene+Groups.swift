import CollectionKit
import Foundation

/// The wall in groups, each under its header: by month when sorted by date ("March 2024", in the
/// UI language's words and order), by folder when sorted by name and the folder has subfolders
/// ("trip", "trip/day 2"). The groups are runs of the wall's order with one key: a picture moved
/// by the user stays in its group (a drag moves within its section), a picture dropped from
/// elsewhere joins the group it is dropped in.
struct PhotoGroups: Equatable {
    /// Where each group starts in the wall's order (the first is 0), and each one's title (nil:
    /// a wall of one group with no header).
    private(set) var starts: [Int]
    private(set) var titles: [String?]
    /// Pictures on the wall.
    private(set) var total: Int

    /// One group of `total` pictures with no header.
    init(total: Int) { starts = [0]; titles = [nil]; self.total = total }

    /// The groups of a wall whose pictures have `keys`, in order: a new group where the key
    /// changes; a picture whose key is nil joins the group before it. `title` names a key; a wall
    /// of one group has a header only when `headerAlone` says so. O(pictures).
    init<Key: Equatable>(keys: [Key?], headerAlone: Bool, title: (Key) -> String) {
        var starts: [Int] = [], groupKeys: [Key?] = []
        var current: Key?
        for (i, key) in keys.enumerated() {
            if i == 0 { starts.append(0); groupKeys.append(key); current = key; continue }
            guard let key else { continue }
            if current == nil {
                // The group so far had no key: it takes this one.
                current = key
                groupKeys[groupKeys.count - 1] = key
            } else if key != current {
                starts.append(i); groupKeys.append(key); current = key
            }
        }
        self.total = keys.count
        if starts.isEmpty { self.starts = [0]; titles = [nil]; return }
        self.starts = starts
        titles = starts.count == 1 && !headerAlone ? [nil] : groupKeys.map { $0.map(title) ?? "" }
    }

    var count: Int { starts.count }
    /// Whether the groups have headers.
    var hasHeaders: Bool { titles.first! != nil }
    /// The pictures in group `g`.
    func range(_ g: Int) -> Range<Int> { starts[g]..<(g + 1 < starts.count ? starts[g + 1] : total) }
    /// The wall position of an index path (its item may be one past its group's end: an insertion point).
    func position(_ ip: ItemPath) -> Int {
        guard starts.indices.contains(ip.section) else { return total }
        return starts[ip.section] + ip.item
    }
    /// The index path of wall position `i`: O(log groups).
    func indexPath(_ i: Int) -> ItemPath {
        var lo = 0, hi = starts.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if starts[mid] <= i { lo = mid } else { hi = mid }
        }
        return ItemPath(item: i - starts[lo], section: lo)
    }
}

/// Month names as the UI language writes them (ICU through Foundation, the template "LLLLy":
/// "March 2024", "März 2024", "mars 2024" capitalised as a heading).
enum PhotoMonths {
    /// A month as a number (year × 12 + month − 1) in the local calendar, for grouping; nil for no date.
    static func key(_ date: Date?) -> Int? {
        guard let date else { return nil }
        let c = calendar.dateComponents([.year, .month], from: date)
        return (c.year ?? 0) * 12 + (c.month ?? 1) - 1
    }

    static func title(_ key: Int) -> String {
        var c = DateComponents()
        c.year = key / 12; c.month = key % 12 + 1; c.day = 15
        guard let date = calendar.date(from: c) else { return "" }
        let text = formatter.string(from: date)
        return text.prefix(1).uppercased(with: formatter.locale) + text.dropFirst()
    }

    private static var calendar: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = .current
        return c
    }

    private static let formatter: DateFormatter = {
        let f = DateFormatter()
        f.locale = Locale(identifier: TextDomain.numberLocale)
        f.calendar = calendar
        f.timeZone = .current
        f.setLocalizedDateFormatFromTemplate("LLLLy")
        return f
    }()
}

/// A group key: a month, the pictures without a date, or a folder.
enum PhotoGroupKey: Equatable {
    case month(Int)
    case undated
    case folder(String)
}

extension PhotosScene {
    static let groupHeaderHeight = 36.0
    static var undatedTitle: String { tr("No date") }

    /// The wall's pictures in groups for its sort (see ``PhotoGroups``).
    func makeGroups() -> PhotoGroups {
        let prefix = (library.folder ?? "") + "/"
        let keys: [PhotoGroupKey?] = order.map { picture in
            let file = library.files[picture]
            switch sortMode {
            case .date:
                return PhotoMonths.key(facts(of: file).date).map { .month($0) } ?? .undated
            case .name:
                // Pictures from elsewhere (dropped) join the group they are in.
                guard library.folder != nil, file.hasPrefix(prefix) else { return nil }
                let relative = file.dropFirst(prefix.count)
                return .folder(relative.lastIndex(of: "/").map { String(relative[..<$0]) } ?? "")
            }
        }
        let folderName = library.folder.map { PhotoCell.fileName($0) } ?? tr("Photos")
        return PhotoGroups(keys: keys, headerAlone: sortMode == .date) { key in
            switch key {
            case let .month(m): return PhotoMonths.title(m)
            case .undated: return PhotosScene.undatedTitle
            case let .folder(f): return f.isEmpty ? folderName : f
            }
        }
    }

    /// The wall laid out in square tiles at least 150 points wide, as many to a row as fit, each
    /// group under a header pinned to the top while its group scrolls by.
    func makeLayout() -> CompositionalLayout {
        CompositionalLayout { [unowned self] s, env in
            let spacing = 6.0, inset = 10.0, minimum = 150.0
            let inner = max(1, env.containerSize.width - 2 * inset)
            let columns = max(1, Int((inner + spacing) / (minimum + spacing)))
            let side = max(1, ((inner - Double(columns - 1) * spacing) / Double(columns)).rounded())
            let item = LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
            let row = LayoutGroup.horizontal(size: LayoutSize(width: .fractionalWidth(1), height: .absolute(side)),
                                             repeating: item, count: columns, spacing: spacing)
            let headed = groups.hasHeaders
            let last = s == groups.count - 1
            var section = LayoutSection(group: row, interGroupSpacing: spacing,
                                        contentInsets: EdgeInsets(top: headed ? 0 : inset, left: inset, bottom: last ? inset : spacing, right: inset),
                                        header: headed ? BoundarySupplementaryItem(height: .absolute(PhotosScene.groupHeaderHeight), pinToVisibleBounds: true) : nil)
            section.supplementariesFollowContentInsets = false
            return section
        }
    }

    /// A group's header: its title on the wall's background (it covers the pictures passing under it).
    func drawGroupHeader(section: Int, in frame: Rect, into list: inout DrawList) {
        guard groups.titles.indices.contains(section), let title = groups.titles[section] else { return }
        // Right to left the title is at the right end, the count at the left.
        HeaderMirror.draw(in: frame, collection.layoutDirection, into: &list) { list in
            list.fill(frame, Theme.background)
            let text = frame.insetBy(dx: 14, dy: 0)
            let count = counted(groups.range(section).count)
            list.text(title, in: text, size: 14, color: Theme.text, alignment: .leading, weight: .bold)
            list.text(count, in: text, size: 13, color: Theme.textDim, alignment: .trailing)
        }
    }

    /// Keeps the picture the keyboard moved to out from under its group's pinned header: the
    /// view scrolls it into view at the top edge, where the header covers it, so the wall scrolls
    /// on by the header's height (and the spacing below it).
    func revealFocusBelowHeader(now: Double) {
        guard groups.hasHeaders, collection.showsFocusRing, let ip = collection.focusedItem else { revealedFocus = nil; return }
        guard ip != revealedFocus else { return }
        revealedFocus = ip
        guard let f = collection.layout.attributesForItem(at: ip)?.frame else { return }
        var target = collection.physics.restingOffset
        let clear = target.y + PhotosScene.groupHeaderHeight
        guard f.minY < clear, f.maxY > target.y - 1 else { return }
        target.y = max(0, f.minY - PhotosScene.groupHeaderHeight - 6)
        collection.physics.setOffset(target, animated: true, now: now)
    }

    /// The header frames in view (window points), with their sections: the pinned one included.
    func visibleHeaders() -> [(section: Int, frame: Rect)] {
        collection.visibleAttributes.filter { $0.kind == .supplementary("header") }
            .map { ($0.indexPath.section, collection.windowRect(fromContent: $0.frame)) }
            .filter { $0.1.intersects(collection.frame) }
    }

    /// The picture under a window point; none under a group's header (pinned over the pictures).
    func item(atWindowPoint p: Point) -> ItemPath? {
        if visibleHeaders().contains(where: { $0.frame.contains(p) }) { return nil }
        return collection.indexPathForItem(atWindowPoint: p)
    }

    /// The groups for the dump: each one's title and how many pictures it holds, and the title of
    /// the header pinned at the top of the wall (null: none).
    func groupsDump() -> [(String, JSON)] {
        let list: [JSON] = (0..<groups.count).compactMap { g in
            groups.titles[g].map { .object([("title", .string($0)), ("count", .int(groups.range(g).count))]) }
        }
        let top = visibleHeaders().filter { $0.frame.minY <= collection.frame.minY + 0.5 }.map(\.section).last
        return [("groups", .array(list)), ("pinnedHeader", top.flatMap { groups.titles[$0] }.map { .string($0) } ?? .null)]
    }
}
