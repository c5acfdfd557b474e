import CollectionKit

/// `Table` for collections read as rows and columns (``AccessibleTableShape``) and `TableCell`
/// for their items: counts, a cell's row and column, the cell at a row and column, and column
/// headers where the table has them. Rows and columns are computed from the flat index; nothing
/// is kept.
extension ATSPIBridge {
    /// The listed column header node for `column` of a table with headers: a `.columnHeader` node
    /// whose `index` is the column, found by walking the listed nodes.
    func columnHeader(_ column: Int, of items: AccessibleCollection) -> ATSPIObjectPath? {
        guard let headers = items.table?.columnHeaders, headers.indices.contains(column) else { return nil }
        return tree().path { $0.role == .columnHeader && $0.index == column && $0.name == headers[column] }
    }

    func tableProperties(_ n: ATSPIResolvedNode) -> [(String, DBusValue)] {
        guard let items = n.node.items, let size = items.tableSize else { return [] }
        return [("NRows", .int32(Int32(clamping: size.rows))), ("NColumns", .int32(Int32(clamping: size.columns))),
                ("Caption", reference(nil)), ("Summary", reference(nil)),
                ("NSelectedRows", .int32(0)), ("NSelectedColumns", .int32(0))]
    }

    func tableCellProperties(_ n: ATSPIResolvedNode) -> [(String, DBusValue)] {
        guard let items = n.collection, let index = n.path.indices.last, let cell = items.cell(at: index) else { return [] }
        return [("ColumnSpan", .int32(1)), ("RowSpan", .int32(1)),
                ("Position", .tuple([.int32(Int32(clamping: cell.row)), .int32(Int32(clamping: cell.column))])),
                ("Table", reference(n.path.parent))]
    }

    func answerTable(_ r: ATSPIRequest, _ n: ATSPIResolvedNode) {
        guard let items = n.node.items else { r.fail(ATSPIRequest.unknownInterface, "\(r.path) is not a table"); return }
        let a = r.arguments
        let first = Int(a.int32(0) ?? -1), second = Int(a.int32(1) ?? -1)
        let selected = Set(items.selectedIndices)
        switch r.method {
        case "GetAccessibleAt":
            r.reply([reference(items.index(row: first, column: second).map { n.path.child($0) })])
        case "GetIndexAt": r.reply([.int32(Int32(clamping: items.index(row: first, column: second) ?? -1))])
        case "GetRowAtIndex": r.reply([.int32(Int32(clamping: items.cell(at: first)?.row ?? -1))])
        case "GetColumnAtIndex": r.reply([.int32(Int32(clamping: items.cell(at: first)?.column ?? -1))])
        case "GetRowDescription": r.reply([.string("")])
        case "GetColumnDescription":
            let headers = items.table?.columnHeaders ?? []
            r.reply([.string(headers.indices.contains(first) ? headers[first] : "")])
        case "GetRowExtentAt", "GetColumnExtentAt": r.reply([.int32(items.index(row: first, column: second) == nil ? 0 : 1)])
        case "GetRowHeader": r.reply([reference(nil)])
        case "GetColumnHeader": r.reply([reference(columnHeader(first, of: items))])
        case "GetSelectedRows", "GetSelectedColumns": r.reply([.array(elementType: "i", [])])
        case "IsRowSelected", "IsColumnSelected", "AddRowSelection", "AddColumnSelection", "RemoveRowSelection", "RemoveColumnSelection":
            r.reply([.bool(false)])
        case "IsSelected": r.reply([.bool(items.index(row: first, column: second).map(selected.contains) ?? false)])
        case "GetRowColumnExtentsAtIndex":
            guard let cell = items.cell(at: first) else { r.reply([.bool(false), .int32(-1), .int32(-1), .int32(0), .int32(0), .bool(false)]); return }
            r.reply([.bool(true), .int32(Int32(clamping: cell.row)), .int32(Int32(clamping: cell.column)), .int32(1), .int32(1),
                     .bool(selected.contains(first))])
        default: r.fail(ATSPIRequest.unknownInterface, "no method \(r.method)")
        }
    }

    func answerTableCell(_ r: ATSPIRequest, _ n: ATSPIResolvedNode) {
        // The cell's column header (a weekday over a day), which a screen reader speaks on moving
        // to another column; no row headers.
        if r.method == "GetColumnHeaderCells" || r.method == "GetRowHeaderCells" {
            let cell = n.path.indices.last.flatMap { n.collection?.cell(at: $0) }
            let header = r.method == "GetColumnHeaderCells" ? cell.flatMap { c in n.collection.flatMap { columnHeader(c.column, of: $0) } } : nil
            r.reply([.array(elementType: "(so)", header.map { [reference($0)] } ?? [])]); return
        }
        guard r.method == "GetRowColumnSpan" else { r.fail(ATSPIRequest.unknownInterface, "no method \(r.method)"); return }
        guard let items = n.collection, let index = n.path.indices.last, let cell = items.cell(at: index) else {
            r.reply([.bool(false), .int32(-1), .int32(-1), .int32(0), .int32(0)]); return
        }
        r.reply([.bool(true), .int32(Int32(clamping: cell.row)), .int32(Int32(clamping: cell.column)), .int32(1), .int32(1)])
    }
}
