extension ImagePipeline {
    /// A job's work, on a worker: the disk cache's thumbnail if it is large enough, otherwise a
    /// decode of the source (reduced while decoding where the decoder can), a thumbnail of it
    /// stored for next time, and the picture scaled down to the key's pixels. Stops between
    /// stages once cancelled.
    ///
    /// Before a decode, the picture's embedded thumbnail (``ImageDecoding/embeddedThumbnail(of:)``),
    /// when it has one and `previews` is on, is posted through `post` to show meanwhile; one that
    /// cannot be read costs only itself.
    static func make(_ job: ImageJob, decoder: any ImageDecoding, thumbnails: (any ThumbnailStoring)?, previews: Bool = false,
                     post: (ImageOutcome) -> Void = { _ in }) -> ImageOutcome {
        let key = job.key
        let need = key.pixelSize.longerSide
        let flavour = thumbnails?.flavourSide(atLeast: need)
        // A stored thumbnail smaller than its flavour is the whole (small) picture: as good as it gets.
        if let thumbnails, let flavour, let stored = thumbnails.thumbnail(of: key.source, atLeast: need),
           covers(stored, key) || stored.size.longerSide < flavour {
            return .made(stored.thumbnail(for: key.pixelSize, mode: key.mode), fromDisk: true)
        }
        if job.isCancelled { return .cancelled }
        // A file that failed before, unchanged since: its placeholder at once, no decode.
        if let thumbnails, thumbnails.hasFailed(key.source) { return .failed("it failed before") }
        if previews, let small = decoder.embeddedThumbnail(of: key.source) {
            post(.preview(small.thumbnail(for: key.pixelSize, mode: key.mode)))
            if job.isCancelled { return .cancelled }
        }
        do {
            var decoded: ImagePixels
            if let flavour {
                let box = PixelSize(width: flavour, height: flavour)
                decoded = try decoder.decode(key.source, covering: box, mode: .fit)
                if job.isCancelled { return .cancelled }
                thumbnails?.store(decoded.thumbnail(for: box, mode: .fit), of: key.source)
                // A panorama filling a square cell needs more than the flavour's side.
                // (A picture smaller than the flavour came whole: decoding it again gains nothing.)
                if !covers(decoded, key), decoded.size.longerSide >= flavour { decoded = try decoder.decode(key.source, covering: key.pixelSize, mode: key.mode) }
            } else {
                decoded = try decoder.decode(key.source, covering: key.pixelSize, mode: key.mode)
            }
            if job.isCancelled { return .cancelled }
            return .made(decoded.thumbnail(for: key.pixelSize, mode: key.mode), fromDisk: false)
        } catch {
            let reason = String(describing: error)
            thumbnails?.storeFailure(of: key.source, reason: reason)
            return .failed(reason)
        }
    }

    /// Whether `pixels` is large enough to make `key` without scaling up.
    static func covers(_ pixels: ImagePixels, _ key: ImageKey) -> Bool {
        key.mode.scale(from: pixels.size, to: key.pixelSize) <= 1.0001
    }
}
