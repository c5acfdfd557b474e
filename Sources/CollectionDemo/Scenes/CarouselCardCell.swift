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
                           subtitle: "Card \(n + 1) of \(total) · a story worth a closer look",
                           category: categories[(n * 3) % categories.count],
                           author: authors[(n * 5) % authors.count], minutes: 3 + (n * 7) % 9,
                           color: Theme.tileColor(n))
        }
    }

    public var content = Content(number: 0, title: "", subtitle: "", category: "", author: "", minutes: 0, color: .white)

    public override func prepareForReuse() {
        super.prepareForReuse()
        content = Content(number: 0, title: "", subtitle: "", category: "", author: "", minutes: 0, color: .white)
    }

    public override func draw(in frame: Rect, into list: inout DrawList) {
        CarouselCardCell.drawCard(content, selected: isSelected, in: frame, into: &list)
        drawHover(in: frame, into: &list)
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
        CarouselCardCell.drawCard(content, selected: isSelected, in: frame, shadowAlpha: 0.45 * alpha, fade: alpha, into: &list)
        drawHover(in: frame, into: &list)
    }

    /// What the cards fade into: the carousel's background.
    public static let veilColor = Theme.background

    static let panelColor = Color(hex: 0x2A2F3A)

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
    public static func drawCard(_ c: Content, selected: Bool, in f: Rect, shadowAlpha: Double = 0.45, fade: Double = 1,
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
        let badge = Rect(x: f.minX + 20 * u, y: f.minY + 20 * u, width: 110 * u, height: 30 * u)
        list.fill(badge, tone(c.color.mixed(with: .black, 0.22)), radius: badge.height / 2)
        text(c.category.uppercased(), in: badge, size: 13 * u, color: .white, alignment: .center, weight: .bold)
        text("\(c.number)", in: Rect(x: hero.minX, y: hero.minY + 20 * u, width: hero.width, height: hero.height - 20 * u),
                  size: min(150, heroHeight * 0.55), color: ink, alignment: .center, weight: .bold)

        let panel = Rect(x: f.minX, y: hero.maxY, width: f.width, height: f.height - heroHeight)

        let pad = 24 * u
        var y = panel.minY + pad * 0.8
        text(c.title, in: Rect(x: panel.minX + pad, y: y, width: panel.width - 2 * pad, height: 36 * u),
                  size: 28 * u, color: Theme.text, weight: .bold)
        y += 40 * u
        // The subtitle wraps to a second line where the panel has room for two above the footer
        // ("…" after them); a smaller card keeps its one line, cut, as it always was.
        let subtitleRoom = panel.maxY - pad - 46 * u - y
        if subtitleRoom >= 44 * u, 24 * u >= smallestTextBox {
            let box = Rect(x: panel.minX + pad, y: y, width: panel.width - 2 * pad, height: 44 * u)
            list.withOpacity(fade) {
                $0.paragraph(c.subtitle, in: box, style: ParagraphStyle(text: TextStyle(size: 16 * u), maximumLines: 2),
                             color: Theme.textDim)
            }
        } else {
            text(c.subtitle, in: Rect(x: panel.minX + pad, y: y, width: panel.width - 2 * pad, height: 24 * u),
                 size: 16 * u, color: Theme.textDim)
        }

        // Footer: avatar with initials, author and reading time, and an action button.
        let footerY = panel.maxY - pad - 40 * u
        let avatar = Rect(x: panel.minX + pad, y: footerY, width: 40 * u, height: 40 * u)
        list.fill(avatar, tone(c.color.mixed(with: .black, 0.35)), radius: avatar.width / 2)
        let initials = c.author.split(separator: " ").compactMap(\.first).map(String.init).joined()
        text(initials, in: avatar, size: 14 * u, color: .white, alignment: .center, weight: .bold)
        text(c.author, in: Rect(x: avatar.maxX + 12 * u, y: footerY, width: 240 * u, height: 20 * u),
                  size: 15 * u, color: Theme.text, weight: .bold)
        text("\(c.minutes) min read", in: Rect(x: avatar.maxX + 12 * u, y: footerY + 20 * u, width: 240 * u, height: 20 * u),
                  size: 13 * u, color: Theme.textDim)
        let button = Rect(x: panel.maxX - pad - 110 * u, y: footerY + 2 * u, width: 110 * u, height: 36 * u)
        list.fill(button, tone(c.color), radius: button.height / 2)
        text("Open", in: button, size: 15 * u, color: ink, alignment: .center, weight: .bold)

        if selected {
            // A thick ring with a white inner edge, and the panel tinted: visible on every card colour.
            list.stroke(f.insetBy(dx: -8, dy: -8), Theme.accent, width: 6, radius: radius + 8)
            list.stroke(f.insetBy(dx: -3, dy: -3), Color.white.withAlpha(0.9), width: 2, radius: radius + 3)
        }
    }
}
