import CollectionKit

/// Where a node of the tree lives on the bus: its D-Bus object path, made from the child indices
/// that lead to it from the application's root, so any node can be named and found again without
/// keeping an object for it (item 900,000 of a grid is `…/accessible/n0_1_0_900000`).
///
/// GDBus hands a subtree's handler only the last element of a path, so the indices are packed
/// into one element: `n` then the indices joined by `_`. The application's root is `…/root`,
/// the path the registry expects. A step through a node with an identity (the scene shown under
/// the tab bar, `AccessibleNode.identity`) carries it after an `i` (`n0_1i4_0_17`), so a path kept
/// from a scene no longer shown leads nowhere.
public struct ATSPIObjectPath: Hashable, Sendable {
    /// The indices from the application's root: empty for the root itself.
    public var indices: [Int]
    /// The identities of the nodes the path steps through, by position in ``indices``.
    public var identities: [Int: Int] = [:]

    /// The folder under which every node lives (the subtree registered with GDBus).
    public static let base = "/org/a11y/atspi/accessible"
    public static let rootElement = "root"
    /// The path AT-SPI uses for "no object" in references.
    public static let null = "/org/a11y/atspi/null"

    public static let root = ATSPIObjectPath(indices: [])

    public init(indices: [Int], identities: [Int: Int] = [:]) { self.indices = indices; self.identities = identities }

    /// The last element of the path, under ``base``.
    public var element: String {
        indices.isEmpty ? Self.rootElement
            : "n" + indices.enumerated().map { k, i in identities[k].map { "\(i)i\($0)" } ?? String(i) }.joined(separator: "_")
    }

    public var string: String { Self.base + "/" + element }

    /// The path of the child at `index`, through a node with `identity` when it has one.
    public func child(_ index: Int, identity: Int? = nil) -> ATSPIObjectPath {
        var path = ATSPIObjectPath(indices: indices + [index], identities: identities)
        path.identities[indices.count] = identity
        return path
    }

    /// The path of `parent`'s child at `index` (this path being `parent`'s), with the child's
    /// identity. O(1): a collection's item is not made for it.
    public func child(_ index: Int, in parent: AccessibleNode) -> ATSPIObjectPath {
        child(index, identity: parent.identityOfChild(at: index))
    }

    /// The parent's path; nil for the root.
    public var parent: ATSPIObjectPath? {
        guard !indices.isEmpty else { return nil }
        var path = ATSPIObjectPath(indices: Array(indices.dropLast()), identities: identities)
        path.identities[indices.count - 1] = nil
        return path
    }

    /// Reads a path element (`root`, `n0_1_5`); nil for anything else, so a client's typo or a
    /// stale path is answered "no such object", never guessed at.
    public init?(element: String) {
        if element == Self.rootElement { self.init(indices: []); return }
        guard element.first == "n", element.count > 1 else { return nil }
        // Digits only (no sign, no leading zeros but "0"), and within Int32 as AT-SPI counts.
        func number(_ part: Substring) -> Int? {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  part == "0" || part.first != "0", part.count <= 10,
                  let n = Int(part), n <= Int(Int32.max) else { return nil }
            return n
        }
        var indices: [Int] = []
        var identities: [Int: Int] = [:]
        for part in element.dropFirst().split(separator: "_", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "i", maxSplits: 1, omittingEmptySubsequences: false)
            guard let n = number(pieces[0]) else { return nil }
            if pieces.count == 2 {
                guard let identity = number(pieces[1]) else { return nil }
                identities[indices.count] = identity
            }
            indices.append(n)
        }
        self.init(indices: indices, identities: identities)
    }

    /// Reads a whole object path; nil unless it is ``base`` + `/` + an element this type makes.
    public init?(path: String) {
        guard path.hasPrefix(Self.base + "/") else { return nil }
        self.init(element: String(path.dropFirst(Self.base.count + 1)))
    }
}
