import CollectionKit
/// One keyboard shortcut of a scene: the keys that trigger it, what they are called in the
/// shortcuts window, and what they do. A scene's key handling runs its shortcuts through
/// `ShortcutSection.run`, and the shortcuts window lists the same values, so the window cannot
/// name a key the scene does not take, nor miss one it does.
struct Shortcut {
    /// The keys as the shortcuts window shows them ("Ctrl+Z").
    let keys: String
    /// What the keys do, in sentence case ("Undo the last change").
    let title: String
    /// Whether a key press is this shortcut.
    let matches: (Key, Modifiers) -> Bool
    /// What the shortcut does; true when it took the key (a command with nothing to act on may
    /// pass the key on). Nil for keys another part of the scene handles (the focused collection's
    /// arrows, a drag's Space), listed so the window names them too.
    let run: ((Double) -> Bool)?

    /// A shortcut for `key` with exactly `mods` held.
    init(_ keys: String, _ title: String, key: Key, mods: Modifiers = [], run: ((Double) -> Bool)?) {
        self.keys = keys; self.title = title
        matches = { k, m in k == key && m == mods }
        self.run = run
    }

    init(_ keys: String, _ title: String, matches: @escaping (Key, Modifiers) -> Bool, run: ((Double) -> Bool)?) {
        self.keys = keys; self.title = title; self.matches = matches; self.run = run
    }
}

/// A titled group of shortcuts ("Cards", "General"), as GNOME's shortcuts windows group them.
struct ShortcutSection {
    let title: String
    let shortcuts: [Shortcut]

    /// Runs the first shortcut of `sections` that matches the key and has an action; true when
    /// one took the key.
    static func run(_ sections: [ShortcutSection], key: Key, mods: Modifiers, now: Double) -> Bool {
        for section in sections {
            for s in section.shortcuts where s.matches(key, mods) {
                if let run = s.run, run(now) { return true }
            }
        }
        return false
    }
}

/// Scenes that list their keys for the shortcuts window.
protocol ShortcutListing {
    /// The scene's keyboard shortcuts, grouped, in the order the window lists them.
    var shortcutSections: [ShortcutSection] { get }
}

/// The keys the app itself takes, whichever scene is shown.
enum AppShortcuts {
    /// F1, or Ctrl+? (Ctrl+Shift+/ on most layouts), as GNOME apps open their shortcuts window.
    static func opensShortcutsWindow(_ key: Key, _ mods: Modifiers) -> Bool {
        if key == Key("F1"), mods.isEmpty { return true }
        guard mods.contains(.ctrl), mods.isSubset(of: [.ctrl, .shift]) else { return false }
        return key == Key("?") || (key == Key("/") && mods.contains(.shift))
    }

    /// F10, as GNOME apps open their primary menu.
    static func opensPrimaryMenu(_ key: Key, _ mods: Modifiers) -> Bool { key == Key("F10") && mods.isEmpty }

    /// Ctrl+Q quits; Ctrl+W closes the window, which is the app's only one, so it quits too
    /// (the state is saved either way).
    static func quits(_ key: Key, _ mods: Modifiers) -> Bool {
        mods.contains(.ctrl) && (key == Key("q") || key == Key("w"))
    }

    /// The app's own section, listed last in every scene's window.
    static func section(sceneCount: Int) -> ShortcutSection {
        ShortcutSection(title: tr("General"), shortcuts: [
            Shortcut(tr("Ctrl+?  or  F1"), tr("Show keyboard shortcuts"), matches: opensShortcutsWindow, run: nil),
            Shortcut("1 – \(sceneCount)", tr("Show a view by its number"), matches: { k, m in m.isEmpty && (k.digit ?? 0) >= 1 && (k.digit ?? 0) <= sceneCount }, run: nil),
            Shortcut(tr("Tab  /  Shift+Tab"), tr("Move the focus"), matches: { k, m in k == .tab && m.isSubset(of: .shift) }, run: nil),
            Shortcut(tr("Escape"), tr("Close a notice or a dialog"), key: .escape, run: nil),
            Shortcut(tr("F10"), tr("Open the main menu"), matches: opensPrimaryMenu, run: nil),
            Shortcut(tr("Ctrl+W"), tr("Close the window"), key: Key("w"), mods: .ctrl, run: nil),
            Shortcut(tr("Ctrl+Q"), tr("Quit"), key: Key("q"), mods: .ctrl, run: nil),
        ])
    }
}
