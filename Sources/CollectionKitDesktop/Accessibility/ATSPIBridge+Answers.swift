import CollectionKit
import Foundation

/// Answers to `Accessible`, `Application`, `Component` and property calls (`Text` and
/// `EditableText` in `ATSPIBridge+Text.swift`), read from the
/// tree as it is now.
extension ATSPIBridge {
    /// Answers one call; true when it acted on the application.
    func answer(_ r: ATSPIRequest) -> Bool {
        guard let path = ATSPIObjectPath(path: r.path) else {
            r.fail(ATSPIRequest.unknownObject, "no accessible object at \(r.path)"); return false
        }
        let tree = tree()
        if path == .root { answerApplication(r, tree: tree); return false }
        if answerItemCheaply(r, path, tree) { return false }
        guard let node = tree.resolve(path) else { answerGone(r, path); return false }
        if r.interface == ATSPIInterfaces.properties {
            answerProperties(r, properties: { nodeProperties(of: $0, node) }); return false
        }
        guard r.interface == ATSPIInterfaces.accessible || ATSPITree.interfaces(of: node).contains(r.interface) else {
            r.fail(ATSPIRequest.unknownInterface, "\(r.path) has no interface \(r.interface)"); return false
        }
        switch r.interface {
        case ATSPIInterfaces.accessible: answerAccessible(r, node)
        case ATSPIInterfaces.component: answerComponent(r, node)
        case ATSPIInterfaces.text: return answerText(r, node)
        case ATSPIInterfaces.editableText: return answerEditableText(r, node)
        case ATSPIInterfaces.selection: return answerSelection(r, node)
        case ATSPIInterfaces.action: return answerAction(r, node)
        case ATSPIInterfaces.table: answerTable(r, node)
        case ATSPIInterfaces.tableCell: answerTableCell(r, node)
        default: r.fail(ATSPIRequest.unknownInterface, "\(r.path) has no interface \(r.interface)")
        }
        return false
    }

    // MARK: Properties

    /// `Get`, `GetAll` and `Set` of `org.freedesktop.DBus.Properties`; only the application's
    /// `Id` can be set (the registry numbers applications).
    private func answerProperties(_ r: ATSPIRequest, properties: (String) -> [(String, DBusValue)]) {
        guard let interface = r.arguments.string(0) else { r.fail(ATSPIRequest.invalidArgs, "no interface named"); return }
        switch r.method {
        case "Get":
            guard let name = r.arguments.string(1), let value = properties(interface).first(where: { $0.0 == name })?.1 else {
                r.fail(ATSPIRequest.unknownProperty, "no property \(r.arguments.string(1) ?? "") in \(interface)"); return
            }
            r.reply([.variant(value)])
        case "GetAll":
            r.reply([.variantDictionary(properties(interface))])
        case "Set":
            if interface == ATSPIInterfaces.application, r.arguments.string(1) == "Id", let id = r.arguments.variantInt32(2) {
                applicationID = id; r.reply([])
            } else {
                r.fail(ATSPIRequest.invalidArgs, "read-only property")
            }
        default: r.fail(ATSPIRequest.unknownInterface, "no method \(r.method)")
        }
    }

