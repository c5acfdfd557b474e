import CollectionKit
/// A preview card for the carousel: a coloured hero with a big number and a category badge,
/// and a panel below with a title, subtitle, author line and an action button.
public final class CarouselCardCell: CollectionCell {
    public struct Content: Equatable, Sendable {
        public var number: Int
        public var title: String
        public var subtitle: String
        public var category: String
        public var author: String
        public var minutes: Int
        public var color: Color

        /// Stable sample content for item `n` (0-based), so every run shows the same cards.
        public static func sample(_ n: Int, of total: Int) -> Content {
            let titles = ["Aurora Nights", "Tidepool Atlas", "Ember & Ash", "Granite Ridge", "Meadow Notes",
                          "Nebula Drift", "Harbor Lights", "Saffron Market", "Glacier Run", "Orchard Days",
                          "Canyon Echo", "Lantern Street", "Coral Garden", "Midnight Rail"]
            let categories = ["Travel", "Design", "Food", "Outdoors", "Music", "Science", "Photo", "Culture"]
            let authors = ["Mira Sol", "Jonas Lind", "Ada Park", "Theo Vance", "Lena Ortiz", "Kofi Mensah", "Yuki Mori"]
            let title = titles[n % titles.count] + (n >= titles.count ? " \(n / titles.count + 1)" : "")
            return Content(number: n + 1, title: title,
                           subtitle: filled(tr("Card %1$@ of %2$@ · a story worth a closer look"), counted(n + 1), counted(total)),
                           category: categories[(n * 3) % categories.count],
                           author: authors[(n * 5) % authors.count], minutes: 3 + (n * 7) % 9,
                           color: Theme.tileColor(n))
        }
    }

    public var content = Content(number: 0, title: "", subtitle: "", category: "", author: "", minutes: 0, color: .white)
    /// How the Open button looks: the scene sets it from the pointer.
    public enum ButtonState: Sendable { case normal, hovered, pressed }
    public var buttonState = ButtonState.normal
    /// The Open button has the keyboard focus with its ring showing.
    public var showsButtonRing = false
    /// Right to left the card is its mirror image: the category badge at the right, the author
    /// at the right of the footer and the Open button at its left.
    public var direction = LayoutDirection.leftToRight

    /// The Open button of a card in `frame` drawn in `direction`.
    public static func openButtonFrame(in frame: Rect, direction: LayoutDirection) -> Rect {
        HeaderMirror.mirrored(openButtonFrame(in: frame), in: frame, direction)
    }

    public override func prepareForReuse() {
        super.prepareForReuse()
        content = Content(number: 0, title: "", subtitle: "", category: "", author: "", minutes: 0, color: .white)
        buttonState = .normal
        showsButtonRing = false
    }

    public override func draw(in frame: Rect, into list: inout DrawList) {
        HeaderMirror.draw(in: frame, direction, into: &list) { list in
            CarouselCardCell.drawCard(content, selected: isSelected, buttonState: buttonState, in: frame, into: &list)
        }
        drawHover(in: frame, into: &list)
        if isFocused { FocusRing.draw(around: frame, radius: CarouselCardCell.cornerRadius(frame), outset: isSelected ? 11 : 0, into: &list) }
        if showsButtonRing {
            let button = CarouselCardCell.openButtonFrame(in: frame, direction: direction)
            FocusRing.draw(around: button, radius: button.height / 2, into: &list)
        }
    }

    private func drawHover(in frame: Rect, into list: inout DrawList) {
        guard isHovered, !isSelected else { return }
        let radius = CarouselCardCell.cornerRadius(frame)
        list.stroke(frame.insetBy(dx: -3, dy: -3), Color.white.withAlpha(0.5), width: 2, radius: radius + 3)
    }

