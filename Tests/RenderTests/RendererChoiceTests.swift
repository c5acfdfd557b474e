@testable import CollectionKitSDL
import Foundation
import XCTest

/// The window's renderer is decided before OpenGL is loaded: without a GPU render node the
/// software renderer is made directly.
final class RendererChoiceTests: XCTestCase {
    func testNoRenderNodeMeansSoftwareWithoutTryingOpenGL() {
        XCTAssertEqual(RendererChoice.decide(renderNodes: [], userDriver: nil), .software)
        XCTAssertEqual(RendererChoice.decide(renderNodes: [], userDriver: ""), .software)
    }

    func testARenderNodeTriesTheAcceleratedRenderer() {
        XCTAssertEqual(RendererChoice.decide(renderNodes: ["/dev/dri/renderD128"], userDriver: nil),
                       .acceleratedUnlessRasterisedOnCPU)
    }

    func testTheUsersDriverIsKept() {
        XCTAssertEqual(RendererChoice.decide(renderNodes: [], userDriver: "opengl"), .userNamed)
        XCTAssertEqual(RendererChoice.decide(renderNodes: ["/dev/dri/renderD128"], userDriver: "software"), .userNamed)
    }

    func testRenderNodesAreFoundByName() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dri-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        XCTAssertEqual(RendererChoice.renderNodes(in: dir.path), [])
        for name in ["card0", "renderD129", "renderD128", "by-path"] {
            _ = FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: nil)
        }
        XCTAssertEqual(RendererChoice.renderNodes(in: dir.path), [dir.path + "/renderD128", dir.path + "/renderD129"])
        XCTAssertEqual(RendererChoice.renderNodes(in: dir.path + "/missing"), [])
    }
}
