extension CompositionalLayout {
    /// A section's groups in item order, and what forming more of them needs. A reference, so that
    /// queries can go on forming the groups an interactive movement's `prepare` left unformed;
    /// `prepare` copies it before changing it when a copy of the layout shares it.
    final class GroupTable {
        var firstItem: [Int] = []
        /// Offset of each group from the section's `groupsOrigin` along its stacking axis.
        var offset: [Double] = []
        var template: [Int32] = []
        /// Groups measured one by one (estimated sizes), by group number.
        var measured: [Int: ResolvedGroup] = [:]
        /// With estimates measured near the view: per group, how much its measured extent differs
        /// from its estimate; group `g` starts at `offset[g]` plus the sum of those before it.
        /// Nil when groups are measured as they form.
        var corrections: RowHeightIndex?
        /// True when estimated groups keep their estimates as they form, to be measured later.
        let measuresLater: Bool
        /// The first item not in a formed group, where its group would start, and the largest
        /// cross extent of the groups formed.
        var nextItem = 0
        var nextOffset = 0.0
        var crossExtent = 0.0
        /// For a section formed only as far as queries ask from the start (more than
        /// `lazyFormingThreshold` items): the average extent an item adds along the stacking axis
        /// (spacing included), sampled in `prepare`, from which the height of the groups not
        /// formed yet is estimated. Nil when every group forms in `prepare`.
        var extentPerItem: Double?

        var section: LayoutSection
        /// The context the groups are formed for (its interactive movement maps displayed items to data).
        var context: LayoutContext
        let index: Int, count: Int
        let container: Size
        let axis: Axis
        let templates: [ResolvedGroup]
        let estimated: [Bool]
        let groupItems: [Int]
        let measure: ((ItemPath, Double) -> Double?)?

        init(section: LayoutSection, context: LayoutContext, index: Int, count: Int, container: Size, axis: Axis,
             templates: [ResolvedGroup], measure: ((ItemPath, Double) -> Double?)?, measuresLater: Bool = false) {
            self.section = section; self.context = context; self.index = index; self.count = count
            self.container = container; self.axis = axis; self.templates = templates; self.measure = measure
            self.measuresLater = measuresLater
            estimated = section.groups.map { measure != nil && $0.hasEstimatedSize }
            groupItems = section.groups.map { max(1, $0.itemCount) }
        }

        init(copying o: GroupTable) {
            firstItem = o.firstItem; offset = o.offset; template = o.template; measured = o.measured
            corrections = o.corrections; measuresLater = o.measuresLater
            nextItem = o.nextItem; nextOffset = o.nextOffset; crossExtent = o.crossExtent; extentPerItem = o.extentPerItem
            section = o.section; context = o.context; index = o.index; count = o.count; container = o.container
            axis = o.axis; templates = o.templates; estimated = o.estimated; groupItems = o.groupItems; measure = o.measure
        }

        /// A copy holding only the groups before the one that holds `item`.
        convenience init(copying o: GroupTable, upToGroupOf item: Int) {
            precondition(o.corrections == nil, "corrections are folded into the offsets before a movement")
            self.init(section: o.section, context: o.context, index: o.index, count: o.count, container: o.container,
                      axis: o.axis, templates: o.templates, measure: o.measure)
            let g = item < o.nextItem ? max(0, Search.partition(o.firstItem.count) { o.firstItem[$0] > item } - 1) : o.firstItem.count
            firstItem = Array(o.firstItem[..<g])
            offset = Array(o.offset[..<g])
            template = Array(o.template[..<g])
            measured = o.measured.filter { $0.key < g }
            nextItem = g < o.firstItem.count ? o.firstItem[g] : o.nextItem
            nextOffset = g < o.offset.count ? o.offset[g] : o.nextOffset
            crossExtent = o.crossExtent
            extentPerItem = o.extentPerItem
        }

        /// Appends `other`'s groups from group `k` on (which must start at `nextItem`), moved to
        /// follow the groups formed here, and whatever `other` had left to form.
        func adopt(from other: GroupTable, startingAtGroup k: Int) {
            precondition(other.firstItem[k] == nextItem, "adopted groups must start where these end")
            let shift = nextOffset - other.offset[k]
            let base = firstItem.count
            firstItem.append(contentsOf: other.firstItem[k...])
            offset.reserveCapacity(offset.count + other.offset.count - k)
            for o in other.offset[k...] { offset.append(o + shift) }
            template.append(contentsOf: other.template[k...])
            for (g, r) in other.measured where g >= k { measured[base + g - k] = r }
            nextItem = other.nextItem
            nextOffset = other.nextOffset + shift
            crossExtent = max(crossExtent, other.crossExtent)
        }

        var isComplete: Bool { nextItem >= count }

        /// Where group `g` starts along the stacking axis, from the section's `groupsOrigin`.
        /// O(1), or O(log n) with corrections.
        func offset(of g: Int) -> Double {
            guard let corrections else { return offset[g] }
            return offset[g] + corrections.top(of: g)
        }

        /// True when group `g` still has its estimated size.
        func isEstimate(_ g: Int) -> Bool { estimated[Int(template[g])] && measured[g] == nil }

        /// Starts keeping corrections: every group is formed, none corrected yet.
        func startCorrections() {
            guard measuresLater, corrections == nil, estimated.contains(true) else { return }
            corrections = RowHeightIndex([Double](repeating: 0, count: firstItem.count))
        }