    /// The card is opaque layers stacked up, so fading each layer would let the lower ones show
    /// through. It is drawn faded as one piece over the carousel's background instead: every
    /// layer's colour is mixed with that background by `1 - alpha`, which gives the pixels a veil of
    /// the background colour would, with opaque fills only (no pass blending over the whole card).
    public override func draw(in frame: Rect, alpha: Double, into list: inout DrawList) {
        HeaderMirror.draw(in: frame, direction, into: &list) { list in
            CarouselCardCell.drawCard(content, selected: isSelected, buttonState: buttonState, in: frame, shadowAlpha: 0.45 * alpha,
                                      fade: alpha, into: &list)
        }
        drawHover(in: frame, into: &list)
        if isFocused { FocusRing.draw(around: frame, radius: CarouselCardCell.cornerRadius(frame), outset: isSelected ? 11 : 0, into: &list) }
        if showsButtonRing {
            let button = CarouselCardCell.openButtonFrame(in: frame, direction: direction)
            FocusRing.draw(around: button, radius: button.height / 2, into: &list)
        }
    }

    /// What the cards fade into: the carousel's background.
    public static let veilColor = Theme.background

    static var panelColor: Color { Theme.cardPanel }

    /// The shadow under a card in `f`, drawn only where it can show: around the card and under
    /// its rounded corners. The middle of the card is opaque and covers it, and blending a shadow
    /// there was most of a software-rendered carousel frame. Four clipped bands share their edges
    /// exactly (the backend rounds clip edges where they lie), so no seam shows.
    static func drawShadow(in f: Rect, alpha: Double, into list: inout DrawList) {
        let u = scale(f)
        let radius = cornerRadius(f)
        let shadow = f.offsetBy(dx: 0, dy: 10 * u)
        let blur = 28 * u
        let covered = f.insetBy(dx: radius, dy: radius)
        func draw(_ list: inout DrawList) { list.shadow(shadow, Color.black.withAlpha(alpha), radius: radius, blur: blur) }
        let reach = shadow.insetBy(dx: -blur, dy: -blur).union(f)
        guard covered.width > 0, covered.height > 0 else { draw(&list); return }
        let bands = [
            Rect(x: reach.minX, y: reach.minY, width: reach.width, height: covered.minY - reach.minY),
            Rect(x: reach.minX, y: covered.maxY, width: reach.width, height: reach.maxY - covered.maxY),
            Rect(x: reach.minX, y: covered.minY, width: covered.minX - reach.minX, height: covered.height),
            Rect(x: covered.maxX, y: covered.minY, width: reach.maxX - covered.maxX, height: covered.height),
        ]
        for band in bands { list.clipped(to: band, draw) }
    }

    /// Sizes follow the card's height. Below 180 points the text keeps the sizes of a 180-point
    /// card as long as the panel holds it (down to 135 points), and then shrinks with the card, so
    /// its lines never overlap however small the window gets.
    static func scale(_ f: Rect) -> Double { max(0, f.height / 600, min(0.3, f.height / 450)) }
    static func cornerRadius(_ f: Rect) -> Double { max(2, (18 * scale(f)).rounded()) }
    /// A line of text whose box is shorter than this many points is left out: the backend draws
    /// no text smaller than 6 pixels, so it would spill over its neighbours.
    static let smallestTextBox = 6.0

