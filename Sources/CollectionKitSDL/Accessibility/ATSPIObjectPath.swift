/// Where a node of the tree lives on the bus: its D-Bus object path, made from the child indices
/// that lead to it from the application's root, so any node can be named and found again without
/// keeping an object for it (item 900,000 of a grid is `…/accessible/n0_1_0_900000`).
///
/// GDBus hands a subtree's handler only the last element of a path, so the indices are packed
/// into one element: `n` then the indices joined by `_`. The application's root is `…/root`,
/// the path the registry expects.
public struct ATSPIObjectPath: Hashable, Sendable {
    /// The indices from the application's root: empty for the root itself.
    public var indices: [Int]

    /// The folder under which every node lives (the subtree registered with GDBus).
    public static let base = "/org/a11y/atspi/accessible"
    public static let rootElement = "root"
    /// The path AT-SPI uses for "no object" in references.
    public static let null = "/org/a11y/atspi/null"

    public static let root = ATSPIObjectPath(indices: [])

    public init(indices: [Int]) { self.indices = indices }

    /// The last element of the path, under ``base``.
    public var element: String {
        indices.isEmpty ? Self.rootElement : "n" + indices.map(String.init).joined(separator: "_")
    }

    public var string: String { Self.base + "/" + element }

    public func child(_ index: Int) -> ATSPIObjectPath { ATSPIObjectPath(indices: indices + [index]) }

    /// The parent's path; nil for the root.
    public var parent: ATSPIObjectPath? { indices.isEmpty ? nil : ATSPIObjectPath(indices: Array(indices.dropLast())) }

    /// Reads a path element (`root`, `n0_1_5`); nil for anything else, so a client's typo or a
    /// stale path is answered "no such object", never guessed at.
    public init?(element: String) {
        if element == Self.rootElement { self.init(indices: []); return }
        guard element.first == "n", element.count > 1 else { return nil }
        var indices: [Int] = []
        for part in element.dropFirst().split(separator: "_", omittingEmptySubsequences: false) {
            // Digits only (no sign, no leading zeros but "0"), and within Int32 as AT-SPI counts.
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  part == "0" || part.first != "0", part.count <= 10,
                  let n = Int(part), n <= Int(Int32.max) else { return nil }
            indices.append(n)
        }
        self.init(indices: indices)
    }

    /// Reads a whole object path; nil unless it is ``base`` + `/` + an element this type makes.
    public init?(path: String) {
        guard path.hasPrefix(Self.base + "/") else { return nil }
        self.init(element: String(path.dropFirst(Self.base.count + 1)))
    }
}
