/// The parts of AT-SPI2's interfaces the adapter answers, as D-Bus introspection data. The method
/// and property signatures are at-spi2-core's (`xml/*.xml`); GDBus checks every incoming call
/// against them, so a call to a method left out is refused with D-Bus's own "unknown method" error
/// before it reaches the adapter.
enum ATSPIInterfaces {
    static let accessible = "org.a11y.atspi.Accessible"
    static let application = "org.a11y.atspi.Application"
    static let component = "org.a11y.atspi.Component"
    static let selection = "org.a11y.atspi.Selection"
    static let action = "org.a11y.atspi.Action"
    static let text = "org.a11y.atspi.Text"
    static let editableText = "org.a11y.atspi.EditableText"
    static let table = "org.a11y.atspi.Table"
    static let tableCell = "org.a11y.atspi.TableCell"
    static let properties = "org.freedesktop.DBus.Properties"
    static let eventObject = "org.a11y.atspi.Event.Object"
    static let eventFocus = "org.a11y.atspi.Event.Focus"
    static let eventWindow = "org.a11y.atspi.Event.Window"

    static let cachePath = "/org/a11y/atspi/cache"
    static let cacheXML = """
    <node>
      <interface name="org.a11y.atspi.Cache">
        <method name="GetItems"><arg direction="out" name="nodes" type="a((so)(so)(so)iiassusau)"/></method>
      </interface>
    </node>
    """