    /// Opaque colours only (mixed, not translucent). With `fade` below 1 every colour is mixed
    /// toward `veilColor` by `1 - fade`: the card as if faded as one piece over that colour.
    public static func drawCard(_ c: Content, selected: Bool, buttonState: ButtonState = .normal, in f: Rect, shadowAlpha: Double = 0.45, fade: Double = 1,
                                into list: inout DrawList) {
        let veil = fade < 1 ? 1 - max(0, fade) : 0
        func tone(_ k: Color) -> Color { veil > 0 ? k.mixed(with: veilColor, veil) : k }
        // Text keeps its colour and fades by opacity: the backend caches each run's texture by
        // colour and modulates its alpha, so a fade that changes every frame re-renders no text.
        func text(_ s: String, in r: Rect, size: Double, color: Color, alignment: TextAlignment = .leading,
                  weight: FontWeight = .regular) {
            guard r.height >= smallestTextBox else { return }
            list.withOpacity(fade) { $0.text(s, in: r, size: size, color: color, alignment: alignment, weight: weight) }
        }
        let u = scale(f)
        let radius = cornerRadius(f)
        drawShadow(in: f, alpha: shadowAlpha, into: &list)
        list.fill(f, tone(panelColor), radius: radius)

        // Hero: rounded at the top, square where it meets the panel.
        let heroHeight = (f.height * 0.56).rounded()
        let hero = Rect(x: f.minX, y: f.minY, width: f.width, height: heroHeight)
        list.fill(hero, tone(c.color), radius: radius)
        list.fill(Rect(x: hero.minX, y: hero.maxY - radius, width: hero.width, height: radius), tone(c.color))
        // Soft circles for depth, kept clear of the rounded corners.
        let big = heroHeight * 0.8
        list.fill(Rect(x: hero.maxX - big - heroHeight * 0.08, y: hero.minY + heroHeight * 0.1, width: big, height: big),
                  tone(c.color.mixed(with: .white, 0.12)), radius: big / 2)
        let small = heroHeight * 0.34
        list.fill(Rect(x: hero.minX + heroHeight * 0.12, y: hero.maxY - small - heroHeight * 0.08, width: small, height: small),
                  tone(c.color.mixed(with: .black, 0.08)), radius: small / 2)

        // A category badge and the big number.
        let ink = c.color.luminance > 0.6 ? Color(hex: 0x1A1C22) : Color.white
        // The badge grows with its type, which stays readable (`smallestType`) on a small card.
        let bu = max(u, smallestType / 13)
        let badge = Rect(x: f.minX + 20 * u, y: f.minY + 20 * u, width: 110 * bu, height: 30 * bu)
        // Only where it stays clear of the big number: a tiny card leaves it out.
        if badge.width <= f.width * 0.4, badge.height <= heroHeight * 0.3 {
            list.fill(badge, tone(c.color.mixed(with: .black, 0.22)), radius: badge.height / 2)
            text(c.category.uppercased(), in: badge, size: 13 * bu, color: .white, alignment: .center, weight: .bold)
        }
        text("\(c.number)", in: Rect(x: hero.minX, y: hero.minY + 20 * u, width: hero.width, height: hero.height - 20 * u),
                  size: min(150, heroHeight * 0.55), color: ink, alignment: .center, weight: .bold)

        let panel = Rect(x: f.minX, y: hero.maxY, width: f.width, height: f.height - heroHeight)
        // The panel reflows rather than scales: its type never goes below `smallestType` points,
        // and a line that no longer fits is left out (the subtitle first, then the author).
        let pad = max(10, 24 * u)
        let titleSize = max(smallestType + 2, 28 * u), subtitleSize = max(smallestType, 16 * u)
        let nameSize = max(smallestType, 15 * u), metaSize = max(smallestType, 13 * u)
        // Line boxes grow with the desktop's text scale, as the text drawn in them does.
        let k = Appearance.textScale
        let footerHeight = max(40 * u, (nameSize * 1.3 + metaSize * 1.3) * k)
        let footerY = panel.maxY - pad * 0.8 - footerHeight
        var y = panel.minY + pad * 0.8
        let titleBox = Rect(x: panel.minX + pad, y: y, width: panel.width - 2 * pad, height: titleSize * 1.3 * k)
        let showsFooter = footerY >= titleBox.maxY + 4
        text(c.title, in: titleBox, size: titleSize, color: Theme.text, weight: .bold)
        y = titleBox.maxY + 4 * u
        // The subtitle takes the lines the panel has between title and footer, two at most ("…").
        let lineHeight = subtitleSize * 1.35 * k
        let subtitleLines = min(2, Int(((showsFooter ? footerY : panel.maxY - pad * 0.5) - 4 - y) / lineHeight))
        if subtitleLines >= 1 {
            let box = Rect(x: panel.minX + pad, y: y, width: panel.width - 2 * pad, height: lineHeight * Double(subtitleLines))
            list.withOpacity(fade) {
                $0.paragraph(c.subtitle, in: box, style: ParagraphStyle(text: TextStyle(size: subtitleSize), maximumLines: subtitleLines),
                             color: Theme.textDim)
            }
        }
        guard showsFooter else { drawSelection(selected, in: f, radius: radius, into: &list); return }

        // Footer: avatar with initials, author and reading time, and the Open button.
        let button = openButtonFrame(in: f)
        let avatarSide = min(footerHeight, 40 * max(u, 0.6))
        let avatar = Rect(x: panel.minX + pad, y: footerY + (footerHeight - avatarSide) / 2, width: avatarSide, height: avatarSide)
        list.fill(avatar, tone(c.color.mixed(with: .black, 0.35)), radius: avatar.width / 2)
        let initials = c.author.split(separator: " ").compactMap(\.first).map(String.init).joined()
        text(initials, in: avatar, size: max(smallestType, 14 * u), color: .white, alignment: .center, weight: .bold)
        let nameWidth = max(0, button.minX - 8 - (avatar.maxX + 10))
        if nameWidth >= 40 {
            let nameBox = Rect(x: avatar.maxX + 10, y: footerY, width: nameWidth, height: nameSize * 1.3 * k)
            text(c.author, in: nameBox, size: nameSize, color: Theme.text, weight: .bold)
            text(readingTime(c.minutes), in: Rect(x: nameBox.minX, y: nameBox.maxY, width: nameWidth, height: metaSize * 1.3 * k),
                 size: metaSize, color: Theme.textDim)
        }
        // A real button: lighter under the pointer, darker while pressed.
        var fill = c.color
        switch buttonState {
        case .normal: break
        case .hovered: fill = fill.mixed(with: .white, 0.22)
        case .pressed: fill = fill.mixed(with: .black, 0.25)
        }
        list.fill(button, tone(fill), radius: button.height / 2)
        text(openTitle, in: button, size: max(smallestType, 15 * u), color: ink, alignment: .center, weight: .bold)
        drawSelection(selected, in: f, radius: radius, into: &list)
    }

