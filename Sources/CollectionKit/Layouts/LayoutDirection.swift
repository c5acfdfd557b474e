/// The direction lines of items run in: left to right (English, German, Japanese) or right to left
/// (Arabic, Hebrew, Persian, Urdu). Set on a collection view (``CollectionView/layoutDirection``) and
/// handed to layouts in ``LayoutContext/layoutDirection``; as UIKit's
/// `effectiveUserInterfaceLayoutDirection`, right to left mirrors the layout horizontally: grids fill
/// from the right, horizontal content starts at its right end, a carousel's next card lies to the left.
///
/// ```swift
/// grid.layoutDirection = LayoutDirection(localeIdentifier: "ar_EG.UTF-8")   // .rightToLeft
/// ```
public enum LayoutDirection: String, CaseIterable, Equatable, Sendable {
    /// Lines run from left to right (the default).
    case leftToRight
    /// Lines run from right to left: layouts are the horizontal mirror of left to right.
    case rightToLeft

    /// True for ``rightToLeft``.
    public var isRightToLeft: Bool { self == .rightToLeft }

    /// The direction of a locale's script, from a POSIX (`ar_EG.UTF-8@latin`) or BCP 47 (`ur-Arab-PK`)
    /// identifier: a script subtag decides when there is one (`ku_Arab` is right to left, `az_Latn`
    /// left to right), otherwise the language's usual script. Unknown, empty, `C` and `POSIX` are left
    /// to right. O(length of the identifier).
    public init(localeIdentifier: String) {
        let base = localeIdentifier.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        guard let language = parts.first else { self = .leftToRight; return }
        if let script = parts.dropFirst().first(where: { $0.count == 4 }) {
            self = Self.rightToLeftScripts.contains(script) ? .rightToLeft : .leftToRight
        } else {
            self = Self.rightToLeftLanguages.contains(language) ? .rightToLeft : .leftToRight
        }
    }

    /// ISO 15924 codes of the scripts written right to left (Unicode's bidi class R/AL scripts in use).
    static let rightToLeftScripts: Set<String> = [
        "arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand", "samr", "yezi",
    ]
    /// Languages whose usual script is written right to left (CLDR's likely scripts).
    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "azb", "bal", "bqi", "ckb", "dv", "fa", "glk", "he", "iw", "ks", "lrc", "mzn",
        "nqo", "pnb", "ps", "sd", "sdh", "syr", "ug", "ur", "yi", "ji",
    ]
}

/// The horizontal reflection a layout applies in right to left: x becomes `width - x` (a frame's
/// x becomes `width - x - w`), about the wider of the content and the viewport so that content
/// narrower than the viewport still starts at its right edge. The identity in left to right.
///
/// A layout computes its places left to right and passes what it answers through the mirror, and
/// what it is asked (a query rect, a pointer position, a proposed offset) back through it first:
///
/// ```swift
/// mutating func prepare(_ context: LayoutContext) {
///     // … compute contentSize left to right …
///     mirror = LayoutMirror(direction: context.layoutDirection,
///                           width: max(contentSize.width, context.boundsSize.width))
/// }
/// func attributesForElements(in rect: Rect) -> [LayoutAttributes] {
///     placed(in: mirror.rect(rect)).map(mirror.attributes)
/// }
/// ```
public struct LayoutMirror: Equatable, Sendable {
    /// The direction: only ``LayoutDirection/rightToLeft`` reflects.
    public var direction: LayoutDirection
    /// The width reflected about (x ↔ width − x).
    public var width: Double

    /// A mirror for `direction` about `width`.
    public init(direction: LayoutDirection = .leftToRight, width: Double = 0) {
        self.direction = direction; self.width = width
    }

    /// True when it reflects (right to left).
    public var isMirrored: Bool { direction == .rightToLeft }

    /// A point reflected (its own inverse). O(1).
    public func point(_ p: Point) -> Point { isMirrored ? Point(x: width - p.x, y: p.y) : p }
    /// A rect reflected: its right edge becomes its left edge (its own inverse). O(1).
    public func rect(_ r: Rect) -> Rect {
        isMirrored ? Rect(x: width - r.origin.x - r.size.width, y: r.origin.y, width: r.size.width, height: r.size.height) : r
    }
    /// Attributes with their frame reflected. O(1).
    public func attributes(_ a: LayoutAttributes) -> LayoutAttributes {
        guard isMirrored else { return a }
        var m = a
        m.frame = rect(a.frame)
        return m
    }
    /// A content offset for a viewport of `viewport` reflected: the viewport's rect is mirrored, so
    /// the left end's offset 0 becomes the right end's `width − viewport.width`. O(1).
    public func offset(_ o: Point, viewport: Size) -> Point {
        isMirrored ? Point(x: width - viewport.width - o.x, y: o.y) : o
    }
    /// A velocity reflected (x changes sign). O(1).
    public func velocity(_ v: Point) -> Point { isMirrored ? Point(x: -v.x, y: v.y) : v }
}
