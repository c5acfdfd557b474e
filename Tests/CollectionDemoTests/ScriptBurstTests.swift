import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// A script's events cost O(1) each, however many arrive at one moment: parsing, laying out in
/// time, the driver and the scene's scrolling together.
final class ScriptBurstTests: XCTestCase {
    /// The quickest of three plays of `lines` wheel lines at one moment on a fresh grid, in
    /// seconds, and the app of the last.
    private func play(_ lines: Int, scene: String) throws -> (seconds: Double, app: App) {
        let text = String(repeating: "wheel 0 -10000\n", count: lines) + "wait 200\n"
        var app: App?
        let seconds = try quickestOfThree({ () -> HeadlessDriver<App> in
            let made = try App(scene: scene, size: Size(1000, 700))
            app = made
            return HeadlessDriver(root: made, fps: 60)
        }) { try $0.play(script: text) }
        return (seconds, app!)
    }

    /// Four times the lines take at most 8 times as long, the quickest of three plays of each
    /// (the thread's CPU time). The velocity tracker once kept every sample of the burst and
    /// scanned them all at each new one (20,000 lines took 28 s in a debug build, 200,000 lines
    /// 31 s in a release build): work that grows with the burst makes four times the lines take
    /// sixteen times as long, linear work four; 8 keeps a factor of two from either. (Twice the
    /// lines against 3 times left less room: linear measured 2.0 on a quiet machine and 3.3 once
    /// beside a parallel build at load 7.) Each event still costs the grid an update of what is
    /// visible, as a window gives it, so the sizes are kept small for a debug build; the driver's
    /// own cost is checked at 100,000 lines in `HeadlessStopTests`.
    func testWheelLinesCostTheSameEachHoweverManyArriveAtOnce() throws {
        let small = try play(1_250, scene: "grid").seconds
        let (seconds, app) = try play(5_000, scene: "grid")
        XCTAssertLessThan(seconds, small * 8, "linear: 1,250 lines took \(small) s, 5,000 took \(seconds) s")
        let grid = try XCTUnwrap(SceneInspection.collections(of: app.currentScene).first)
        XCTAssertEqual(grid.contentOffset.y, grid.physics.maxOffset.y, "at the end of the content")
    }
}
