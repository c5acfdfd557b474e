import XCTest

/// The README promises that its example compiles as written: the block is the example target's
/// source, which `swift build` compiles, so the two must not drift apart.
final class ReadmeExampleTests: XCTestCase {
    func testTheReadmeExampleIsTheExampleTarget() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: root.appendingPathComponent("Examples/GridExample/main.swift"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "## Use the engine in your own program"), "the README has the section")
        let rest = readme[section.upperBound...]
        // The second Swift block of the section is the program (the first is Package.swift).
        let blocks = rest.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        XCTAssertGreaterThanOrEqual(blocks.count, 2)
        XCTAssertEqual(blocks[1], example, "README's example differs from Examples/GridExample/main.swift")
        XCTAssertLessThan(example.split(separator: "\n").count, 100, "the example stays well under 100 lines")
    }
}