    /// Every interface a node may have. The bus thread offers all of them for any path (it does not
    /// see the tree); the main thread answers for the node's real ones (`GetInterfaces`) and refuses
    /// a call to an interface the node lacks.
    static let xml = """
    <node>
      <interface name="org.a11y.atspi.Accessible">
        <property name="version" type="u" access="read"/>
        <property name="Name" type="s" access="read"/>
        <property name="Description" type="s" access="read"/>
        <property name="Parent" type="(so)" access="read"/>
        <property name="ChildCount" type="i" access="read"/>
        <property name="Locale" type="s" access="read"/>
        <property name="AccessibleId" type="s" access="read"/>
        <method name="GetChildAtIndex"><arg direction="in" name="index" type="i"/><arg direction="out" type="(so)"/></method>
        <method name="GetChildren"><arg direction="out" type="a(so)"/></method>
        <method name="GetIndexInParent"><arg direction="out" type="i"/></method>
        <method name="GetRelationSet"><arg direction="out" type="a(ua(so))"/></method>
        <method name="GetRole"><arg direction="out" type="u"/></method>
        <method name="GetRoleName"><arg direction="out" type="s"/></method>
        <method name="GetLocalizedRoleName"><arg direction="out" type="s"/></method>
        <method name="GetState"><arg direction="out" type="au"/></method>
        <method name="GetAttributes"><arg direction="out" type="a{ss}"/></method>
        <method name="GetApplication"><arg direction="out" type="(so)"/></method>
        <method name="GetInterfaces"><arg direction="out" type="as"/></method>
      </interface>
      <interface name="org.a11y.atspi.Application">
        <property name="ToolkitName" type="s" access="read"/>
        <property name="Version" type="s" access="read"/>
        <property name="AtspiVersion" type="s" access="read"/>
        <property name="Id" type="i" access="readwrite"/>
        <method name="GetLocale"><arg direction="in" name="lctype" type="u"/><arg direction="out" type="s"/></method>
      </interface>
      <interface name="org.a11y.atspi.Component">
        <method name="Contains"><arg direction="in" name="x" type="i"/><arg direction="in" name="y" type="i"/><arg direction="in" name="coord_type" type="u"/><arg direction="out" type="b"/></method>
        <method name="GetAccessibleAtPoint"><arg direction="in" name="x" type="i"/><arg direction="in" name="y" type="i"/><arg direction="in" name="coord_type" type="u"/><arg direction="out" type="(so)"/></method>
        <method name="GetExtents"><arg direction="in" name="coord_type" type="u"/><arg direction="out" type="(iiii)"/></method>
        <method name="GetPosition"><arg direction="in" name="coord_type" type="u"/><arg direction="out" name="x" type="i"/><arg direction="out" name="y" type="i"/></method>
        <method name="GetSize"><arg direction="out" name="width" type="i"/><arg direction="out" name="height" type="i"/></method>
        <method name="GetLayer"><arg direction="out" type="u"/></method>
        <method name="GetMDIZOrder"><arg direction="out" type="n"/></method>
        <method name="GrabFocus"><arg direction="out" type="b"/></method>
        <method name="GetAlpha"><arg direction="out" type="d"/></method>
      </interface>
      <interface name="org.a11y.atspi.Selection">
        <property name="NSelectedChildren" type="i" access="read"/>
        <method name="GetSelectedChild"><arg direction="in" name="selectedChildIndex" type="i"/><arg direction="out" type="(so)"/></method>
        <method name="SelectChild"><arg direction="in" name="childIndex" type="i"/><arg direction="out" type="b"/></method>
        <method name="DeselectSelectedChild"><arg direction="in" name="selectedChildIndex" type="i"/><arg direction="out" type="b"/></method>
        <method name="IsChildSelected"><arg direction="in" name="childIndex" type="i"/><arg direction="out" type="b"/></method>
        <method name="SelectAll"><arg direction="out" type="b"/></method>
        <method name="ClearSelection"><arg direction="out" type="b"/></method>
        <method name="DeselectChild"><arg direction="in" name="childIndex" type="i"/><arg direction="out" type="b"/></method>
      </interface>
      <interface name="org.a11y.atspi.Action">
        <property name="NActions" type="i" access="read"/>
        <method name="GetDescription"><arg type="i" name="index" direction="in"/><arg type="s" direction="out"/></method>
        <method name="GetName"><arg type="i" name="index" direction="in"/><arg type="s" direction="out"/></method>
        <method name="GetLocalizedName"><arg type="i" name="index" direction="in"/><arg type="s" direction="out"/></method>
        <method name="GetKeyBinding"><arg type="i" name="index" direction="in"/><arg type="s" direction="out"/></method>
        <method name="GetActions"><arg direction="out" type="a(sss)"/></method>
        <method name="DoAction"><arg direction="in" name="index" type="i"/><arg direction="out" type="b"/></method>
      </interface>
      <interface name="org.a11y.atspi.Text">
        <property name="CharacterCount" type="i" access="read"/>
        <property name="CaretOffset" type="i" access="read"/>
        <method name="GetText"><arg direction="in" name="startOffset" type="i"/><arg direction="in" name="endOffset" type="i"/><arg direction="out" type="s"/></method>
        <method name="GetCharacterAtOffset"><arg direction="in" name="offset" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetNSelections"><arg direction="out" type="i"/></method>
        <method name="GetDefaultAttributes"><arg direction="out" type="a{ss}"/></method>
        <method name="SetCaretOffset"><arg direction="in" name="offset" type="i"/><arg direction="out" type="b"/></method>
        <method name="GetTextAtOffset"><arg direction="in" name="offset" type="i"/><arg direction="in" name="type" type="u"/><arg direction="out" type="s"/><arg direction="out" name="startOffset" type="i"/><arg direction="out" name="endOffset" type="i"/></method>
        <method name="GetTextBeforeOffset"><arg direction="in" name="offset" type="i"/><arg direction="in" name="type" type="u"/><arg direction="out" type="s"/><arg direction="out" name="startOffset" type="i"/><arg direction="out" name="endOffset" type="i"/></method>
        <method name="GetTextAfterOffset"><arg direction="in" name="offset" type="i"/><arg direction="in" name="type" type="u"/><arg direction="out" type="s"/><arg direction="out" name="startOffset" type="i"/><arg direction="out" name="endOffset" type="i"/></method>
        <method name="GetStringAtOffset"><arg direction="in" name="offset" type="i"/><arg direction="in" name="granularity" type="u"/><arg direction="out" type="s"/><arg direction="out" name="startOffset" type="i"/><arg direction="out" name="endOffset" type="i"/></method>
        <method name="GetSelection"><arg direction="in" name="selectionNum" type="i"/><arg direction="out" name="startOffset" type="i"/><arg direction="out" name="endOffset" type="i"/></method>
        <method name="AddSelection"><arg direction="in" name="startOffset" type="i"/><arg direction="in" name="endOffset" type="i"/><arg direction="out" type="b"/></method>
        <method name="SetSelection"><arg direction="in" name="selectionNum" type="i"/><arg direction="in" name="startOffset" type="i"/><arg direction="in" name="endOffset" type="i"/><arg direction="out" type="b"/></method>
        <method name="RemoveSelection"><arg direction="in" name="selectionNum" type="i"/><arg direction="out" type="b"/></method>
        <method name="GetAttributes"><arg direction="in" name="offset" type="i"/><arg direction="out" type="a{ss}"/><arg direction="out" name="startOffset" type="i"/><arg direction="out" name="endOffset" type="i"/></method>
        <method name="GetAttributeRun"><arg direction="in" name="offset" type="i"/><arg direction="in" name="includeDefaults" type="b"/><arg direction="out" type="a{ss}"/><arg direction="out" name="startOffset" type="i"/><arg direction="out" name="endOffset" type="i"/></method>
        <method name="GetAttributeValue"><arg direction="in" name="offset" type="i"/><arg direction="in" name="attributeName" type="s"/><arg direction="out" type="s"/></method>
        <method name="GetCharacterExtents"><arg direction="in" name="offset" type="i"/><arg direction="in" name="coordType" type="u"/><arg direction="out" name="x" type="i"/><arg direction="out" name="y" type="i"/><arg direction="out" name="width" type="i"/><arg direction="out" name="height" type="i"/></method>
      </interface>
      <interface name="org.a11y.atspi.EditableText">
        <method name="SetTextContents"><arg direction="in" name="newContents" type="s"/><arg direction="out" type="b"/></method>
        <method name="InsertText"><arg direction="in" name="position" type="i"/><arg direction="in" name="text" type="s"/><arg direction="in" name="length" type="i"/><arg direction="out" type="b"/></method>
        <method name="DeleteText"><arg direction="in" name="startPos" type="i"/><arg direction="in" name="endPos" type="i"/><arg direction="out" type="b"/></method>
      </interface>
      <interface name="org.a11y.atspi.Table">
        <property name="NRows" type="i" access="read"/>
        <property name="NColumns" type="i" access="read"/>
        <property name="Caption" type="(so)" access="read"/>
        <property name="Summary" type="(so)" access="read"/>
        <property name="NSelectedRows" type="i" access="read"/>
        <property name="NSelectedColumns" type="i" access="read"/>
        <method name="GetAccessibleAt"><arg direction="in" name="row" type="i"/><arg direction="in" name="column" type="i"/><arg direction="out" type="(so)"/></method>
        <method name="GetIndexAt"><arg direction="in" name="row" type="i"/><arg direction="in" name="column" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetRowAtIndex"><arg direction="in" name="index" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetColumnAtIndex"><arg direction="in" name="index" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetRowDescription"><arg direction="in" name="row" type="i"/><arg direction="out" type="s"/></method>
        <method name="GetColumnDescription"><arg direction="in" name="column" type="i"/><arg direction="out" type="s"/></method>
        <method name="GetRowExtentAt"><arg direction="in" name="row" type="i"/><arg direction="in" name="column" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetColumnExtentAt"><arg direction="in" name="row" type="i"/><arg direction="in" name="column" type="i"/><arg direction="out" type="i"/></method>
        <method name="GetRowHeader"><arg direction="in" name="row" type="i"/><arg direction="out" type="(so)"/></method>
        <method name="GetColumnHeader"><arg direction="in" name="column" type="i"/><arg direction="out" type="(so)"/></method>
        <method name="GetSelectedRows"><arg direction="out" type="ai"/></method>
        <method name="GetSelectedColumns"><arg direction="out" type="ai"/></method>
        <method name="IsRowSelected"><arg direction="in" name="row" type="i"/><arg direction="out" type="b"/></method>
        <method name="IsColumnSelected"><arg direction="in" name="column" type="i"/><arg direction="out" type="b"/></method>
        <method name="IsSelected"><arg direction="in" name="row" type="i"/><arg direction="in" name="column" type="i"/><arg direction="out" type="b"/></method>
        <method name="AddRowSelection"><arg direction="in" name="row" type="i"/><arg direction="out" type="b"/></method>
        <method name="AddColumnSelection"><arg direction="in" name="column" type="i"/><arg direction="out" type="b"/></method>
        <method name="RemoveRowSelection"><arg direction="in" name="row" type="i"/><arg direction="out" type="b"/></method>
        <method name="RemoveColumnSelection"><arg direction="in" name="column" type="i"/><arg direction="out" type="b"/></method>
        <method name="GetRowColumnExtentsAtIndex"><arg direction="in" name="index" type="i"/><arg direction="out" type="b"/><arg direction="out" name="row" type="i"/><arg direction="out" name="col" type="i"/><arg direction="out" name="row_extents" type="i"/><arg direction="out" name="col_extents" type="i"/><arg direction="out" name="is_selected" type="b"/></method>
      </interface>
      <interface name="org.a11y.atspi.TableCell">
        <property name="ColumnSpan" type="i" access="read"/>
        <property name="Position" type="(ii)" access="read"/>
        <property name="RowSpan" type="i" access="read"/>
        <property name="Table" type="(so)" access="read"/>
        <method name="GetRowColumnSpan"><arg direction="out" type="b"/><arg direction="out" name="row" type="i"/><arg direction="out" name="col" type="i"/><arg direction="out" name="row_extents" type="i"/><arg direction="out" name="col_extents" type="i"/></method>
        <method name="GetColumnHeaderCells"><arg direction="out" type="a(so)"/></method>
        <method name="GetRowHeaderCells"><arg direction="out" type="a(so)"/></method>
      </interface>
    </node>
    """
}
