import CollectionKit
/// The whole demo as the backend sees it: a tab bar of scenes, input in, draw lists out.
/// Time is always passed in; the app never reads a clock.
public final class App: InteractiveRoot {
    public private(set) var size: Size
    public let config: SceneConfig
    let entries: [SceneEntry]
    private var scenes: [String: any Scene] = [:]
    public private(set) var currentName: String
    public internal(set) var quitRequested = false
    /// The window's parts and its one focus chain (see App+Shell.swift): input, drawing and the
    /// cursor go through it.
    private(set) lazy var shell: Composition = makeShell()
    var tabsStop: TabBarStop!
    var sceneStop: SceneStop!
    var noticesStop: NoticesStop!
    /// Whether the last Tab went forward (Shift+Tab: false), to enter a stop from that end.
    var lastTabForward = true
    private var pointer: Point { shell.pointer ?? Point(x: -1, y: -1) }
    var hoveredTab: Int?
    /// The tab bar has the keyboard focus (Tab before a scene's first stop, or past the notices):
    /// Left and Right switch scenes, Tab goes on into the scene. Its ring shows.
    public var tabBarFocused: Bool { shell.focus.focused === tabsStop && !shell.focus.leftOut }
    /// The notice whose close button has the keyboard focus (Tab after the tab bar), by index
    /// among the shown notices; its ring shows.
    var noticeFocus: Int?
    private var appNotices: [String] = []
    var noticeBar = NoticeBar()
    /// The keyboard shortcuts window (F1, Ctrl+?), over everything while open.
    var shortcutsWindow = ShortcutsWindow()
    /// Whether the window is maximized and its normal size (`App+Desktop.swift`).
    var maximizedState = MaximizedState()
    /// The primary menu (F10) and its About dialog (`App+PrimaryMenu.swift`).
    let primaryMenu = PrimaryMenu()
    /// The notice bar's height the scenes were last laid out for.
    private var noticeSpace = 0.0
    public private(set) var peakLiveCells = 0
    /// Accessibility events for a bus adapter, queued after `listenForAccessibilityEvents()` (see
    /// App+Accessibility.swift).
    public let accessibilityEvents = AccessibilityEventQueue()
    var accessibilityWatchers: [String: AccessibilityWatcher] = [:]
    private var now: Double = 0
    /// Where what the user did is remembered between runs; nil keeps nothing (headless runs
    /// without `--state-dir`, and `--fresh`).
    public var stateStore: StateStore?
    /// What was read at start, updated from the scenes at each save.
    private var remembered: RememberedState
    /// The time of the first input since the last save that may have changed remembered state.
    var unsavedSince: Double?
    /// How long the state must stay unchanged before it is written: a burst of edits is one write.
    public static let stateSaveDelay = 1.0
    /// Device pixels per point the frames are drawn at (reported in the dump).
    public var pixelScale = 1.0

    /// `remembered` is put back into each scene as it is first made (see `RememberedState`).
    public init(scene: String, size: Size, config: SceneConfig = SceneConfig(), entries: [SceneEntry] = SceneCatalog.all,
                remembered: RememberedState? = nil) throws {
        self.size = size
        self.config = config
        self.entries = entries
        self.remembered = remembered ?? RememberedState()
        guard entries.contains(where: { $0.name == scene }) else {
            throw AppError("unknown scene '\(scene)' (scenes: \(entries.map(\.name).joined(separator: ", ")))")
        }
        currentName = scene
        _ = try sceneNamed(scene)
        syncNoticeSpace()
    }

    public var tabBarHeight: Double { Theme.tabBarHeight }
    public var sceneFrame: Rect { Rect(x: 0, y: tabBarHeight, width: size.width, height: max(0, size.height - tabBarHeight - noticeSpace)) }
    public var currentScene: any Scene { scenes[currentName]! }

    private func sceneNamed(_ name: String) throws -> any Scene {
        if let s = scenes[name] { return s }
        guard let entry = entries.first(where: { $0.name == name }) else { throw AppError("unknown scene '\(name)'") }
        let s = try entry.make(config)
        // The scene's chain ends at the tab bar, which is the app's: Tab past either end comes here.
        s.composition.focus.wraps = false
        if let notice = remembered.restore(into: s, config: config) { appNotices.append(notice) }
        s.setFrame(sceneFrame)
        scenes[name] = s
        return s
    }

