import CollectionKit

/// The calendar's keys for the shortcuts window (F1): the month pages, the focused day, and the
/// events of a day, as the scene's handlers take them (the header names none of them).
extension CalendarScene: ShortcutListing {
    var shortcutSections: [ShortcutSection] {
        let arrows: [Key] = [.up, .down, .left, .right]
        return [
            ShortcutSection(title: tr("Days"), shortcuts: [
                Shortcut("↑ ↓ ← →", tr("Move the focus between days"), matches: { k, m in m.isSubset(of: .shift) && arrows.contains(k) }, run: nil),
                Shortcut(tr("Space"), tr("Choose the focused day; with Shift, a range"), matches: { k, m in k == .space && m.isSubset(of: .shift) }, run: nil),
                Shortcut(tr("Enter"), tr("Open the focused day's events"), matches: { k, m in k == .enter && m.isSubset(of: .shift) }, run: nil),
                Shortcut(tr("Escape"), tr("Unchoose every day"), key: .escape, run: nil),
                // The page keys and Home turn the pages whatever modifier is held.
                Shortcut(tr("Page Up  /  Page Down"), tr("Show the previous or next month"), matches: { k, _ in k == .pageUp || k == .pageDown }, run: nil),
                Shortcut(tr("Home"), tr("Go to today"), matches: { k, _ in k == .home }, run: nil),
            ]),
            ShortcutSection(title: tr("Events"), shortcuts: [
                Shortcut(tr("Ctrl+N"), tr("Add an event on the focused day"), key: Key("n"), mods: .ctrl, run: nil),
                Shortcut(tr("Tab"), tr("Move between the focused day's events"), matches: { k, m in k == .tab && m.isSubset(of: .shift) }, run: nil),
                Shortcut("F2", tr("Rename the focused event"), key: Key("F2"), run: nil),
                Shortcut(tr("Delete"), tr("Delete the focused event"), key: Key("Delete"), run: nil),
                Shortcut(tr("Ctrl+Z"), tr("Undo"), key: Key("z"), mods: .ctrl, run: nil),
                Shortcut(tr("Ctrl+Shift+Z  or  Ctrl+Y"), tr("Redo"), matches: { k, m in
                    (k == Key("z") && m == [.ctrl, .shift]) || (k == Key("y") && (m == .ctrl || m == [.ctrl, .shift]))
                }, run: nil),
            ]),
        ]
    }
}
