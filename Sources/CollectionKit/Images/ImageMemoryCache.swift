/// Decoded pictures kept in memory within a byte budget, the least recently used going first
/// (an LRU list threaded through a dictionary: lookups, insertions and evictions are O(1)).
///
/// The pipeline touches every picture a frame draws, so what is on screen is the most recent and
/// is evicted last; a budget smaller than one screenful would thrash, so make it a few screens.
public struct ImageMemoryCache {
    private struct Node { var pixels: ImagePixels; var older: ImageKey?; var newer: ImageKey? }
    private var nodes: [ImageKey: Node] = [:]
    private var newest: ImageKey?, oldest: ImageKey?
    /// The most bytes of pixels kept.
    public var budget: Int { didSet { trim() } }
    /// Bytes of pixels kept now; at most `budget` after every call.
    public private(set) var bytes = 0
    /// Pictures evicted to stay within the budget, since the cache was made.
    public private(set) var evictions = 0

    public init(budget: Int) { self.budget = max(0, budget) }

    public var count: Int { nodes.count }

    /// The picture for `key`, now the most recently used; nil when not kept.
    public mutating func pixels(for key: ImageKey) -> ImagePixels? {
        guard let node = nodes[key] else { return nil }
        moveToNewest(key)
        return node.pixels
    }

    /// The picture for `key` without making it more recent (for inspection).
    public func peek(_ key: ImageKey) -> ImagePixels? { nodes[key]?.pixels }

    /// Whether `key` is kept, without making it more recent.
    public func contains(_ key: ImageKey) -> Bool { nodes[key] != nil }

    /// Keeps `pixels` for `key` as the most recent, evicting the oldest until within the budget.
    /// A picture larger than the whole budget is not kept.
    public mutating func insert(_ pixels: ImagePixels, for key: ImageKey) {
        remove(key)
        guard pixels.bytes <= budget else { return }
        nodes[key] = Node(pixels: pixels, older: newest, newer: nil)
        if let n = newest { nodes[n]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
        bytes += pixels.bytes
        trim()
    }

    /// Forgets `key`.
    public mutating func remove(_ key: ImageKey) {
        guard let node = nodes.removeValue(forKey: key) else { return }
        if let o = node.older { nodes[o]?.newer = node.newer } else { oldest = node.newer }
        if let n = node.newer { nodes[n]?.older = node.older } else { newest = node.older }
        bytes -= node.pixels.bytes
    }

    private mutating func moveToNewest(_ key: ImageKey) {
        guard newest != key, let node = nodes[key] else { return }
        remove(key)
        nodes[key] = Node(pixels: node.pixels, older: newest, newer: nil)
        if let n = newest { nodes[n]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
        bytes += node.pixels.bytes
    }

    private mutating func trim() {
        while bytes > budget, let o = oldest {
            remove(o)
            evictions += 1
        }
    }
}
