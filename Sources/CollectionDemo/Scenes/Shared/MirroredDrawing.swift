import CollectionKit

/// A scene's header drawn right to left: drawn as in left to right, then reflected about the
/// header's middle (x' = minX + maxX − x − w), a line of text or a paragraph keeping its glyphs
/// but turning its alignment round (leading becomes trailing). Buttons, titles and badges change sides together,
/// so a header is laid out once, in one direction, and its hit areas mirror with `mirrored(_:in:)`.
enum HeaderMirror {
    /// `r` reflected inside `area` when `direction` is right to left; `r` itself otherwise.
    static func mirrored(_ r: Rect, in area: Rect, _ direction: LayoutDirection) -> Rect {
        guard direction.isRightToLeft else { return r }
        return Rect(x: area.minX + area.maxX - r.maxX, y: r.minY, width: r.width, height: r.height)
    }

    /// A point reflected inside `area` when `direction` is right to left.
    static func mirrored(_ p: Point, in area: Rect, _ direction: LayoutDirection) -> Point {
        direction.isRightToLeft ? Point(x: area.minX + area.maxX - p.x, y: p.y) : p
    }

    /// Leading and trailing swapped; centred stays centred, natural follows the text whichever the side.
    static func turned(_ a: TextAlignment) -> TextAlignment {
        switch a {
        case .leading: return .trailing
        case .trailing: return .leading
        case .center: return .center
        case .natural: return .natural
        }
    }

    /// Draws `body` into `list`, reflected inside `area` right to left. Transforms are kept as
    /// they are (headers draw none).
    static func draw(in area: Rect, _ direction: LayoutDirection, into list: inout DrawList, _ body: (inout DrawList) -> Void) {
        guard direction.isRightToLeft else { body(&list); return }
        var header = DrawList()
        body(&header)
        func m(_ r: Rect) -> Rect { mirrored(r, in: area, direction) }
        for command in header.commands {
            switch command {
            case let .fill(r, c, radius): list.append(.fill(m(r), c, cornerRadius: radius))
            case let .stroke(r, c, width, radius): list.append(.stroke(m(r), c, width: width, cornerRadius: radius))
            case let .shadow(r, c, radius, blur): list.append(.shadow(m(r), c, cornerRadius: radius, blur: blur))
            case let .line(a, b, c, width):
                list.append(.line(from: mirrored(a, in: area, direction), to: mirrored(b, in: area, direction), c, width: width))
            case var .text(run):
                run.rect = m(run.rect)
                run.alignment = turned(run.alignment)
                list.append(.text(run))
            case var .paragraph(run):
                run.rect = m(run.rect)
                run.style.alignment = turned(run.style.alignment)
                list.append(.paragraph(run))
            case let .texture(key, r): list.append(.texture(key: key, rect: m(r)))
            case var .image(run): run.rect = m(run.rect); list.append(.image(run))
            case let .pushClip(r): list.append(.pushClip(m(r)))
            default: list.append(command)
            }
        }
        list.textures += header.textures
    }
}
