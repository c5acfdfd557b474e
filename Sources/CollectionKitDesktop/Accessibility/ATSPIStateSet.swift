import CollectionKit

/// A node's states as AT-SPI2 sends them: `GetState` answers two 32-bit words, bit `n` of the
/// pair standing for `AtspiStateType` `n` (at-spi2-core's `atspi-constants.h`).
public struct ATSPIStateSet: Equatable, Sendable {
    public private(set) var words: (UInt32, UInt32) = (0, 0)

    /// The `AtspiStateType` numbers the adapter uses.
    public enum State: Int, CaseIterable, Sendable {
        case active = 1, defunct = 6, editable = 7, enabled = 8, focusable = 11, focused = 12, multiselectable = 18, selectable = 22, selected = 23
        case multiLine = 17, singleLine = 26
        case sensitive = 24, showing = 25, visible = 30, managesDescendants = 31
        /// The name AT-SPI gives the state in `StateChanged` events ("focused").
        public var eventName: String {
            switch self {
            case .active: "active"
            case .defunct: "defunct"
            case .editable: "editable"
            case .multiLine: "multi-line"
            case .singleLine: "single-line"
            case .enabled: "enabled"
            case .focusable: "focusable"
            case .focused: "focused"
            case .multiselectable: "multiselectable"
            case .selectable: "selectable"
            case .selected: "selected"
            case .sensitive: "sensitive"
            case .showing: "showing"
            case .visible: "visible"
            case .managesDescendants: "manages-descendants"
            }
        }
    }

    public init() {}

    /// The states of a node of the engine's tree. Every node is enabled and sensitive unless
    /// disabled, and showing and visible unless its frame lies outside the viewport (`offscreen`);
    /// a node whose children are made on demand (a collection) manages its descendants, so a
    /// screen reader does not walk a million of them.
    /// `active` marks the window that has the keyboard focus, as screen readers expect of a frame.
    public init(_ states: AccessibleStates, managesDescendants: Bool = false, multiselectable: Bool = false, active: Bool = false) {
        if active { insert(.active) }
        if !states.contains(.disabled) { insert(.enabled); insert(.sensitive) }
        if !states.contains(.offscreen) { insert(.showing); insert(.visible) }
        if states.contains(.selectable) { insert(.selectable) }
        if states.contains(.selected) { insert(.selected) }
        if states.contains(.focusable) { insert(.focusable) }
        if states.contains(.focused) { insert(.focused) }
        if managesDescendants { insert(.managesDescendants) }
        if states.contains(.editable) { insert(.editable); insert(states.contains(.multiLine) ? .multiLine : .singleLine) }
        if multiselectable { insert(.multiselectable) }
    }

    public mutating func insert(_ state: State) {
        let bit = state.rawValue
        if bit < 32 { words.0 |= 1 << UInt32(bit) } else { words.1 |= 1 << UInt32(bit - 32) }
    }

    public func contains(_ state: State) -> Bool {
        let bit = state.rawValue
        return bit < 32 ? words.0 & (1 << UInt32(bit)) != 0 : words.1 & (1 << UInt32(bit - 32)) != 0
    }

    public static func == (a: ATSPIStateSet, b: ATSPIStateSet) -> Bool { a.words == b.words }
}
