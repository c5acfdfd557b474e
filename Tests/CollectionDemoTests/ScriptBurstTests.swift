import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// A script's events cost O(1) each, however many arrive at one moment: parsing, laying out in
/// time, the driver and the scene's scrolling together.
final class ScriptBurstTests: XCTestCase {
    private func play(_ lines: Int, scene: String) throws -> (seconds: Double, app: App) {
        let app = try App(scene: scene, size: Size(1000, 700))
        let driver = HeadlessDriver(root: app, fps: 60)
        let text = String(repeating: "wheel 0 -10000\n", count: lines) + "wait 200\n"
        let start = Date()
        try driver.play(ScriptTimeline(InputScript.parse(text), fps: 60))
        return (Date().timeIntervalSince(start), app)
    }

    /// Ten times the lines take about ten times as long (the velocity tracker kept every sample of
    /// the burst and scanned them all at each new one: 20,000 lines took 28 s in a debug build,
    /// 200,000 lines 31 s in a release build). Each event still costs the grid an update of what
    /// is visible, as a window gives it, so the sizes are kept small for a debug build; the
    /// driver's own cost is checked at 200,000 lines in `HeadlessStopTests`.
    func testWheelLinesCostTheSameEachHoweverManyArriveAtOnce() throws {
        let small = try play(2_000, scene: "grid").seconds
        let (seconds, app) = try play(20_000, scene: "grid")
        XCTAssertLessThan(seconds, max(small, 0.05) * 20, "linear: 2,000 lines took \(small) s, 20,000 took \(seconds) s")
        let grid = try XCTUnwrap(SceneInspection.collections(of: app.currentScene).first)
        XCTAssertEqual(grid.contentOffset.y, grid.physics.maxOffset.y, "at the end of the content")
    }
}
