import CollectionKit
import CollectionKitSDL

// page-flick-bench: the like-for-like paging program of Benchmarks/gestures.sh, beside
// Benchmarks/peers/adw-carousel.c (libadwaita's AdwCarousel) and qt-gesture-peer.cpp's pages. A
// 1280x800 window of twelve pages, one 1280-wide page per viewport, 24 apart, each with one flat
// 720x520 card centred in it: the parts of adw-carousel.c's cards (a coloured picture area with its
// number and a category badge, a title, a subtitle, an avatar with initials, the author and reading
// time, an "Open" button; a small shadow, as libadwaita's `.card`), and page dots below. The pages
// only translate: a `CarouselLayout` with `widthFraction: 1`, `sideScale: 1`, `sideAlpha: 1`. A
// drag pans and a release flicks one page (the layout's paging decision); Right and Left turn a
// page with a spring, as AdwCarousel's scroll_to animates. Built from the engine's public API only.

let pageCount = 12
let dotsHeight = 30.0
let titles = ["The quiet mountain", "Harbour lights", "A year of bread", "Night trains", "Lost orchards", "The glass garden"]
let categories = ["Travel", "Food", "Science", "Design", "Nature", "History"]
let authors = ["Ada Moreau", "Li Wen", "Sam Okafor", "Noor Haddad", "Jon Berg"]
let heroes: [UInt32] = [0xC8553D, 0x3D7DC8, 0x4C9A5B, 0x9A4C8F, 0xC89B3D, 0x3DA3A8]
let background = Color(hex: 0xFAFAFA)

final class PageCell: CollectionCell {
    var number = 0
    override func draw(in frame: Rect, into list: inout DrawList) { PageCell.drawCard(number, page: frame, into: &list) }

    /// adw-carousel.c's card `n`, 720x520, centred in the page.
    static func drawCard(_ n: Int, page: Rect, into list: inout DrawList) {
        let f = Rect(x: (page.midX - 360).rounded(), y: (page.midY - 260).rounded(), width: 720, height: 520)
        list.shadow(f.offsetBy(dx: 0, dy: 1), Color.black.withAlpha(0.12), radius: 18, blur: 6)
        list.fill(f, Color(hex: 0x2B2D31), radius: 18)
        let hero = Rect(x: f.minX, y: f.minY, width: f.width, height: 260)
        let tone = Color(hex: heroes[n % heroes.count])
        list.fill(hero, tone, radius: 18)
        list.fill(Rect(x: hero.minX, y: hero.maxY - 18, width: hero.width, height: 18), tone)
        list.text("\(n + 1)", in: hero, size: 96, color: Color.white.withAlpha(0.85), alignment: .center, weight: .bold)
        let badge = Rect(x: hero.minX + 20, y: hero.minY + 20, width: 84, height: 26)
        list.fill(badge, Color.black.withAlpha(0.25), radius: 12)
        list.text(categories[(n * 3) % categories.count], in: badge, size: 13, color: .white, alignment: .center, weight: .bold)
        var y = hero.maxY + 10
        list.text(titles[n % titles.count], in: Rect(x: f.minX + 24, y: y, width: f.width - 48, height: 36), size: 28, color: .white, weight: .bold)
        y += 36 + 10
        list.text("Card \(n + 1) of \(pageCount) · a story worth a closer look", in: Rect(x: f.minX + 24, y: y, width: f.width - 48, height: 22),
                  size: 16, color: Color(hex: 0xC8CCD4))
        y += 22 + 10
        let avatar = Rect(x: f.minX + 24, y: y, width: 44, height: 44)
        list.fill(avatar, Color(hex: 0x555A66), radius: 22)
        let author = authors[(n * 5) % authors.count]
        let initials = author.split(separator: " ").compactMap(\.first).map(String.init).joined()
        list.text(initials, in: avatar, size: 14, color: .white, alignment: .center, weight: .bold)
        list.text(author, in: Rect(x: avatar.maxX + 12, y: y + 2, width: 400, height: 20), size: 14, color: .white)
        list.text("\(3 + (n * 7) % 9) min read", in: Rect(x: avatar.maxX + 12, y: y + 22, width: 400, height: 20), size: 14, color: .white)
        let open = Rect(x: f.maxX - 24 - 72, y: y + 5, width: 72, height: 34)
        list.fill(open, Color(hex: 0x3584E4), radius: 17)
        list.text("Open", in: open, size: 14, color: .white, alignment: .center, weight: .bold)
    }
}

