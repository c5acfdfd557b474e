import CollectionKit
/// A focus stop a scene makes from closures over its own state: a control drawn by a cell or the
/// scene (the carousel's Open button, the calendar's header buttons), or a collection whose keys
/// the scene handles itself.
final class SceneFocusStop: Component, FocusStop {
    let focusName: String
    private let canFocus: () -> Bool
    private let area: (Point) -> Bool
    private let keys: (Key, Modifiers, Double) -> Bool
    private let changed: (Bool, Bool, Double) -> Void
    private let ring: () -> Bool

    /// `keys` gets the keys that reach the stop while it has the focus (true: taken); `changed`
    /// hears whether it has the focus and whether its ring shows; `showsRing` says whether the
    /// stop's own keys turned its ring on.
    init(_ name: String, canFocus: @escaping () -> Bool = { true }, contains: @escaping (Point) -> Bool = { _ in false },
         keys: @escaping (Key, Modifiers, Double) -> Bool, changed: @escaping (Bool, Bool, Double) -> Void,
         showsRing: @escaping () -> Bool = { false }) {
        focusName = name; self.canFocus = canFocus; area = contains; self.keys = keys; self.changed = changed; ring = showsRing
    }

    var canTakeFocus: Bool { canFocus() }
    var showsOwnRing: Bool { ring() }
    func contains(_ p: Point) -> Bool { area(p) }
    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        guard case let .key(key, mods) = event else { return .ignored }
        return keys(key, mods, now) ? .handled : .ignored
    }
    func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) { changed(isFocused, showsRing, now) }
}
