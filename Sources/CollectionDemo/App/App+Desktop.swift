import CollectionKit

/// What the desktop asks of the running app: its window title, and the actions a second launch,
/// a desktop entry's `Actions=` or any D-Bus caller activates (GApplication's `ActivateAction`).
extension App {
    /// The window's title: the scene shown, then the program ("Boards — Collection Demo").
    public var windowTitle: String {
        let scene = entries.first { $0.name == currentName }?.title ?? currentName
        return filled(tr("%@ — Collection Demo"), scene)
    }

    /// The actions the app takes: `scene NAME` shows a scene (and `scene-NAME`, without a
    /// parameter, the same: a desktop entry's `[Desktop Action scene-boards]` is activated with
    /// none), `new-card` starts a card on the boards' focused board, `shortcuts` opens the keyboard
    /// shortcuts, `quit` quits (the state is saved as with Ctrl+Q).
    public static let actionNames = ["scene", "scene-NAME", "new-card", "shortcuts", "quit"]

    /// `scene-NAME` as `scene` with `[NAME]`; other actions as they are.
    static func canonicalAction(_ action: String, _ parameters: [String]) -> (String, [String]) {
        if action.hasPrefix("scene-"), parameters.isEmpty { return ("scene", [String(action.dropFirst("scene-".count))]) }
        return (action, parameters)
    }

    /// Whether `action` with `parameters` can be activated in an app that shows `scenes`: nil when
    /// it can, else what is wrong (for the D-Bus caller; it runs on the bus's thread).
    public static func checkAction(_ action: String, _ parameters: [String], scenes: [String]) -> String? {
        let (action, parameters) = canonicalAction(action, parameters)
        switch action {
        case "scene":
            guard parameters.count == 1, let name = parameters.first else { return "the action 'scene' takes one scene name" }
            return scenes.contains(name) ? nil : "unknown scene '\(name)'; scenes: \(scenes.joined(separator: ", "))"
        case "new-card", "shortcuts", "quit":
            return parameters.isEmpty ? nil : "the action '\(action)' takes no parameter"
        default:
            return "unknown action '\(action)'; actions: \(actionNames.joined(separator: ", "))"
        }
    }

    /// Activates `action` (checked with ``checkAction(_:_:scenes:)``); a scene this app was not
    /// made with gives a notice.
    public func activate(_ action: String, parameters: [String], now: Double) {
        let (action, parameters) = App.canonicalAction(action, parameters)
        // The scene shown (or a card started) is remembered, as after a key press.
        if action == "scene" || action == "new-card", unsavedSince == nil { unsavedSince = now }
        switch action {
        case "scene":
            guard let name = parameters.first else { return }
            guard entries.contains(where: { $0.name == name }) else {
                addNotice(filled(tr("The %@ view is not open in this window; start the program with its options to show it."), name))
                return
            }
            switchTo(name, now: now)
        case "new-card":
            switchTo("boards", now: now)
            _ = shell.handle(.key(Key("n"), .ctrl), now: now)
        case "shortcuts":
            if !shortcutsWindow.isOpen { shortcutsWindow.open(shortcutSections) }
        case "quit":
            requestQuit()
        default:
            break
        }
    }
}

// MARK: Maximized

extension App {
    /// Whether the window is maximized, and its size when it was last neither maximized nor
    /// being resized (the size it returns to): the window loop tells the app each frame through
    /// ``windowStateChanged(maximized:normalSize:now:)``, and the remembered state keeps both.
    public internal(set) var windowIsMaximized: Bool {
        get { maximizedState.maximized }
        set { maximizedState.maximized = newValue }
    }
    public internal(set) var normalWindowSize: Size? {
        get { maximizedState.normalSize }
        set { maximizedState.normalSize = newValue }
    }

    /// The window's state as of a frame: maximized or not, and the normal size when known. A
    /// change is remembered like any other.
    public func windowStateChanged(maximized: Bool, normalSize: Size?, now: Double) {
        if let normalSize { normalWindowSize = normalSize }
        guard maximized != windowIsMaximized else { return }
        windowIsMaximized = maximized
        if unsavedSince == nil { unsavedSince = now }
    }
}

/// The window's maximized state as the app keeps it.
struct MaximizedState {
    var maximized = false
    var normalSize: Size?
}
