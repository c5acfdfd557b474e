import CalendarModel
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import Foundation
import CollectionKitSDL
import XCTest

/// Golden-image checks: a scene is rendered headless and compared with a reference PNG kept in
/// `Tests/RenderTests/References`. Set `RECORD_GOLDENS=1` to write references anew (look at them
/// before committing). A failing comparison writes `NAME.actual.png` and `NAME.diff.png` (the
/// differing pixels in red) into `Tests/RenderTests/Failures`.
enum Golden {
    static let testsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let references = testsDir.appendingPathComponent("References")
    static let failures = testsDir.appendingPathComponent("Failures")
    /// Share of pixels allowed to differ by more than the channel tolerance.
    static let allowedFraction = 0.0001

    static func fonts() throws -> (regular: String, bold: String) { try FontLocator.uiFonts() }

    /// Runs `script` on a fresh app and returns the final frame (`scale` device pixels per point).
    static func render(scene: String, size: Size = Size(width: 1280, height: 800), config: SceneConfig = SceneConfig(),
                       script: String = "", fps: Double = 60, scale: Double = 1) throws -> (image: Image, app: App) {
        let canvas = try HeadlessCanvas(size: size, fonts: try fonts(), scale: scale)
        canvas.drawer.neutralTextDirection = config.layoutDirection
        // Cells that size themselves from text measure it as this canvas draws it.
        var config = config
        if config.textMeasurer == nil { config.textMeasurer = TextMeasurerBox(canvas.measurer) }
        let app = try App(scene: scene, size: size, config: config)
        let driver = HeadlessDriver(root: app, fps: fps)
        // Only the last frame is compared, so only it is drawn: a canvas shows the same pixels for
        // a frame however many came before it (PartialRedrawTests checks that frame by frame).
        var lastList = DrawList()
        driver.render = { lastList = $0 }
        try driver.play(ScriptTimeline(InputScript.parse(script), fps: fps))
        XCTAssertTrue(lastList.isBalanced, "draw list pushes and pops must match")
        try canvas.resize(app.size)
        canvas.render(lastList)
        return (canvas.capture(), app)
    }

    static func assertMatches(_ image: Image, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let refURL = references.appendingPathComponent("\(name).png")
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)
            try image.writePNG(to: refURL.path)
            print("recorded \(refURL.path)")
            return
        }
        guard FileManager.default.fileExists(atPath: refURL.path) else {
            XCTFail("no reference image \(refURL.path); record one with RECORD_GOLDENS=1 and look at it", file: file, line: line)
            return
        }
        let reference = try Image.readPNG(refURL.path)
        let fraction = image.differingFraction(from: reference)
        if fraction > allowedFraction {
            let diff = image.difference(from: reference).diff
            try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
            let actual = failures.appendingPathComponent("\(name).actual.png").path
            let diffPath = failures.appendingPathComponent("\(name).diff.png").path
            try image.writePNG(to: actual)
            try diff.writePNG(to: diffPath)
            XCTFail("\(name): \(String(format: "%.3f", fraction * 100))% of pixels differ from the reference "
                    + "(allowed \(allowedFraction * 100)%); see \(actual) and \(diffPath)", file: file, line: line)
        }
    }
}
