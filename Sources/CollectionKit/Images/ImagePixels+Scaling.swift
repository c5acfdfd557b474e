/// Downscaling on the pipeline's workers: an area average (each output pixel the mean of the
/// source pixels it covers, fractions weighted), which keeps fine detail from aliasing the way
/// nearest or bilinear sampling does at ratios of 2 and more. Separable: rows, then columns.
extension ImagePixels {
    /// The picture scaled by `ImageContentMode` to `box` (never up): `.fill` is cropped to
    /// exactly `box` (the middle kept), `.fit` and `.center` keep the whole picture inside it.
    public func thumbnail(for box: PixelSize, mode: ImageContentMode) -> ImagePixels {
        let s = min(1, mode.scale(from: size, to: box))
        if mode == .fill {
            // The part of the source that covers the box, then that part scaled to the box.
            let cw = min(Double(width), Double(box.width) / s), ch = min(Double(height), Double(box.height) / s)
            let out = PixelSize(width: min(box.width, max(1, Int((cw * s).rounded()))),
                                height: min(box.height, max(1, Int((ch * s).rounded()))))
            return resampled(x: (Double(width) - cw) / 2, y: (Double(height) - ch) / 2, width: cw, height: ch, to: out)
        }
        let out = PixelSize(width: max(1, Int((Double(width) * s).rounded())), height: max(1, Int((Double(height) * s).rounded())))
        return resampled(x: 0, y: 0, width: Double(width), height: Double(height), to: out)
    }

    /// The source rect (in pixels, fractions allowed) averaged down to `out` pixels. Returns
    /// `self` when nothing would change.
    func resampled(x: Double, y: Double, width cw: Double, height ch: Double, to out: PixelSize) -> ImagePixels {
        if x == 0, y == 0, out.width == width, out.height == height, cw == Double(width), ch == Double(height) { return self }
        let columns = ImagePixels.weights(from: x, length: cw, limit: width, into: out.width)
        let rows = ImagePixels.weights(from: y, length: ch, limit: height, into: out.height)
        // Rows first, only those the columns pass reads, into four channels of 8.8 sums; the columns
        // pass makes them 8.16, still within 32 bits.
        let firstRow = rows.first?.first ?? 0, lastRow = rows.last.map { $0.first + $0.weights.count } ?? 0
        let usedRows = lastRow - firstRow
        var across = [UInt32](repeating: 0, count: usedRows * out.width * 4)
        pixels.withUnsafeBufferPointer { src in
            across.withUnsafeMutableBufferPointer { dst in
                for r in 0..<usedRows {
                    let row = (firstRow + r) * width
                    for (o, c) in columns.enumerated() {
                        var a: UInt32 = 0, red: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0
                        for (k, w) in c.weights.enumerated() {
                            let p = src[row + c.first + k]
                            a &+= (p >> 24) &* w; red &+= (p >> 16 & 0xFF) &* w; g &+= (p >> 8 & 0xFF) &* w; b &+= (p & 0xFF) &* w
                        }
                        let i = (r * out.width + o) * 4
                        dst[i] = a; dst[i + 1] = red; dst[i + 2] = g; dst[i + 3] = b
                    }
                }
            }
        }
        var result = [UInt32](repeating: 0, count: out.width * out.height)
        across.withUnsafeBufferPointer { src in
            result.withUnsafeMutableBufferPointer { dst in
                for (o, c) in rows.enumerated() {
                    for x in 0..<out.width {
                        var ch4: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
                        for (k, w) in c.weights.enumerated() {
                            let i = ((c.first - firstRow + k) * out.width + x) * 4
                            ch4.0 &+= src[i] &* w; ch4.1 &+= src[i + 1] &* w; ch4.2 &+= src[i + 2] &* w; ch4.3 &+= src[i + 3] &* w
                        }
                        func c8(_ v: UInt32) -> UInt32 { min(255, (v + (1 << 15)) >> 16) }
                        dst[o * out.width + x] = c8(ch4.0) << 24 | c8(ch4.1) << 16 | c8(ch4.2) << 8 | c8(ch4.3)
                    }
                }
            }
        }
        return ImagePixels(width: out.width, height: out.height, pixels: result)!
    }

    /// For each of `count` outputs over the source span `start ..< start + length` (clamped to
    /// `0 ..< limit`), the first source index and the weights of the sources it covers, in
    /// 8.8 fixed point summing to 256 (so a channel times its weights stays within 16 bits).
    static func weights(from start: Double, length: Double, limit: Int, into count: Int) -> [(first: Int, weights: [UInt32])] {
        let step = length / Double(count)
        return (0..<count).map { o in
            let a = start + Double(o) * step, b = a + step
            let first = max(0, min(limit - 1, Int(a.rounded(.down))))
            let last = max(first, min(limit - 1, Int((b - 1e-9).rounded(.down))))
            var raw: [Double] = []
            for i in first...last { raw.append(max(0, min(b, Double(i + 1)) - max(a, Double(i)))) }
            let total = raw.reduce(0, +)
            guard total > 0 else { return (first, [256]) }
            // Whole weights that add up to exactly 256: the remainder goes to the largest.
            var w = raw.map { UInt32(($0 / total * 256).rounded(.down)) }
            let missing = 256 - w.reduce(0, +)
            if let big = raw.indices.max(by: { raw[$0] < raw[$1] }) { w[big] += missing }
            return (first, w)
        }
    }
}