    /// The environment's locale, read once: every property read answers it (a screen reader
    /// walking a list reads each item's `ChildCount`), and the environment is not copied for each.
    private var locale: String { Self.environmentLocale }
    private static let environmentLocale: String = {
        let env = ProcessInfo.processInfo.environment
        return env["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? env["LC_MESSAGES"].flatMap { $0.isEmpty ? nil : $0 } ?? env["LANG"] ?? "C"
    }()

    private func applicationProperties(_ interface: String) -> [(String, DBusValue)] {
        switch interface {
        case ATSPIInterfaces.accessible:
            [("version", .uint32(1)), ("Name", .string(application.name)), ("Description", .string("")), ("Parent", desktop),
             ("ChildCount", .int32(1)), ("Locale", .string(locale)), ("AccessibleId", .string(""))]
        case ATSPIInterfaces.application:
            [("ToolkitName", .string("CollectionKit")), ("Version", .string("1.0")), ("AtspiVersion", .string("2.1")),
             ("Id", .int32(applicationID))]
        default: []
        }
    }

    private func nodeProperties(of interface: String, _ n: ATSPIResolvedNode) -> [(String, DBusValue)] {
        switch interface {
        case ATSPIInterfaces.accessible:
            return [("version", .uint32(1)), ("Name", .string(n.node.name)), ("Description", .string(n.node.description)),
                    ("Parent", reference(n.path.parent)), ("ChildCount", .int32(Int32(clamping: n.node.childCount))),
                    ("Locale", .string(locale)), ("AccessibleId", .string(n.path.element))]
        case ATSPIInterfaces.selection where ATSPITree.isSelectionContainer(n.node):
            return [("NSelectedChildren", .int32(Int32(clamping: selectedIndices(of: n.node).count)))]
        case ATSPIInterfaces.action where !actionEntries(of: n).isEmpty:
            return [("NActions", .int32(Int32(actionEntries(of: n).count)))]
        case ATSPIInterfaces.table: return tableProperties(n)
        case ATSPIInterfaces.tableCell: return tableCellProperties(n)
        case ATSPIInterfaces.text where ATSPITree.hasText(n.node):
            return textProperties(n)
        default: return []
        }
    }

    /// What a collection's item answers from its collection alone, without its node being made
    /// (its label, frame, states and children read): its role and its index. A screen reader
    /// entering a list asks every item its role (Orca counts a list's items so), thousands of
    /// calls in a row. False for anything else.
    private func answerItemCheaply(_ r: ATSPIRequest, _ path: ATSPIObjectPath, _ tree: ATSPITree) -> Bool {
        guard r.interface == ATSPIInterfaces.accessible,
              ["GetRole", "GetRoleName", "GetLocalizedRoleName", "GetIndexInParent", "GetApplication"].contains(r.method),
              let (items, index) = tree.collectionItem(path) else { return false }
        switch r.method {
        case "GetRole": r.reply([.uint32(ATSPIRole(items.itemRole).number)])
        case "GetIndexInParent": r.reply([.int32(Int32(clamping: index))])
        case "GetApplication": r.reply([reference(.root)])
        default: r.reply([.string(ATSPIRole(items.itemRole).name)])
        }
        return true
    }

    /// A node that is gone (an item since removed, a scene no longer shown) answers as a defunct
    /// object, not with an error: a screen reader asks the object it last spoke for its parent
    /// while it speaks the new focus (Orca compares the two parents), and an error there silenced
    /// the whole utterance. Anything beyond `Accessible` is still refused.
    private func answerGone(_ r: ATSPIRequest, _ path: ATSPIObjectPath) {
        let accessible = ATSPIInterfaces.accessible
        switch (r.interface, r.method) {
        case (ATSPIInterfaces.properties, _):
            answerProperties(r) { interface in
                interface != accessible ? [] :
                    [("version", .uint32(1)), ("Name", .string("")), ("Description", .string("")), ("Parent", reference(nil)),
                     ("ChildCount", .int32(0)), ("Locale", .string(locale)), ("AccessibleId", .string(path.element))]
            }
        case (accessible, "GetState"):
            var set = ATSPIStateSet()
            set.insert(.defunct)
            r.reply([.array(elementType: "u", [.uint32(set.words.0), .uint32(set.words.1)])])
        case (accessible, "GetRole"): r.reply([.uint32(0)])
        case (accessible, "GetRoleName"), (accessible, "GetLocalizedRoleName"): r.reply([.string("invalid")])
        case (accessible, "GetIndexInParent"): r.reply([.int32(-1)])
        case (accessible, "GetChildAtIndex"): r.reply([reference(nil)])
        case (accessible, "GetChildren"): r.reply([.array(elementType: "(so)", [])])
        case (accessible, "GetRelationSet"): r.reply([.array(elementType: "(ua(so))", [])])
        case (accessible, "GetAttributes"): r.reply([.stringDictionary([])])
        case (accessible, "GetApplication"): r.reply([reference(.root)])
        case (accessible, "GetInterfaces"): r.reply([.array(elementType: "s", [.string(accessible)])])
        default: r.fail(ATSPIRequest.unknownObject, "no accessible object at \(r.path): it is gone")
        }
    }

    // MARK: The application's root

    private func answerApplication(_ r: ATSPIRequest, tree: ATSPITree) {
        let window = ATSPIObjectPath.root.child(0)
        switch (r.interface, r.method) {
        case (ATSPIInterfaces.properties, _): answerProperties(r, properties: applicationProperties)
        case (ATSPIInterfaces.accessible, "GetChildAtIndex"): r.reply([reference(r.arguments.int32(0) == 0 ? window : nil)])
        case (ATSPIInterfaces.accessible, "GetChildren"): r.reply([.array(elementType: "(so)", [reference(window)])])
        case (ATSPIInterfaces.accessible, "GetIndexInParent"): r.reply([.int32(-1)])
        case (ATSPIInterfaces.accessible, "GetRelationSet"): r.reply([.array(elementType: "(ua(so))", [])])
        case (ATSPIInterfaces.accessible, "GetRole"): r.reply([.uint32(ATSPIRole.application.number)])
        case (ATSPIInterfaces.accessible, "GetRoleName"), (ATSPIInterfaces.accessible, "GetLocalizedRoleName"):
            r.reply([.string(ATSPIRole.application.name)])
        case (ATSPIInterfaces.accessible, "GetState"): r.reply([.array(elementType: "u", [.uint32(0), .uint32(0)])])
        case (ATSPIInterfaces.accessible, "GetAttributes"): r.reply([.stringDictionary([("toolkit", "CollectionKit")])])
        case (ATSPIInterfaces.accessible, "GetApplication"): r.reply([reference(.root)])
        case (ATSPIInterfaces.accessible, "GetInterfaces"):
            r.reply([.array(elementType: "s", [.string(ATSPIInterfaces.accessible), .string(ATSPIInterfaces.application)])])
        case (ATSPIInterfaces.application, "GetLocale"): r.reply([.string(locale)])
        default: r.fail(ATSPIRequest.unknownInterface, "the application's root has no \(r.interface).\(r.method)")
        }
    }

    // MARK: Accessible

    /// More children than this are not listed at once: a client asks for them one at a time
    /// (a collection says it manages its descendants).
    static let childrenListedAtOnce = 1000

    private func answerAccessible(_ r: ATSPIRequest, _ n: ATSPIResolvedNode) {
        switch r.method {
        case "GetChildAtIndex":
            // A collection's item is not made to be referred to: its index is checked against the count.
            let i = Int(r.arguments.int32(0) ?? -1)
            let exists = n.node.items.map { i >= 0 && i < $0.count } ?? (n.node.child(at: i) != nil)
            r.reply([reference(exists ? n.path.child(i, in: n.node) : nil)])
        case "GetChildren":
            let count = n.node.childCount
            guard count <= Self.childrenListedAtOnce else {
                r.fail(ATSPIRequest.failed, "\(count) children: ask for them one at a time with GetChildAtIndex"); return
            }
            r.reply([.array(elementType: "(so)", (0..<count).map { reference(n.path.child($0, in: n.node)) })])
        case "GetIndexInParent": r.reply([.int32(Int32(n.path.indices.last ?? -1))])
        case "GetRelationSet": r.reply([.array(elementType: "(ua(so))", [])])
        case "GetRole": r.reply([.uint32(ATSPIRole(n.node.role).number)])
        case "GetRoleName", "GetLocalizedRoleName": r.reply([.string(ATSPIRole(n.node.role).name)])
        case "GetState":
            let set = stateSet(of: n)
            r.reply([.array(elementType: "u", [.uint32(set.words.0), .uint32(set.words.1)])])
        case "GetAttributes": r.reply([.stringDictionary(attributes(of: n))])
        case "GetApplication": r.reply([reference(.root)])
        case "GetInterfaces": r.reply([.array(elementType: "s", ATSPITree.interfaces(of: n).map { .string($0) })])
        default: r.fail(ATSPIRequest.unknownInterface, "no method \(r.method)")
        }
    }

    func stateSet(of n: ATSPIResolvedNode) -> ATSPIStateSet {
        var set = ATSPIStateSet(n.node.states, managesDescendants: n.node.items != nil,
                                multiselectable: n.node.items?.view.allowsMultipleSelection ?? false,
                                active: n.node.role == .window && application.windowIsActive())
        // A collection with no focused item, or a dialog with no focused control, has the focus
        // itself once listeners were told so (a page just shown, a sheet just opened): a screen
        // reader follows a focus event only to an object that says it is focused.
        if n.node.items != nil || n.node.role == .dialog, n.path == lastFocus { set.insert(.focusable); set.insert(.focused) }
        return set
    }

    private func attributes(of n: ATSPIResolvedNode) -> [(String, String)] {
        var pairs = [("toolkit", "CollectionKit"), ("xml-roles", n.node.role.ariaRole)]
        if n.node.role == .liveRegion { pairs += [("container-live", "polite"), ("live", "polite")] }
        if n.node.states.contains(.pinned) { pairs.append(("pinned", "true")) }
        if n.collection != nil { pairs.append(("grabbed", n.node.states.contains(.dragged) ? "true" : "false")) }
        return pairs
    }

    // MARK: Component

    /// A node's frame in the coordinates asked for: screen (the window's position added, in
    /// pixels), window, or relative to its parent.
    func extents(_ n: ATSPIResolvedNode, coordType: UInt32) -> Rect {
        let scale = application.pixelsPerPoint()
        let f = n.node.frame
        switch coordType {
        case 2:
            let p = n.parent?.frame.origin ?? .zero
            return Rect(x: (f.minX - p.x) * scale, y: (f.minY - p.y) * scale, width: f.width * scale, height: f.height * scale)
        case 1: return Rect(x: f.minX * scale, y: f.minY * scale, width: f.width * scale, height: f.height * scale)
        default:
            let o = application.windowOrigin()
            return Rect(x: o.x + f.minX * scale, y: o.y + f.minY * scale, width: f.width * scale, height: f.height * scale)
        }
    }

    /// A point in the coordinates given, as a window point in points.
    private func windowPoint(x: Int32, y: Int32, coordType: UInt32, _ n: ATSPIResolvedNode) -> Point {
        let scale = application.pixelsPerPoint()
        switch coordType {
        case 2:
            let p = n.parent?.frame.origin ?? .zero
            return Point(x: Double(x) / scale + p.x, y: Double(y) / scale + p.y)
        case 1: return Point(x: Double(x) / scale, y: Double(y) / scale)
        default:
            let o = application.windowOrigin()
            return Point(x: (Double(x) - o.x) / scale, y: (Double(y) - o.y) / scale)
        }
    }

    private func answerComponent(_ r: ATSPIRequest, _ n: ATSPIResolvedNode) {
        let a = r.arguments
        switch r.method {
        case "GetExtents":
            let e = extents(n, coordType: a.uint32(0) ?? 0)
            r.reply([.tuple([.int32(Int32(clamping: Int(e.minX.rounded()))), .int32(Int32(clamping: Int(e.minY.rounded()))),
                             .int32(Int32(clamping: Int(e.width.rounded()))), .int32(Int32(clamping: Int(e.height.rounded())))])])
        case "GetPosition":
            let e = extents(n, coordType: a.uint32(0) ?? 0)
            r.reply([.int32(Int32(clamping: Int(e.minX.rounded()))), .int32(Int32(clamping: Int(e.minY.rounded())))])
        case "GetSize":
            let e = extents(n, coordType: 1)
            r.reply([.int32(Int32(clamping: Int(e.width.rounded()))), .int32(Int32(clamping: Int(e.height.rounded())))])
        case "Contains":
            let p = windowPoint(x: a.int32(0) ?? 0, y: a.int32(1) ?? 0, coordType: a.uint32(2) ?? 0, n)
            r.reply([.bool(n.node.frame.contains(p))])
        case "GetAccessibleAtPoint":
            let p = windowPoint(x: a.int32(0) ?? 0, y: a.int32(1) ?? 0, coordType: a.uint32(2) ?? 0, n)
            r.reply([reference(child(of: n, at: p))])
        case "GetLayer": r.reply([.uint32(n.node.role == .window ? 7 : 3)])
        case "GetMDIZOrder": r.reply([.int16(0)])
        case "GrabFocus": r.reply([.bool(false)])
        case "GetAlpha": r.reply([.double(1)])
        default: r.fail(ATSPIRequest.unknownInterface, "no method \(r.method)")
        }
    }

    /// The child under a window point: a collection asks its view (the items drawn there), other
    /// nodes look through their listed children, the last drawn first.
    private func child(of n: ATSPIResolvedNode, at p: Point) -> ATSPIObjectPath? {
        if let items = n.node.items {
            guard let ip = items.view.indexPathForItem(atWindowPoint: p), items.contains(ip) else { return nil }
            return n.path.child(items.index(of: ip))
        }
        return n.node.children.indices.last { n.node.children[$0].frame.contains(p) }.map { n.path.child($0, in: n.node) }
    }
}