final class Pages: ComposedRoot, CollectionDataSource {
    private(set) var size = Size(width: 1280, height: 800)
    let view: CollectionView
    let controller: CollectionController
    private(set) var composition = Composition([])

    init() {
        view = CollectionView(name: "pages", layout: CarouselLayout(widthFraction: 1, spacing: 24, topMargin: 0, bottomMargin: dotsHeight,
                                                                    maximumHeightRatio: 10, sideScale: 1, sideAlpha: 1))
        view.register(reuseIdentifier: "page") { PageCell(reuseIdentifier: $0) }
        var interaction = CollectionInteraction()
        interaction.selectable = { _ in false }
        controller = CollectionController(view: view, interaction: interaction)
        controller.drawsScrollIndicator = false
        view.physics.decelerationRate = Deceleration.fastRate
        view.physics.targetDecision = { [unowned view] proposed, velocity, decision in
            view.layout.targetContentOffset(proposed: proposed, velocity: velocity, decision: decision)
        }
        view.dataSource = self
        view.reloadData()
        let keys = ClosureComponent(handle: { [unowned self] event, now in
            guard case let .key(key, mods) = event, mods.isEmpty, key == .right || key == .left else { return .ignored }
            turn(by: key == .right ? 1 : -1, now: now)
            return .handled
        })
        let backdrop = ClosureComponent(draw: { [unowned self] list in
            list.fill(Rect(origin: .zero, size: size), background)
            drawDots(into: &list)
        })
        composition = Composition([keys, controller, backdrop])
        layOut(for: size)
    }

    var carousel: CarouselLayout { view.layout as! CarouselLayout }

    func turn(by step: Int, now: Double) {
        let at = carousel.nearestItem(toOffset: view.physics.restingOffset.x)
        let next = min(max(0, at + step), pageCount - 1)
        // A frame into its motion, as the engine's keyboard scrolling starts (`KeyboardScrolling.firstFrameLead`):
        // the frame that handles the key shows the page moving.
        view.physics.setOffset(Point(x: carousel.restingOffset(forItem: next), y: 0), animated: true, now: now, lead: 1.0 / 60)
    }

    /// AdwCarouselIndicatorDots: a dot a page, the one nearest the position darker.
    func drawDots(into list: inout DrawList) {
        let stride = carousel.stride
        let position = stride > 0 ? view.physics.offset.x / stride : 0
        let spacing = 18.0, side = 6.0
        let x0 = (size.width - spacing * Double(pageCount - 1)) / 2 - side / 2
        let y = size.height - dotsHeight / 2 - side / 2
        for i in 0..<pageCount {
            let near = max(0, 1 - abs(position - Double(i)))
            list.fill(Rect(x: (x0 + Double(i) * spacing).rounded(), y: y.rounded(), width: side, height: side),
                      Color.black.withAlpha(0.3 + 0.6 * near), radius: side / 2)
        }
    }

    func layOut(for size: Size) {
        self.size = size
        let index = carousel.nearestItem(toOffset: view.physics.restingOffset.x)
        view.setFrame(Rect(origin: .zero, size: size))
        view.physics.jump(to: Point(x: carousel.restingOffset(forItem: index), y: 0))
    }

    func numberOfSections(in cv: CollectionView) -> Int { 1 }
    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { pageCount }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip.item }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "page", for: ip) as! PageCell
        cell.number = ip.item
        return cell
    }
}

WindowLoop.runOrExit(title: "Page flick", size: Size(width: 1280, height: 800)) { _ in Pages() }
