/// Colours of the drag-and-drop decorations the engine draws (gap, empty placeholder, outlines,
/// the lifted stack and its count badge). A collection's ``DragDropCollection/style`` colours
/// its gap and outlines; the manager's ``DragDropCoordinator/style`` the stack, badge and refusal.
public struct DragDropStyle: Sendable, Equatable {
    public var gapFill = Color(hex: 0x262A33)
    public var gapStroke = Color(hex: 0x4C8DFF).withAlpha(0.7)
    public var placeholderText = Color(hex: 0x9AA1B0)
    public var placeholderStroke = Color(hex: 0x3D4350)
    public var accepting = Color(hex: 0x4C8DFF)
    public var refusing = Color(hex: 0xE5534B)
    /// The items under the top one of a lifted stack, drawn as plain cards behind it.
    public var stackFill = Color(hex: 0x3A4050)
    public var stackStroke = Color(hex: 0x5A6070)
    public var stackShadow = Color.black.withAlpha(0.4)
    /// The count badge on a stack of several items.
    public var badgeFill = Color(hex: 0x4C8DFF)
    public var badgeText = Color.white
    /// The "+" badge on a lifted item that will be copied: its fill, its plus, and a ring that
    /// parts it from the item under it.
    public var copyBadgeFill = Color(hex: 0x2EA043)
    public var copyBadgeMark = Color.white
    public var copyBadgeRing = Color(hex: 0x1A1C22)
    /// Over the item a drop would swap out (with an outline in `accepting`).
    public var swapVeil = Color.black.withAlpha(0.35)
    /// The feedback line the manager draws (``DragDropCoordinator/drawsFeedback``): its background and
    /// its words (a refusal's reason).
    public var feedbackFill = Color(hex: 0x2A2E37)
    public var feedbackText = Color(hex: 0xFF7B72)
    /// The copy badge's size, in points.
    public static let copyBadgeDiameter = 22.0
    /// The standard colours of the scheme in force (``Appearance/colorScheme``).
    public init() { self = .standard(for: Appearance.colorScheme) }
    init(darkStandard: Void) {}
}
