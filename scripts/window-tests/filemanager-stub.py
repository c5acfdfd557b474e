"""A file manager for tests: org.freedesktop.FileManager1 on the session bus, whose ShowItems
writes the URIs it is asked to show to a file, one a line (and the startup id after a tab on the
first line), instead of opening a window.

Usage: filemanager-stub.py READY_FILE CALLS_FILE
READY_FILE is written once the name is owned; CALLS_FILE gets each call.
"""
import sys

from gi.repository import Gio, GLib

XML = """
<node>
  <interface name="org.freedesktop.FileManager1">
    <method name="ShowFolders"><arg type="as" direction="in"/><arg type="s" direction="in"/></method>
    <method name="ShowItems"><arg type="as" direction="in"/><arg type="s" direction="in"/></method>
    <method name="ShowItemProperties"><arg type="as" direction="in"/><arg type="s" direction="in"/></method>
  </interface>
</node>
"""
PATH = "/org/freedesktop/FileManager1"


def call(conn, sender, path, interface, method, params, invocation):
    uris, startup = params.unpack()
    with open(sys.argv[2], "a") as f:
        f.write("%s\t%s\n" % (method, startup))
        for uri in uris:
            f.write(uri + "\n")
    invocation.return_value(None)


def acquired(conn, name):
    with open(sys.argv[1], "w") as f:
        f.write("ready\n")


def main():
    connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    info = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    connection.register_object(PATH, info, call, None, None)
    Gio.bus_own_name_on_connection(connection, "org.freedesktop.FileManager1", Gio.BusNameOwnerFlags.NONE, acquired, None)
    GLib.MainLoop().run()


main()
