extension ImagePipeline {
    /// Draws the picture `key` names into `rect` (corners rounded by `cornerRadius` points), or
    /// its placeholder while it is pending, and asks for it if it is not ready.
    ///
    /// Call it from a cell's `draw(in:into:)` with a key for the cell's size in device pixels
    /// (``ImageKey/init(source:size:scale:mode:)``): the picture is then made for exactly those
    /// pixels. Drawing it is what keeps it wanted: a picture not drawn in a frame is cancelled at
    /// the next update unless prefetched. O(1).
    public func draw(_ key: ImageKey, in rect: Rect, cornerRadius: Double = 0, into list: inout DrawList) {
        markDrawn(key)
        if let pixels = cache.pixels(for: key) {
            let f = fade(of: key)
            if f < 1 { drawPlaceholder(key, in: rect, cornerRadius: cornerRadius, into: &list) }
            list.withOpacity(f) { list in list.image(pixels, key: key, in: rect, radius: cornerRadius) }
            stats.pictureDraws += 1
            return
        }
        if isFailed(key), let failureColor {
            list.fill(rect, failureColor, radius: cornerRadius)
            // A cross in the middle, a fifth of the shorter side.
            let d = min(rect.width, rect.height) / 10, c = rect.center
            list.line(Point(x: c.x - d, y: c.y - d), Point(x: c.x + d, y: c.y + d), failureMarkColor, width: max(1, d / 4))
            list.line(Point(x: c.x - d, y: c.y + d), Point(x: c.x + d, y: c.y - d), failureMarkColor, width: max(1, d / 4))
            stats.placeholderDraws += 1
            return
        }
        if !isFailed(key) {
            request(key, visible: true)
            notePending(key)
        }
        if drawPlaceholder(key, in: rect, cornerRadius: cornerRadius, into: &list) { stats.previewDraws += 1 } else { stats.placeholderDraws += 1 }
    }

    /// What shows before a picture: its embedded thumbnail scaled up (true) when one came,
    /// else the placeholder tile (false).
    @discardableResult
    private func drawPlaceholder(_ key: ImageKey, in rect: Rect, cornerRadius: Double, into list: inout DrawList) -> Bool {
        guard let small = previews[key] else {
            list.fill(rect, placeholderColor, radius: cornerRadius)
            return false
        }
        // Its own key: the backend keeps a texture a key.
        list.image(small, key: ImageKey(source: key.source + "#embedded-thumbnail", pixelSize: small.size, mode: key.mode),
                   in: rect, radius: cornerRadius)
        return true
    }
}
