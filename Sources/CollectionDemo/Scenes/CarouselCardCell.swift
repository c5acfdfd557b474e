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
    /// through. It is drawn opaque and then veiled with the carousel's background colour, which
    /// looks the same as fading it as one piece over that background.
    public override func draw(in frame: Rect, alpha: Double, into list: inout DrawList) {
        CarouselCardCell.drawCard(content, selected: isSelected, in: frame, shadowAlpha: 0.45 * alpha, into: &list)
        drawHover(in: frame, into: &list)
        if alpha < 1 {
            let radius = CarouselCardCell.cornerRadius(frame)
            list.fill(frame.insetBy(dx: -1, dy: -1), CarouselCardCell.veilColor.withAlpha(1 - alpha), radius: radius + 1)
        }
    }

    /// What the cards fade into: the carousel's background.
    public static var veilColor = Theme.background

    static let panelColor = Color(hex: 0x2A2F3A)

    /// Sizes follow the card's height so a small window still gets a proportionate card.
    static func cornerRadius(_ f: Rect) -> Double { (18 * max(0.3, f.height / 600)).rounded() }

    /// Opaque colours only (mixed, not translucent), so the veil in `draw(in:alpha:into:)` fades it evenly.
    public static func drawCard(_ c: Content, selected: Bool, in f: Rect, shadowAlpha: Double = 0.45, into list: inout DrawList) {
        let u = max(0.3, f.height / 600)
        let radius = cornerRadius(f)
        list.shadow(f.offsetBy(dx: 0, dy: 10 * u), Color.black.withAlpha(shadowAlpha), radius: radius, blur: 28 * u)
        list.fill(f, panelColor, radius: radius)

        // Hero: rounded at the top, square where it meets the panel.
        let heroHeight = (f.height * 0.56).rounded()
        let hero = Rect(x: f.minX, y: f.minY, width: f.width, height: heroHeight)
        list.fill(hero, c.color, radius: radius)
        list.fill(Rect(x: hero.minX, y: hero.maxY - radius, width: hero.width, height: radius), c.color)
        // Soft circles for depth, kept clear of the rounded corners.
        let big = heroHeight * 0.8
        list.fill(Rect(x: hero.maxX - big - heroHeight * 0.08, y: hero.minY + heroHeight * 0.1, width: big, height: big),
                  c.color.mixed(with: .white, 0.12), radius: big / 2)
        let small = heroHeight * 0.34
        list.fill(Rect(x: hero.minX + heroHeight * 0.12, y: hero.maxY - small - heroHeight * 0.08, width: small, height: small),
                  c.color.mixed(with: .black, 0.08), radius: small / 2)

        // A category badge and the big number.
        let ink = c.color.luminance > 0.6 ? Color(hex: 0x1A1C22) : Color.white
        let badge = Rect(x: f.minX + 20 * u, y: f.minY + 20 * u, width: 110 * u, height: 30 * u)
        list.fill(badge, c.color.mixed(with: .black, 0.22), radius: badge.height / 2)
        list.text(c.category.uppercased(), in: badge, size: 13 * u, color: .white, alignment: .center, weight: .bold)
        list.text("\(c.number)", in: Rect(x: hero.minX, y: hero.minY + 20 * u, width: hero.width, height: hero.height - 20 * u),
                  size: min(150, heroHeight * 0.55), color: ink, alignment: .center, weight: .bold)

        let panel = Rect(x: f.minX, y: hero.maxY, width: f.width, height: f.height - heroHeight)

        let pad = 24 * u
        var y = panel.minY + pad * 0.8
        list.text(c.title, in: Rect(x: panel.minX + pad, y: y, width: panel.width - 2 * pad, height: 36 * u),
                  size: 28 * u, color: Theme.text, weight: .bold)
        y += 40 * u
        list.text(c.subtitle, in: Rect(x: panel.minX + pad, y: y, width: panel.width - 2 * pad, height: 24 * u),
                  size: 16 * u, color: Theme.textDim)

        // Footer: avatar with initials, author and reading time, and an action button.
        let footerY = panel.maxY - pad - 40 * u
        let avatar = Rect(x: panel.minX + pad, y: footerY, width: 40 * u, height: 40 * u)
        list.fill(avatar, c.color.mixed(with: .black, 0.35), radius: avatar.width / 2)
        let initials = c.author.split(separator: " ").compactMap(\.first).map(String.init).joined()
        list.text(initials, in: avatar, size: 14 * u, color: .white, alignment: .center, weight: .bold)
        list.text(c.author, in: Rect(x: avatar.maxX + 12 * u, y: footerY, width: 240 * u, height: 20 * u),
                  size: 15 * u, color: Theme.text, weight: .bold)
        list.text("\(c.minutes) min read", in: Rect(x: avatar.maxX + 12 * u, y: footerY + 20 * u, width: 240 * u, height: 20 * u),
                  size: 13 * u, color: Theme.textDim)
        let button = Rect(x: panel.maxX - pad - 110 * u, y: footerY + 2 * u, width: 110 * u, height: 36 * u)
        list.fill(button, c.color, radius: button.height / 2)
        list.text("Open", in: button, size: 15 * u, color: ink, alignment: .center, weight: .bold)

        if selected {
            // A thick ring with a white inner edge, and the panel tinted: visible on every card colour.
            list.stroke(f.insetBy(dx: -8, dy: -8), Theme.accent, width: 6, radius: radius + 8)
            list.stroke(f.insetBy(dx: -3, dy: -3), Color.white.withAlpha(0.9), width: 2, radius: radius + 3)
        }
    }
}
