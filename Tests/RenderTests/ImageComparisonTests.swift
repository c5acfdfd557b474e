import CollectionKitSDL
import XCTest

/// The golden and pixel-target checks' comparison: the share of pixels beyond a channel
/// tolerance, with and without the picture of where they differ.
final class ImageComparisonTests: XCTestCase {
    private func noise(_ width: Int, _ height: Int, seed: UInt64) -> Image {
        var state = seed
        let pixels = (0..<(width * height)).map { _ -> UInt32 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return 0xFF00_0000 | UInt32(truncatingIfNeeded: state >> 40) & 0x00FF_FFFF
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    func testEqualImagesDifferNowhere() {
        let a = noise(300, 200, seed: 1)
        XCTAssertEqual(a.differingFraction(from: a), 0)
        XCTAssertEqual(a.difference(from: a).fraction, 0)
    }

    func testOnlyAChannelBeyondTheToleranceCounts() {
        let a = noise(300, 200, seed: 2)
        var b = a
        // One pixel's green 9 away (beyond 8), another's blue 8 away (within), the alpha of a
        // third changed (not a colour channel), at both ends and inside a skipped block.
        func shifted(_ p: UInt32, by d: Int, at shift: UInt32) -> UInt32 {
            let c = Int(p >> shift & 0xFF)
            let n = UInt32(c + d <= 255 ? c + d : c - d)
            return p & ~(0xFF << shift) | n << shift
        }
        b.pixels[0] = shifted(a.pixels[0], by: 9, at: 8)
        b.pixels[31_000] = shifted(a.pixels[31_000], by: 8, at: 0)
        b.pixels[59_999] = a.pixels[59_999] & 0x00FF_FFFF
        let one = 1.0 / 60_000
        XCTAssertEqual(a.differingFraction(from: b), one, accuracy: 1e-12)
        XCTAssertEqual(a.difference(from: b).fraction, one, accuracy: 1e-12)
        XCTAssertEqual(a.differingFraction(from: b, channelTolerance: 7), 2 * one, accuracy: 1e-12)
        XCTAssertEqual(a.difference(from: b).diff.pixels[0], 0xFFFF_0000, "the differing pixel is marked red")
        XCTAssertNotEqual(a.difference(from: b).diff.pixels[31_000], 0xFFFF_0000)
    }

    func testBothWaysAgreeOnUnrelatedImages() {
        let a = noise(257, 129, seed: 3), b = noise(257, 129, seed: 4)
        for tolerance in [0, 4, 8, 100] {
            let fast = a.differingFraction(from: b, channelTolerance: tolerance)
            XCTAssertEqual(fast, a.difference(from: b, channelTolerance: tolerance).fraction)
            XCTAssertGreaterThan(fast, 0)
        }
    }

    func testImagesOfOtherSizesDifferEverywhere() {
        XCTAssertEqual(noise(10, 10, seed: 5).differingFraction(from: noise(10, 11, seed: 5)), 1)
        XCTAssertEqual(Image(width: 0, height: 0, pixels: []).differingFraction(from: Image(width: 0, height: 0, pixels: [])), 0)
    }
}