    public func switchTo(_ name: String, now: Double) {
        guard name != currentName else { return }
        do {
            let next = try sceneNamed(name)
            currentScene.didDeactivate(now: now)
            currentName = name
            next.setFrame(sceneFrame)
            if shell.focus.focused !== sceneStop { next.composition.focus.leave(now: now) }
            next.update(now: now)
        } catch {
            appNotices.append("\(error)")
        }
        syncNoticeSpace()
    }

    // MARK: Input

    public func handle(_ event: InputEvent, now: Double) {
        self.now = now
        if App.mayChangeRememberedState(event), unsavedSince == nil { unsavedSince = now }
        if case let .resize(s) = event {
            size = Size(width: max(1, s.width), height: max(1, s.height))
            for scene in scenes.values { scene.setFrame(sceneFrame) }
            // What runs on between frames (a drag's auto-scroll, whose zones and speed come from
            // the viewport) takes the new frames from the resize's own moment, not from whichever
            // frame tick follows it.
            currentScene.update(now: now)
            return
        }
        _ = shell.handle(event, now: now)
    }

    func requestQuit() { quitRequested = true }

    /// Escape with notices shown: every notice goes.
    func dismissAllNotices() {
        noticeBar.dismissAll(allNotices)
        syncNoticeSpace()
    }

    func dismissNotice(_ notice: String) {
        noticeBar.dismiss(notice)
        syncNoticeSpace()
    }

    public var cursor: Cursor { shell.cursor(at: pointer) ?? .arrow }

    // MARK: Frame

    public func update(now: Double) {
        self.now = now
        currentScene.update(now: now)
        if let since = unsavedSince, now >= since + App.stateSaveDelay, !currentScene.isDragging { saveRememberedState() }
        syncNoticeSpace()
        peakLiveCells = max(peakLiveCells, liveCellCount)
        syncAccessibility()
    }

    /// The shown scene's next deadline, or the moment a change is due to be remembered: the tab
    /// bar and notices change only with input.
    public func nextDeadline(after now: Double) -> Double? {
        let scene = currentScene.nextDeadline(after: now)
        // Nothing is saved mid-drag, so a held drag does not keep the window awake for it.
        guard stateStore != nil, let since = unsavedSince, !currentScene.isDragging else { return scene }
        return min(scene ?? .infinity, max(now, since + App.stateSaveDelay))
    }
    public func drawAhead() -> DrawList? { currentScene.drawAhead() }

    /// Cell objects alive across every scene that has been created.
    public var liveCellCount: Int { scenes.values.reduce(0) { $0 + $1.liveCellCount } }

