import CollectionKit
import Dispatch
import Foundation
import XCTest

/// A decoder whose sources carry a small embedded thumbnail (grey, 16x12) unless their name
/// starts with "plain"; each decode waits until the test lets it go.
private final class PreviewingDecoder: ImageDecoding, @unchecked Sendable {
    let gate = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var _thumbnailCalls = 0
    var thumbnailCalls: Int { lock.withLock { _thumbnailCalls } }
    func embeddedThumbnail(of source: String) -> ImagePixels? {
        lock.withLock { _thumbnailCalls += 1 }
        guard !source.hasPrefix("plain") else { return nil }
        return ImagePixels(width: 16, height: 12, pixels: [UInt32](repeating: 0xFF80_8080, count: 16 * 12))
    }
    func decode(_ source: String, covering box: PixelSize, mode: ImageContentMode) throws -> ImagePixels {
        gate.wait()
        return ImagePixels(width: box.width, height: box.height, pixels: [UInt32](repeating: 0xFF33_6699, count: box.width * box.height))!
    }
}

/// A picture's embedded thumbnail shows at once, scaled up, while the picture is decoded; the
/// picture fades in over it, and then it goes.
final class EmbeddedThumbnailPipelineTests: XCTestCase {
    func images(_ list: DrawList) -> [ImageRun] { list.commands.compactMap { if case let .image(run) = $0 { return run } else { return nil } } }


    func testTheEmbeddedThumbnailShowsWhileThePictureIsDecodedThenThePictureFadesInOverIt() {
        let decoder = PreviewingDecoder()
        let pipeline = ImagePipeline(decoder: decoder, workers: 1)
        let key = ImageKey(source: "photo.jpg", size: Size(120, 120), scale: 1)
        let rect = Rect(0, 0, 120, 120)
        var list = DrawList()
        pipeline.draw(key, in: rect, into: &list)
        XCTAssertTrue(images(list).isEmpty, "nothing yet: the placeholder")
        // The preview arrives while the decode is held.
        waitUntil(pipeline, now: 0) { pipeline.showsPreview(of: key) }
        XCTAssertEqual(pipeline.state(of: key), .pending)
        list = DrawList()
        pipeline.draw(key, in: rect, into: &list)
        let shown = images(list)
        XCTAssertEqual(shown.count, 1)
        XCTAssertEqual(shown.first?.rect, rect, "scaled up to the cell")
        XCTAssertEqual(shown.first?.pixels.size, PixelSize(width: 16, height: 12), "kept small: the drawing scales it up")
        XCTAssertNotEqual(shown.first?.key, key, "a texture of its own")
        XCTAssertEqual(pipeline.stats.previews, 1)
        XCTAssertEqual(pipeline.stats.previewDraws, 1)
        // The picture arrives: it fades in over the preview, which then goes.
        decoder.gate.signal()
        waitUntil(pipeline, now: 1) { pipeline.state(of: key) != .pending }
        list = DrawList()
        pipeline.draw(key, in: rect, into: &list)
        XCTAssertEqual(images(list).map(\.pixels.size), [PixelSize(width: 16, height: 12), PixelSize(width: 120, height: 120)])
        pipeline.update(now: 1 + pipeline.fadeDuration + 0.01)
        XCTAssertFalse(pipeline.showsPreview(of: key))
        list = DrawList()
        pipeline.draw(key, in: rect, into: &list)
        XCTAssertEqual(images(list).map(\.key), [key])
    }

    /// Without an embedded thumbnail, or with them turned off, the placeholder shows as before.
    func testWithoutOneOrTurnedOffThePlaceholderShows() {
        let decoder = PreviewingDecoder()
        let pipeline = ImagePipeline(decoder: decoder, workers: 0)
        let plain = ImageKey(source: "plain.jpg", size: Size(50, 50), scale: 1)
        var list = DrawList()
        pipeline.draw(plain, in: Rect(0, 0, 50, 50), into: &list)
        decoder.gate.signal()
        pipeline.update(now: 0)
        XCTAssertEqual(pipeline.stats.previews, 0)
        XCTAssertEqual(decoder.thumbnailCalls, 1)
        pipeline.showsEmbeddedThumbnails = false
        let other = ImageKey(source: "photo.jpg", size: Size(50, 50), scale: 1)
        pipeline.draw(other, in: Rect(0, 0, 50, 50), into: &list)
        decoder.gate.signal()
        pipeline.update(now: 0)
        XCTAssertEqual(decoder.thumbnailCalls, 1, "not even read")
        XCTAssertEqual(pipeline.stats.previews, 0)
    }
}
