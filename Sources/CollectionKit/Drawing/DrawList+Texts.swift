/// A run of text as it lands in the window: what a layout check or a state dump reads to find
/// text that is cut or that overlaps other text, without looking at pixels.
public struct PlacedText: Equatable, Sendable {
    /// The characters of the run (one line; a paragraph gives one entry per line drawn).
    public var text: String
    /// Where the drawn text sits, in window points: the measured width (at most its box's) placed
    /// as the run's alignment places it, one line box high, cut by the clips in force.
    public var frame: Rect
    /// The text did not fit its box and is drawn cut with an ellipsis.
    public var shortened: Bool
    /// Chrome or an item's own text.
    public var role: TextRole
    /// The whole box the run was given, in window points (before clipping): how much room it had.
    public var box: Rect
    /// The width the whole text needs on one line, in window points: more than `box`'s when cut.
    public var fullWidth: Double
    public init(text: String, frame: Rect, shortened: Bool, role: TextRole, box: Rect, fullWidth: Double) {
        self.text = text; self.frame = frame; self.shortened = shortened; self.role = role; self.box = box; self.fullWidth = fullWidth
    }
}

extension DrawList {
    /// Every run of text this list shows, in drawing order, measured by `measurer` (the one that
    /// draws it, at the current ``Appearance/textScale``).
    ///
    /// Transforms and clips are applied; a run clipped away entirely, fully transparent, or later
    /// covered whole by an opaque fill (a card dragged over it, a sheet) is left out. Paragraphs
    /// give one entry per line drawn, the last `shortened` when the paragraph was cut. Recorded
    /// textures are followed where they are drawn. O(t × f) for t runs and f opaque fills drawn
    /// after them; meant for dumps and tests, not for every frame.
    ///
    /// ```swift
    /// let texts = list.placedTexts(measuredBy: measurer)
    /// let cutButtons = texts.filter { $0.role == .control && $0.shortened }
    /// ```
    public func placedTexts(measuredBy measurer: some TextMeasuring) -> [PlacedText] {
        var walk = TextWalk(measurer: measurer, textures: Dictionary(textures.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a }))
        walk.run(commands, transform: .identity, clip: nil, opacity: 1, depth: 0)
        return walk.found.compactMap { $0 }
    }

    /// Gives every text and paragraph run appended since `command` (and in textures recorded since
    /// `texture`) the role `role`: a collection view marks what its cells drew as `content`.
    mutating func markText(as role: TextRole, fromCommand command: Int, fromTexture texture: Int) {
        func mark(_ c: inout DrawCommand) {
            switch c {
            case var .text(run): run.role = role; c = .text(run)
            case var .paragraph(run): run.role = role; c = .paragraph(run)
            default: break
            }
        }
        for i in command..<commands.count { mark(&commands[i]) }
        for t in texture..<textures.count {
            for i in textures[t].commands.indices { mark(&textures[t].commands[i]) }
        }
    }
}

private struct TextWalk<M: TextMeasuring> {
    let measurer: M
    let textures: [String: TextureRecording]
    var found: [PlacedText?] = []

    mutating func run(_ commands: [DrawCommand], transform start: Transform, clip startClip: Rect?, opacity startOpacity: Double, depth: Int) {
        var transform = start, clip = startClip, opacity = startOpacity
        var transforms: [Transform] = [], clips: [Rect?] = [], opacities: [Double] = []
        for c in commands {
            switch c {
            case let .pushTransform(t): transforms.append(transform); transform = transform.concatenating(t)
            case .popTransform: transform = transforms.popLast() ?? start
            case let .pushClip(r):
                clips.append(clip)
                let w = transform.apply(r)
                clip = clip.map { $0.intersection(w) } ?? w
            case .popClip: clip = clips.popLast() ?? startClip
            case let .pushOpacity(o): opacities.append(opacity); opacity *= max(0, min(1, o))
            case .popOpacity: opacity = opacities.popLast() ?? startOpacity
            case let .text(run):
                guard run.color.a > 0, opacity > 0 else { continue }
                place(run, transform: transform, clip: clip, shortenedAnyway: false)
            case let .paragraph(p):
                guard p.color.a > 0, opacity > 0 else { continue }
                let lineHeight = measurer.lineHeight(style: p.style.text)
                let layout = measurer.lines(of: p.text, style: p.fittedStyle(lineHeight: lineHeight), width: p.rect.width)
                let runs = p.lineRuns(measurer)
                for (i, var r) in runs.enumerated() {
                    r.role = p.role
                    place(r, transform: transform, clip: clip, shortenedAnyway: layout.truncated && i == runs.count - 1)
                }
            case let .fill(r, color, _):
                guard color.a == 255, opacity >= 1 else { continue }
                var covered = transform.apply(r)
                if let clip { covered = covered.intersection(clip) }
                guard !covered.isEmpty else { continue }
                for i in found.indices { if let t = found[i], covered.contains(t.frame) { found[i] = nil } }
            case let .texture(key, r):
                // A texture is drawn with its origin at `r`'s, scaled to `r`'s size.
                guard depth < 8, let rec = textures[key], rec.size.width > 0, rec.size.height > 0 else { continue }
                var inner = Transform.translate(r.minX, r.minY)
                inner.scale = r.width / rec.size.width
                run(rec.commands, transform: transform.concatenating(inner), clip: clip, opacity: opacity, depth: depth + 1)
            default: break
            }
        }
    }

    mutating func place(_ run: TextRun, transform: Transform, clip: Rect?, shortenedAnyway: Bool) {
        let style = TextStyle(size: run.size, weight: run.weight)
        let width = measurer.width(of: run.text, style: style)
        // The backend cuts a run wider than its box's whole pixels.
        let shortened = shortenedAnyway || width > run.rect.width + 0.5
        let w = min(width, run.rect.width)
        let h = measurer.lineHeight(style: style)
        let x: Double
        switch run.alignment.resolvedByFirstStrongLetter(of: run.text) {
        case .leading, .natural: x = run.rect.minX
        case .center: x = run.rect.midX - w / 2
        case .trailing: x = run.rect.maxX - w
        }
        let local = Rect(x: x, y: run.rect.midY - h / 2, width: w, height: h)
        let box = transform.apply(run.rect)
        var frame = transform.apply(local)
        if let clip { frame = frame.intersection(clip) }
        guard !frame.isEmpty, !run.text.allSatisfy(\.isWhitespace) else { return }
        found.append(PlacedText(text: run.text, frame: frame, shortened: shortened, role: run.role, box: box,
                                fullWidth: width * transform.scale))
    }
}

extension TextAlignment {
    /// `natural` made leading or trailing by the first strong letter of `text` (Hebrew and Arabic
    /// letters are right to left, other letters left to right), as the backend resolves it.
    func resolvedByFirstStrongLetter(of text: String) -> TextAlignment {
        guard self == .natural else { return self }
        for s in text.unicodeScalars {
            switch s.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return .trailing
            default: if s.properties.isAlphabetic { return .leading }
            }
        }
        return .leading
    }
}
