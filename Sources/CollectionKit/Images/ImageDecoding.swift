/// Turns a source into pixels. The backend supplies one (the engine has no codecs): the
/// pipeline calls it on worker threads, never on the thread that draws, so it must be safe to
/// call from several threads at once.
public protocol ImageDecoding: Sendable {
    /// Decodes `source` at any size that still covers what `box` needs under `mode` (see
    /// ``ImageContentMode/scale(from:to:)``): a decoder that can reduce cheaply while decoding
    /// (JPEG's DCT scaling by 1/2, 1/4, 1/8) should, and the pipeline scales the rest of the way.
    /// Throws for a source it cannot read or decode (missing, truncated, not a picture).
    func decode(_ source: String, covering box: PixelSize, mode: ImageContentMode) throws -> ImagePixels
    /// The small picture `source` carries of itself (a JPEG's EXIF thumbnail), decoded and
    /// turned upright, for the pipeline to show at once while ``decode(_:covering:mode:)`` runs;
    /// nil when it carries none or that one cannot be read (the picture itself is still decoded).
    /// The default is nil: no embedded thumbnails.
    func embeddedThumbnail(of source: String) -> ImagePixels?
}

extension ImageDecoding {
    /// No embedded thumbnails.
    public func embeddedThumbnail(of source: String) -> ImagePixels? { nil }
}

/// A cache of thumbnails on disk that outlives the program and is shared with others (the
/// freedesktop.org thumbnail cache); the backend supplies it. Called on worker threads.
public protocol ThumbnailStoring: Sendable {
    /// The side of the smallest thumbnail flavour at least `side` pixels, the size to make for
    /// it; nil when no flavour is that large (the pipeline then keeps nothing on disk).
    func flavourSide(atLeast side: Int) -> Int?
    /// A thumbnail of `source` made from its current contents, at least `side` pixels on its
    /// longer side (or the whole picture, when that is smaller); nil when none is stored or the
    /// stored one is out of date.
    func thumbnail(of source: String, atLeast side: Int) -> ImagePixels?
    /// Keeps `thumbnail` of `source` (already scaled to fit a flavour's side) for next time.
    func store(_ thumbnail: ImagePixels, of source: String)
    /// Whether making a thumbnail of `source`, as it is now, failed before (the file is not a
    /// picture, or is broken): the pipeline shows the placeholder without decoding it again.
    func hasFailed(_ source: String) -> Bool
    /// Notes that `source`, as it is now, could not be decoded, so that no program sharing the
    /// cache tries again until the file changes.
    func storeFailure(of source: String)
    /// The same, with why (a store may keep the reason with its marker).
    func storeFailure(of source: String, reason: String)
}

extension ThumbnailStoring {
    /// No failures remembered (a store that keeps none).
    public func hasFailed(_ source: String) -> Bool { false }
    public func storeFailure(of source: String) {}
    /// Keeps the marker without the reason.
    public func storeFailure(of source: String, reason: String) { storeFailure(of: source) }
}
