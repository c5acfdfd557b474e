import CollectionKit
import Foundation

/// How the wall orders its pictures.
public enum PhotoSort: String, Sendable {
    /// By name, as the folder lists them: a folder's own pictures, then each subfolder's
    /// (``PhotoLibrary/listedBefore(_:_:)``), grouped by folder when there are subfolders.
    case name
    /// By the date taken (EXIF DateTimeOriginal, else the file's modification time), newest
    /// first, as photo apps show a library; pictures without a date last, by name. Grouped by
    /// month under pinned headers.
    case date
}

/// The photos scene's header band: the folder's name and how many pictures it shows at the
/// leading end, the sort switch (Name, Date taken) at the trailing end.
extension PhotosScene {
    static let headerHeight = 44.0
    static var sortByName: String { tr("Name") }
    static var sortByDate: String { tr("Date taken") }

    /// Takes the dates a background read finished, and sorts by them.
    func takeDatesRead(now: Double) {
        guard let read = datesRead.take() else { return }
        factsCache.merge(read) { old, _ in old }
        readingDates = false
        sort(by: .date, now: now)
    }

    /// The title: "trip · 201 pictures".
    var headerTitle: String {
        let name = library.folder.map { PhotoCell.fileName($0) } ?? tr("Photos")
        return filled(tr("%1$@ · %2$@"), name, filled(trn("%@ picture", "%@ pictures", order.count), "\(order.count)"))
    }

    func drawHeader(into list: inout DrawList) {
        guard headerFrame.height > 0 else { return }
        list.fill(headerFrame, Theme.surface)
        // The title takes the band up to the sort buttons (the row spans the band; its buttons
        // sit at its trailing end).
        let rtl = collection.layoutDirection == .rightToLeft
        let buttons = [nameButton.frame, dateButton.frame]
        let textWidth = rtl ? max(0, headerFrame.maxX - 16 - (buttons.map(\.maxX).max() ?? headerFrame.minX) - 12)
                            : max(0, (buttons.map(\.minX).min() ?? headerFrame.maxX) - 12 - headerFrame.minX - 16)
        let text = Rect(x: rtl ? headerFrame.maxX - 16 - textWidth : headerFrame.minX + 16, y: headerFrame.minY, width: textWidth, height: headerFrame.height)
        let title = readingDates ? headerTitle + "  ·  " + tr("reading dates…") : headerTitle
        list.text(title, in: text, size: 15, color: Theme.text, alignment: .leading, weight: .bold)
    }

    /// Orders the wall by `sort`, as one undoable edit (the order before comes back with Ctrl+Z).
    /// In a window, dates not read yet are read on a thread of their own first (the header says
    /// so meanwhile) and the wall is sorted when they are in.
    func sort(by sort: PhotoSort, now: Double) {
        if sort == .date, library.readsDatesInBackground {
            let missing = order.map { library.files[$0] }.filter { factsCache[$0] == nil }
            if !missing.isEmpty {
                guard !readingDates else { return }
                readingDates = true
                let read = library.facts, mailbox = datesRead, wake = library.wake
                Thread.detachNewThread {
                    var out: [String: PictureFacts] = [:]
                    for file in missing { out[file] = read(file) }
                    mailbox.post(out)
                    wake()
                }
                return
            }
        }
        manager.finishLandings()
        let before = order, sortBefore = self.sortMode
        let after = sorted(order, by: sort)
        self.sortMode = sort
        updateSortButtons()
        // The same order still changes the groups (months or folders).
        guard after != before else { setOrder(after); return }
        setOrder(after)
        manager.history.push(tr("sort pictures"), undo: { [unowned self] in
            self.sortMode = sortBefore; updateSortButtons(); setOrder(before)
        }, redo: { [unowned self] in
            self.sortMode = sort; updateSortButtons(); setOrder(after)
        })
    }

    /// `pictures` (indices into the library) in `sort`'s order. Reads each picture's dates once.
    func sorted(_ pictures: [Int], by sort: PhotoSort) -> [Int] {
        pictures.sorted { precedes(library.files[$0], library.files[$1], by: sort) }
    }

    /// Whether the picture of `a` comes before that of `b` in `sort`'s order.
    func precedes(_ a: String, _ b: String, by sort: PhotoSort) -> Bool {
        guard sort == .date else { return PhotoLibrary.listedBefore(a, b) }
        switch (facts(of: a).date, facts(of: b).date) {
        case let (x?, y?) where x != y: return x > y
        case (nil, _?): return false
        case (_?, nil): return true
        default: return PhotoLibrary.listedBefore(a, b)
        }
    }

    /// A picture's size and dates, read once per file.
    func facts(of file: String) -> PictureFacts {
        if let known = factsCache[file] { return known }
        let f = library.facts(file)
        factsCache[file] = f
        return f
    }

    func updateSortButtons() {
        nameButton.kind = sortMode == .name ? .suggested : .normal
        dateButton.kind = sortMode == .date ? .suggested : .normal
    }
}
