import CollectionKit
@testable import CollectionDemo

/// Reads a scene's collection views by reflection, so checks over "every collection of every
/// scene" need no per-scene code and cover scenes added later.
enum SceneInspection {
    static func collections(of scene: any Scene) -> [CollectionView] {
        var found: [CollectionView] = []
        var seen = Set<ObjectIdentifier>()
        func visit(_ value: Any, depth: Int) {
            if let cv = value as? CollectionView {
                if seen.insert(ObjectIdentifier(cv)).inserted { found.append(cv) }
                return
            }
            guard depth < 3 else { return }
            for child in Mirror(reflecting: value).children { visit(child.value, depth: depth + 1) }
        }
        visit(scene, depth: 0)
        return found
    }

    /// Collections whose content offset lies outside its bounds (by more than half a point),
    /// described for a failure message; empty when every one is inside.
    static func offsetsOutOfBounds(in scene: any Scene) -> [String] {
        collections(of: scene).compactMap { cv in
            let p = cv.physics
            let o = p.offset, lo = p.minOffset, hi = p.maxOffset
            let inside = o.x >= lo.x - 0.5 && o.x <= hi.x + 0.5 && o.y >= lo.y - 0.5 && o.y <= hi.y + 0.5
            return inside ? nil : "\(cv.name): offset \(o) outside \(lo)...\(hi)\(p.isIdle ? " at rest" : " (moving)")"
        }
    }
}
