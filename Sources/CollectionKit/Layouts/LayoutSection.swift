/// A header (or footer-like element) attached to a section's top edge.
public struct BoundarySupplementaryItem: Equatable, Sendable {
    /// The supplementary kind the data source is asked to draw ("header").
    public var kind: String
    /// The header's height (fractions resolve against the section's container).
    public var height: LayoutDimension
    /// Stays at the top of the visible bounds while any of its section is in view, pushed up by
    /// the section's end (UIKit's `pinToVisibleBounds`).
    public var pinToVisibleBounds: Bool
    /// A header of `kind`, `height` tall, pinned or not.
    public init(kind: String = "header", height: LayoutDimension, pinToVisibleBounds: Bool = false) {
        self.kind = kind; self.height = height; self.pinToVisibleBounds = pinToVisibleBounds
    }
}

/// How a section's row scrolls across the vertical list.
public enum OrthogonalScrollingBehavior: String, Equatable, Sendable {
    /// Not orthogonal: groups stack vertically.
    case none
    /// Scrolls and decelerates freely.
    case continuous
    /// Pages by the viewport's width.
    case paging
    /// Rests with a group's leading edge at the section's leading inset.
    case groupPaging
    /// Rests with a group centred; a flick moves exactly one group (the carousel's rule).
    case groupPagingCentered
}

/// What a section provider knows when it builds a section.
public struct LayoutEnvironment: Equatable, Sendable {
    /// The collection's viewport size.
    public var containerSize: Size
    /// How many items the section has.
    public var itemCount: Int
    public init(containerSize: Size, itemCount: Int) { self.containerSize = containerSize; self.itemCount = itemCount }
}

/// One section's groups, spacing, insets, header and scrolling.
public struct LayoutSection {
    /// Picks the group for the items from `firstItem` on (displayed index within the section): an
    /// index into `groups`. `dataItem` maps a displayed index to the data source's index (they
    /// differ during an interactive move), for choosers that look at the data.
    public typealias GroupChooser = (_ firstItem: Int, _ itemCount: Int, _ dataItem: (Int) -> Int) -> Int

    /// The groups this section may use.
    public var groups: [LayoutGroup]
    /// Which of `groups` comes next; nil repeats the first.
    public var chooser: GroupChooser?
    /// Space between groups along the stacking axis; insets around the groups; the header; how the section scrolls.
    public var interGroupSpacing: Double
    public var contentInsets: EdgeInsets
    public var header: BoundarySupplementaryItem?
    public var orthogonalScrolling: OrthogonalScrollingBehavior
    /// True (the default, as in UIKit) insets the header by the section's leading and trailing
    /// content insets; false lets it span the collection's full width.
    public var supplementariesFollowContentInsets = true

    /// A section that repeats `group`.
    public init(group: LayoutGroup, interGroupSpacing: Double = 0, contentInsets: EdgeInsets = EdgeInsets(),
                header: BoundarySupplementaryItem? = nil, orthogonalScrolling: OrthogonalScrollingBehavior = .none) {
        self.init(groups: [group], chooser: nil, interGroupSpacing: interGroupSpacing, contentInsets: contentInsets,
                  header: header, orthogonalScrolling: orthogonalScrolling)
    }

    /// A section whose groups `chooser` picks among `groups`, group by group.
    public init(groups: [LayoutGroup], chooser: GroupChooser?, interGroupSpacing: Double = 0, contentInsets: EdgeInsets = EdgeInsets(),
                header: BoundarySupplementaryItem? = nil, orthogonalScrolling: OrthogonalScrollingBehavior = .none) {
        precondition(!groups.isEmpty, "a section needs at least one group")
        self.groups = groups; self.chooser = chooser; self.interGroupSpacing = interGroupSpacing
        self.contentInsets = contentInsets; self.header = header; self.orthogonalScrolling = orthogonalScrolling
    }
}
