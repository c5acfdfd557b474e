import CollectionKit
import CSDL2
@testable import CollectionKitSDL
import XCTest

/// Corner discs are kept as one byte of coverage a pixel; drawn in a colour they must give
/// exactly the pixels the white ARGB8888 bitmap with that coverage as alpha gave.
final class AlphaMaskTests: XCTestCase {
    private func surface(_ w: Int32, _ h: Int32) throws -> UnsafeMutablePointer<SDL_Surface> {
        try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
    }

    private func pixels(_ s: UnsafeMutablePointer<SDL_Surface>) -> [UInt32] {
        let count = Int(s.pointee.pitch / 4) * Int(s.pointee.h)
        return Array(UnsafeBufferPointer(start: s.pointee.pixels!.assumingMemoryBound(to: UInt32.self), count: count))
    }

    func testMaskDrawsTheSamePixelsAsAWhiteBitmap() throws {
        var random = SystemRandomNumberGenerator()
        let mask = AlphaMask(width: 23, height: 17)
        let bitmap = Bitmap(width: 23, height: 17)
        for i in 0..<23 * 17 {
            // Clear, opaque and everything between.
            let a = [0, 255, UInt8.random(in: 0...255, using: &random)][i % 3]
            mask.coverage[i] = a
            bitmap.pixels[i] = UInt32(a) << 24 | 0x00FF_FFFF
        }
        XCTAssertEqual(mask.whitePixels(), Array(UnsafeBufferPointer(start: bitmap.pixels, count: 23 * 17)))
        let colours = [Color(r: 200, g: 30, b: 90, a: 255), Color(r: 0, g: 0, b: 0, a: 255),
                       Color(r: 0, g: 0, b: 0, a: 77), Color(r: 10, g: 250, b: 120, a: 140)]
        let copies: [(SDL_Rect, SDL_Rect)] = [
            (SDL_Rect(x: 0, y: 0, w: 23, h: 17), SDL_Rect(x: 5, y: 4, w: 23, h: 17)),      // as it is
            (SDL_Rect(x: 3, y: 2, w: 9, h: 8), SDL_Rect(x: -3, y: 30, w: 9, h: 8)),       // part, clipped
            (SDL_Rect(x: 0, y: 0, w: 23, h: 17), SDL_Rect(x: 2, y: 2, w: 41, h: 9)),      // stretched and squeezed
            (SDL_Rect(x: 11, y: 0, w: 1, h: 17), SDL_Rect(x: 1, y: 1, w: 30, h: 17)),     // one column stretched
        ]
        for colour in colours {
            for (src, dst) in copies {
                let a = try surface(64, 48), b = try surface(64, 48)
                defer { SDL_FreeSurface(a); SDL_FreeSurface(b) }
                for s in [a, b] {
                    let p = s.pointee.pixels!.assumingMemoryBound(to: UInt32.self)
                    for i in 0..<Int(s.pointee.pitch / 4) * 48 { p[i] = 0xFF00_0000 | UInt32(i * 2654435761 & 0xFF_FFFF) }
                }
                let before = pixels(a)
                let clip = SDL_Rect(x: 0, y: 0, w: 60, h: 46)
                try XCTUnwrap(PixelTarget(surface: a)).blitMask(mask, src: src, dst: dst, color: colour, clip: clip)
                try XCTUnwrap(PixelTarget(surface: b)).blit(bitmap, src: src, dst: dst, alpha: 255, color: colour, clip: clip)
                XCTAssertEqual(pixels(a), pixels(b), "colour \(colour), \(src) onto \(dst)")
                XCTAssertNotEqual(pixels(a), before, "something was drawn")
            }
        }
    }

    /// Shadows and outline corners are kept as coverage in their colour on the software target:
    /// drawn at any alpha, as they are, in part, stretched or with one row or column stretched,
    /// they give exactly the pixels their ARGB8888 bitmap in that colour gave.
    func testMaskInAColourDrawsTheSamePixelsAsThatColoursBitmap() throws {
        var random = SystemRandomNumberGenerator()
        let (w, h) = (23, 17)
        for rgb in [0x00_0000, 0x1E_5A_C8, 0xFF_FFFF] as [UInt32] {
            let mask = AlphaMask(width: w, height: h)
            let bitmap = Bitmap(width: w, height: h)
            for i in 0..<w * h {
                let a = [0, 255, UInt8.random(in: 0...255, using: &random)][i % 3]
                mask.coverage[i] = a
                bitmap.pixels[i] = UInt32(a) << 24 | rgb
            }
            let copies: [(SDL_Rect, SDL_Rect)] = [
                (SDL_Rect(x: 0, y: 0, w: 23, h: 17), SDL_Rect(x: 5, y: 4, w: 23, h: 17)),
                (SDL_Rect(x: 3, y: 2, w: 9, h: 8), SDL_Rect(x: -3, y: 30, w: 9, h: 8)),
                (SDL_Rect(x: 0, y: 0, w: 23, h: 17), SDL_Rect(x: 2, y: 2, w: 41, h: 9)),
                (SDL_Rect(x: 11, y: 0, w: 1, h: 17), SDL_Rect(x: 1, y: 1, w: 30, h: 17)),
                (SDL_Rect(x: 0, y: 8, w: 23, h: 1), SDL_Rect(x: 1, y: 3, w: 23, h: 25)),
            ]
            for alpha in [255, 200, 31] as [UInt8] {
                let colour = Color(r: UInt8(rgb >> 16 & 0xFF), g: UInt8(rgb >> 8 & 0xFF), b: UInt8(rgb & 0xFF), a: alpha)
                for (src, dst) in copies {
                    let a = try surface(64, 48), b = try surface(64, 48)
                    defer { SDL_FreeSurface(a); SDL_FreeSurface(b) }
                    for s in [a, b] {
                        let p = s.pointee.pixels!.assumingMemoryBound(to: UInt32.self)
                        for i in 0..<Int(s.pointee.pitch / 4) * 48 { p[i] = 0xFF00_0000 | UInt32(i * 2654435761 & 0xFF_FFFF) }
                    }
                    let before = pixels(a)
                    let clip = SDL_Rect(x: 0, y: 0, w: 60, h: 46)
                    try XCTUnwrap(PixelTarget(surface: a)).blitMask(mask, src: src, dst: dst, color: colour, clip: clip)
                    try XCTUnwrap(PixelTarget(surface: b)).blit(bitmap, src: src, dst: dst, alpha: alpha, clip: clip)
                    XCTAssertEqual(pixels(a), pixels(b), "rgb \(rgb), alpha \(alpha), \(src) onto \(dst)")
                    XCTAssertNotEqual(pixels(a), before, "something was drawn")
                }
            }
        }
    }

    /// On the software target a shadow and an outline's corners hold one byte a pixel.
    func testShapesAreKeptAsCoverageOnTheSoftwareTarget() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 100), fonts: try Golden.fonts())
        let shapes = ShapeTextures(renderer: canvas.drawer.renderer, software: true)
        let shadow = try XCTUnwrap(shapes.shadow(width: 300, height: 200, radius: 12, blur: 24, color: Color(r: 0, g: 0, b: 0)))
        let ring = try XCTUnwrap(shapes.ring(radius: 10, width: 2, color: Color(r: 40, g: 90, b: 200)))
        XCTAssertNotNil(shadow.sprite.mask)
        XCTAssertNotNil(ring.mask)
        XCTAssertEqual(shapes.shadowBytes, shadow.sprite.width * shadow.sprite.height)
        XCTAssertEqual(shapes.ringBytes, ring.width * ring.height)
        shapes.drop()
    }
}