        /// Measures group `g` (estimated, not measured yet); returns how much longer it became
        /// along the stacking axis.
        func measureGroup(_ g: Int) -> Double {
            guard let measure, var corrections else { return 0 }
            let t = Int(template[g]), s = index, context = context
            let first = firstItem[g]
            let resolved = section.groups[t].resolve(in: container) { k, width in
                measure(context.dataIndexPath(forDisplayed: ItemPath(item: first + k, section: s)), width)
            }
            measured[g] = resolved
            let delta = resolved.size[axis] - templates[t].size[axis]
            self.corrections = nil
            corrections.set(g, to: delta)
            self.corrections = corrections
            return delta
        }

        /// Folds the corrections into the offsets (before a movement reorders the groups). O(n).
        func foldCorrections() {
            guard let corrections else { return }
            for g in offset.indices { offset[g] += corrections.top(of: g) }
            nextOffset += corrections.total
            self.corrections = nil
        }

        /// Forms groups in item order, one call of the section's chooser per group, until the
        /// formed groups cover `item` and reach `limit` along the stacking axis (or the items run
        /// out). The defaults form every group.
        func form(coveringItem item: Int = .max, reaching limit: Double = .infinity) {
            guard nextItem < count, nextItem <= item, nextOffset < limit else { return }
            let s = index, context = context, count = count, section = section, container = container
            let templates = templates, estimated = estimated, groupItems = groupItems, measure = measure
            // Estimates stay estimates until the view comes near, except while a movement reorders.
            let measuresNow = !measuresLater || context.interactiveMove != nil
            let dataItem: (Int) -> Int = { context.dataIndexPath(forDisplayed: ItemPath(item: $0, section: s)).item }
            let spacing = section.interGroupSpacing, last = section.groups.count - 1
            let axis = axis, cross: Axis = axis == .horizontal ? .vertical : .horizontal
            // The arrays are taken out while groups are added, so appending never copies them.
            var firstItem = self.firstItem, offset = self.offset, template = self.template
            self.firstItem = []; self.offset = []; self.template = []
            var next = nextItem, nextOffset = nextOffset, crossExtent = crossExtent
            while next < count, next <= item, nextOffset < limit {
                let first = next
                let t = section.chooser.map { min(max(0, $0(first, count, dataItem)), last) } ?? 0
                let g = firstItem.count
                firstItem.append(first)
                offset.append(nextOffset)
                template.append(Int32(t))
                var resolved = templates[t]
                if estimated[t], measuresNow, let measure {
                    resolved = section.groups[t].resolve(in: container) { k, width in
                        measure(context.dataIndexPath(forDisplayed: ItemPath(item: first + k, section: s)), width)
                    }
                    measured[g] = resolved
                }
                next += groupItems[t]
                nextOffset += resolved.size[axis] + spacing
                crossExtent = max(crossExtent, resolved.size[cross])
            }
            self.firstItem = firstItem; self.offset = offset; self.template = template
            self.nextItem = next; self.nextOffset = nextOffset; self.crossExtent = crossExtent
        }

        /// The average extent an item adds along the stacking axis (its group's extent and the
        /// spacing after it, shared among the group's items), from groups formed, without keeping
        /// them, in `windows` stretches spread evenly over the items, `groupsPerWindow` groups
        /// each. A stretch starts at an arbitrary item rather than at a group boundary; over
        /// thousands of groups that makes no measurable difference to the average.
        func sampledExtentPerItem(windows: Int = 64, groupsPerWindow: Int = 256) -> Double {
            let s = index, context = context, count = count, section = section
            let templates = templates, groupItems = groupItems, axis = axis
            let dataItem: (Int) -> Int = { context.dataIndexPath(forDisplayed: ItemPath(item: $0, section: s)).item }
            let spacing = section.interGroupSpacing, last = section.groups.count - 1
            var extent = 0.0, items = 0
            for w in 0..<max(1, windows) {
                var next = count / max(1, windows) * w
                for _ in 0..<groupsPerWindow where next < count {
                    let first = next
                    let t = section.chooser.map { min(max(0, $0(first, count, dataItem)), last) } ?? 0
                    let n = min(groupItems[t], count - first)
                    extent += templates[t].size[axis] + spacing
                    items += n
                    next += n
                }
            }
            return items > 0 ? extent / Double(items) : 0
        }

        /// The section's groups' extent along the stacking axis: exact once every group is
        /// formed; before that, the groups formed plus the estimate for the items left.
        var estimatedUsedExtent: Double {
            if firstItem.isEmpty && count == 0 { return 0 }
            let rest = isComplete ? 0 : Double(count - nextItem) * (extentPerItem ?? 0)
            return max(0, nextOffset + rest - section.interGroupSpacing)
        }

        /// Forgets the group holding `item` and every group after it, so they form again.
        func truncate(fromGroupOf item: Int) {
            guard item < nextItem, !firstItem.isEmpty else { return }
            let g = max(0, Search.partition(firstItem.count) { firstItem[$0] > item } - 1)
            nextItem = firstItem[g]
            nextOffset = offset[g]
            firstItem.removeSubrange(g...)
            offset.removeSubrange(g...)
            template.removeSubrange(g...)
            if !measured.isEmpty { measured = measured.filter { $0.key < g } }
        }
    }
}