    public func draw() -> DrawList {
        var list = DrawList()
        list.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), Theme.background)
        shell.draw(into: &list)
        return list
    }

    func tabRects() -> [Rect] { tabLayout().rects }

    /// The tabs' labels, as drawn: "1  Grid" while the row fits whole, only the numbers (the keys
    /// that show each view) in a window too narrow for that, never a label cut to "1…".
    var tabTitles: [String] { tabsAreCompact ? entries.indices.map { "\($0 + 1)" } : fullTabTitles }

    private var fullTabTitles: [String] { entries.indices.map { "\($0 + 1)  \(entries[$0].title)" } }

    private static let tabGap = 6.0, tabPadding = 12.0

    /// The estimated widths of the full labels at `fontSize` (for the bold face, so selecting a tab
    /// never moves the others), padding included.
    private func fullTabWidths(_ fontSize: Double) -> [Double] {
        fullTabTitles.map { (Double($0.count) * fontSize * 0.6 * Appearance.textScale).rounded(.up) + 2 * App.tabPadding }
    }

    /// True when even the 12-point row of full labels is wider than the window: the tab bar shows
    /// numbers (libadwaita's view switcher drops its labels the same way when it narrows).
    var tabsAreCompact: Bool {
        let widths = fullTabWidths(12)
        return widths.reduce(0, +) + App.tabGap * Double(max(0, widths.count - 1)) > size.width - 16
    }

    /// The tab bar: each tab as wide as its label plus padding, the row centred; the type steps
    /// down from 14 to 12 points before any label would be cut. A window too narrow for the
    /// 12-point row gets the compact bar: numbered tabs of one width, at most 44 points each.
    func tabLayout() -> (rects: [Rect], fontSize: Double) {
        let placed = leftToRightTabLayout()
        guard config.layoutDirection.isRightToLeft else { return placed }
        // Right to left, the row is its mirror image: the first tab on the right.
        let mirror = LayoutMirror(direction: .rightToLeft, width: size.width)
        return (placed.rects.map(mirror.rect), placed.fontSize)
    }

    private func leftToRightTabLayout() -> (rects: [Rect], fontSize: Double) {
        let available = size.width - 16, gap = App.tabGap, height = tabBarHeight - 12
        let count = Double(max(1, entries.count))
        if !tabsAreCompact {
            for fontSize in [14.0, 13, 12] {
                let widths = fullTabWidths(fontSize)
                let total = widths.reduce(0, +) + gap * Double(max(0, widths.count - 1))
                guard total <= available else { continue }
                var x = ((size.width - total) / 2).rounded(.down)
                return (widths.map { w in defer { x += w + gap }; return Rect(x: x, y: 6, width: w, height: height) }, fontSize)
            }
        }
        let w = min(44, ((available - gap * (count - 1)) / count).rounded(.down))
        let total = w * count + gap * (count - 1)
        let x0 = ((size.width - total) / 2).rounded(.down)
        return (entries.indices.map { Rect(x: x0 + Double($0) * (w + gap), y: 6, width: w, height: height) }, 13)
    }

    func tabIndex(at p: Point) -> Int? { tabRects().firstIndex { $0.contains(p) } }

    func drawTabBar(into list: inout DrawList) {
        list.fill(Rect(x: 0, y: 0, width: size.width, height: tabBarHeight), Theme.surface)
        list.fill(Rect(x: 0, y: tabBarHeight - 1, width: size.width, height: 1), Theme.border)
        let (rects, fontSize) = tabLayout()
        for (i, r) in rects.enumerated() {
            let selected = entries[i].name == currentName
            if selected { list.fill(r, Theme.accent, radius: 6) }
            else if hoveredTab == i { list.fill(r, Theme.surfaceRaised, radius: 6) }
            list.text(tabTitles[i], in: r, size: fontSize, color: selected ? .white : Theme.textDim,
                      alignment: .center, weight: selected ? .bold : .regular)
            if selected, tabBarFocused { FocusRing.draw(around: r, radius: 6, into: &list) }
        }
    }

    func drawNotices(into list: inout DrawList) {
        noticeBar.draw(allNotices, in: size, hovered: pointer, focused: noticeFocus, into: &list)
    }

    var allNotices: [String] { appNotices + currentScene.notices }
    /// The notices on screen now: not dismissed, newest last.
    public var shownNotices: [String] { noticeBar.visible(allNotices) }

    /// A press on the notice bar closes the notice whose button it hit and goes no further.
    func pressNotices(at p: Point, button: MouseButton) {
        let all = allNotices
        if button == .left, let hit = noticeBar.closeButtons(for: all, in: size).first(where: { $0.rect.contains(p) }) {
            noticeBar.dismiss(hit.notice)
            syncNoticeSpace()
        }
    }

    /// Gives the scenes the room above the notice bar whenever the bar's height changes.
    private func syncNoticeSpace() {
        let h = noticeBar.height(for: allNotices)
        guard h != noticeSpace else { return }
        noticeSpace = h
        for scene in scenes.values { scene.setFrame(sceneFrame) }
    }

    public func addNotice(_ message: String) { appNotices.append(message) }

    // MARK: Appearance

    /// Where the appearance came from ("flags", "portal", "gsettings", "none"), for the dump.
    public var appearanceSource = "none"

    /// The engine's appearance changed (the desktop's settings, live): text of another size is
    /// measured again, so every scene is laid out afresh; colours and motion need nothing, as
    /// they are read at each frame.
    public func appearanceDidChange(textScale changed: Bool) {
        guard changed else { return }
        for scene in scenes.values {
            scene.composition.invalidateMeasurements()
            scene.setFrame(sceneFrame)
        }
    }

    /// Every text run the window shows now, from the draw list: its text, frame (window points),
    /// whether it is cut with an ellipsis, and whether it is chrome (`control`) or an item's own
    /// text (`content`), so a script can check a layout without looking at pixels.
    private func textsDump() -> JSON {
        .array(draw().placedTexts(measuredBy: config.measurer).map { t in
            .object([("text", .string(t.text)), ("frame", .rect(t.frame.roundedToHundredths)), ("shortened", .bool(t.shortened)),
                     ("role", .string(t.role.rawValue))])
        })
    }

    private func appearanceDump() -> JSON {
        .object([("colorScheme", .string(Appearance.colorScheme.rawValue)), ("reduceMotion", .bool(Appearance.reducesMotion)),
                 ("textScale", .number(Appearance.textScale)), ("source", .string(appearanceSource))])
    }

    // MARK: State dump

    public func dumpState() -> JSON {
        var pairs: [(String, JSON)] = [
            ("scene", .string(currentName)),
            ("size", .size(size)),
            ("dragging", .bool(currentScene.isDragging)),
            ("notices", .strings(shownNotices)),
            // Where each shown notice's close button is (window points), in the order of `notices`.
            ("noticeCloseButtons", .array(noticeBar.closeButtons(for: allNotices, in: size).map { .rect($0.rect) })),
            // The notices' band across the bottom of the window (null while none is shown).
            ("noticeBand", shownNotices.isEmpty ? .null : .rect(noticeBar.area(for: allNotices, in: size))),
            ("scale", .number(pixelScale)),
            ("stateFile", stateStore.map { .string($0.path) } ?? .null),
            // A scene's sheet that dims and blocks the whole window, tab bar included.
            ("modal", .bool(sceneIsModal)),
            ("shortcutsWindow", shortcutsWindow.dump(in: size)),
            // The window's title, and whether it is maximized (false headless).
            ("window", .object([("title", .string(windowTitle)), ("maximized", .bool(windowIsMaximized))])),
            // The primary menu (F10): open or not, its entries and highlighted row, the About dialog.
            ("primaryMenu", primaryMenuDump),
        ]
        var scene = currentScene.dumpState()
        // With the tab bar focused, the window's keyboard focus is the app's, not the scene's.
        if tabBarFocused, let i = scene.firstIndex(where: { $0.0 == "keyboardFocus" }) {
            scene[i].1 = .object([("stop", .string("tabs")), ("ring", .bool(true))])
        }
        // A notice's close button with the focus: the stop is "notice".
        if noticeFocus != nil, let i = scene.firstIndex(where: { $0.0 == "keyboardFocus" }) {
            scene[i].1 = .object([("stop", .string("notice")), ("ring", .bool(true))])
        }
        pairs += scene
        pairs.append(("appearance", appearanceDump()))
        pairs.append(("texts", textsDump()))
        return .object(pairs)
    }
}