    /// The smallest type the card uses, in points: small windows reflow, they do not shrink text.
    static let smallestType = 12.0
    /// The button's word and the reading time line (the demo's words).
    static var openTitle: String { tr("Open") }
    static func readingTime(_ minutes: Int) -> String { trn("%@ min read", "%@ min read", minutes) }

    /// Where the Open button sits in a card drawn in `f` (the scene hit-tests it with the same rect).
    public static func openButtonFrame(in f: Rect) -> Rect {
        let u = scale(f)
        let pad = max(10, 24 * u)
        let height = max(26, 36 * u), width = max(64, 110 * u)
        let footerHeight = max(40 * u, max(smallestType, 15 * u) * 1.3 + max(smallestType, 13 * u) * 1.3)
        let footerY = f.maxY - pad * 0.8 - footerHeight
        return Rect(x: f.maxX - pad - width, y: footerY + (footerHeight - height) / 2, width: width, height: height)
    }

    static func drawSelection(_ selected: Bool, in f: Rect, radius: Double, into list: inout DrawList) {
        guard selected else { return }
        // A thick ring with a white inner edge: visible on every card colour.
        list.stroke(f.insetBy(dx: -8, dy: -8), Theme.accent, width: 6, radius: radius + 8)
        list.stroke(f.insetBy(dx: -3, dy: -3), Color.white.withAlpha(0.9), width: 2, radius: radius + 3)
    }
}
