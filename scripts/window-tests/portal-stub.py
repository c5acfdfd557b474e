"""A settings portal for tests: org.freedesktop.portal.Desktop on the session bus, serving
org.freedesktop.portal.Settings with the appearance's color-scheme (Read, ReadOne, ReadAll) and
sending SettingChanged when it changes.

Usage: portal-stub.py SCHEME READY_FILE
SCHEME is 0 (no preference), 1 (dark) or 2 (light). SIGUSR1 switches between dark and light and
sends the signal. READY_FILE is written once the name is owned.
"""
import signal
import sys

from gi.repository import Gio, GLib

XML = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="Read"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
    <method name="ReadOne"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
    <method name="ReadAll"><arg type="as" direction="in"/><arg type="a{sa{sv}}" direction="out"/></method>
    <signal name="SettingChanged"><arg type="s"/><arg type="s"/><arg type="v"/></signal>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""
PATH = "/org/freedesktop/portal/desktop"
NAMESPACE, KEY = "org.freedesktop.appearance", "color-scheme"
scheme = int(sys.argv[1])
connection = None


def call(conn, sender, path, interface, method, params, invocation):
    namespace, key = (params.unpack() + ("", ""))[:2] if method != "ReadAll" else ("", "")
    if method == "ReadAll":
        invocation.return_value(GLib.Variant("(a{sa{sv}})", ({NAMESPACE: {KEY: GLib.Variant("u", scheme)}},)))
    elif (namespace, key) != (NAMESPACE, KEY):
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "Requested setting not found")
    elif method == "Read":
        # The first version of the interface wraps the value twice.
        invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", GLib.Variant("u", scheme)),)))
    else:
        invocation.return_value(GLib.Variant("(v)", (GLib.Variant("u", scheme),)))


def get_property(conn, sender, path, interface, name):
    return GLib.Variant("u", 2)


def toggle():
    global scheme
    scheme = 2 if scheme != 2 else 1
    connection.emit_signal(None, PATH, "org.freedesktop.portal.Settings", "SettingChanged",
                           GLib.Variant("(ssv)", (NAMESPACE, KEY, GLib.Variant("u", scheme))))
    return True


def acquired(conn, name):
    with open(sys.argv[2], "w") as f:
        f.write("ready\n")


def main():
    global connection
    connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    info = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    connection.register_object(PATH, info, call, get_property, None)
    Gio.bus_own_name_on_connection(connection, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE, acquired, None)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, toggle)
    GLib.MainLoop().run()


main()