// MARK: Remembered state

extension App {
    /// The remembered state as it stands: the scene, the window size, and every scene shown so
    /// far (scenes not shown this run keep what was read).
    public func rememberedState() -> RememberedState {
        var state = remembered
        state.scene = currentName
        // Maximized, the size to remember is the one the window had before: it goes back to it.
        let normal = windowIsMaximized ? normalWindowSize ?? remembered.windowWidth.flatMap { w in remembered.windowHeight.map { Size(width: w, height: $0) } } ?? size : size
        state.windowWidth = normal.width
        state.windowHeight = normal.height
        state.windowMaximized = windowIsMaximized ? true : nil
        for scene in scenes.values { state.take(from: scene, config: config) }
        return state
    }

    /// Writes the remembered state now if anything may have changed since the last write.
    public func saveRememberedState() {
        guard let store = stateStore, unsavedSince != nil else { return }
        unsavedSince = nil
        remembered = rememberedState()
        if let problem = store.save(remembered) { appNotices.append(problem) }
    }

    /// Presses, releases, keys and resizes may change what is remembered; moves and the wheel do
    /// not (a drag's data changes on its release).
    static func mayChangeRememberedState(_ event: InputEvent) -> Bool {
        switch event {
        case .pointerDown, .pointerUp, .key, .resize, .drop: return true
        default: return false
        }
    }
}

public struct AppError: Error, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}

// MARK: Shortcuts window and modal sheets

extension App {
    /// The shown scene has a modal sheet open (the carousel's reading sheet).
    var sceneIsModal: Bool { (currentScene as? ModalSheetPresenting)?.modalSheet != nil }

    /// The sections the shortcuts window lists for the shown scene: the scene's, then the app's.
    var shortcutSections: [ShortcutSection] {
        ((currentScene as? ShortcutListing)?.shortcutSections ?? []) + [AppShortcuts.section(sceneCount: entries.count)]
    }
}


private extension Rect {
    /// The rect with each number to two decimals: a dump's frames read as points, not as noise.
    var roundedToHundredths: Rect {
        func r(_ v: Double) -> Double { (v * 100).rounded() / 100 }
        return Rect(x: r(minX), y: r(minY), width: r(width), height: r(height))
    }
}
