import CollectionKit

/// What the bus thread may answer by itself, published by the window's thread each time it reads
/// the tree: every collection's object path, item count and item role.
///
/// A screen reader entering a list counts its items before it speaks (Orca 43 says "list with
/// 2000 items" by asking the list for each child and each child for its role): thousands of calls
/// in a row, each of which, queued for the window's thread, waited for the window loop to wake
/// (seconds in all on a loaded machine). These few calls need no more than the snapshot, so they
/// are answered where they arrive: `GetChildAtIndex` and `ChildCount` of a collection; `GetRole`,
/// `GetRoleName`, `GetLocalizedRoleName`, `GetIndexInParent` and `GetApplication` of its items.
/// Everything else (names, states, frames) is still read from the tree as it is now.
///
/// The window's thread withdraws the snapshot as soon as the application may have changed (a
/// frame's input, an action) and publishes a new one when it next reads the tree, so an answer
/// from the bus thread is never older than one from the tree would be. Nothing is built while no
/// one asks: the snapshot is made from the tree the window's thread reads anyway.
struct ATSPISnapshot: Sendable {
    struct Collection: Sendable {
        var count: Int
        var itemRole: ATSPIRole
    }

    /// The collections by their path's last element (`n0_1i4_2`).
    var collections: [String: Collection] = [:]
    /// The application's name on the bus, for references.
    var busName = ""

    init() {}

    /// The collections of `tree`, found by walking its listed nodes (never a collection's items).
    init(_ tree: ATSPITree, busName: String) {
        self.busName = busName
        func walk(_ node: AccessibleNode, _ path: ATSPIObjectPath) {
            if let items = node.items {
                collections[path.element] = Collection(count: items.count, itemRole: ATSPIRole(items.itemRole))
                return
            }
            for (i, c) in node.children.enumerated() { walk(c, path.child(i, identity: c.identity)) }
        }
        walk(tree.window, ATSPIObjectPath.root.child(0, identity: tree.window.identity))
    }

    /// The answer to a call when the snapshot holds it, as the method's out-arguments; nil when
    /// the window's thread must answer.
    func answer(path: String, interface: String, method: String, arguments: DBusArguments) -> [DBusValue]? {
        guard !collections.isEmpty, path.hasPrefix(ATSPIObjectPath.base + "/") else { return nil }
        let element = String(path.dropFirst(ATSPIObjectPath.base.count + 1))
        if let collection = collections[element] {
            switch (interface, method) {
            case (ATSPIInterfaces.accessible, "GetChildAtIndex"):
                guard let i = arguments.int32(0).map(Int.init) else { return nil }
                return [i >= 0 && i < collection.count ? .reference(busName, path + "_\(i)") : .reference("", ATSPIObjectPath.null)]
            case (ATSPIInterfaces.properties, "Get"):
                guard arguments.string(0) == ATSPIInterfaces.accessible, arguments.string(1) == "ChildCount" else { return nil }
                return [.variant(.int32(Int32(clamping: collection.count)))]
            default: return nil
            }
        }
        // An item: the collection's element, "_", and the index (digits only, as paths are made).
        guard interface == ATSPIInterfaces.accessible, let cut = element.lastIndex(of: "_"),
              let collection = collections[String(element[..<cut])] else { return nil }
        let digits = element[element.index(after: cut)...]
        guard !digits.isEmpty, digits.count <= 10, digits == "0" || digits.first != "0",
              digits.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(digits), index < collection.count else { return nil }
        switch method {
        case "GetRole": return [.uint32(collection.itemRole.number)]
        case "GetRoleName", "GetLocalizedRoleName": return [.string(collection.itemRole.name)]
        case "GetIndexInParent": return [.int32(Int32(clamping: index))]
        case "GetApplication": return [.reference(busName, ATSPIObjectPath.root.string)]
        default: return nil
        }
    }
}
