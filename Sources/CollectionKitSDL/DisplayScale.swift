import CSDL2SysWM
import Foundation

/// How many device pixels a point takes on an X11 screen, found as GTK finds it: `GDK_SCALE`
/// (a whole number: the window scale GTK applies) and then `Xft.dpi` from the X resources
/// (the DPI desktop settings write, 96 at 1×; 144 is 1.5×, 192 is 2×). SDL's X11 driver
/// scales nothing itself, so the window loop applies the scale found here. Wayland needs none
/// of this: the compositor tells SDL the buffer scale.
public enum DisplayScale {
    /// The scales the window takes: from 1 to 4 (below 1 text becomes unreadable; above 4 no screen
    /// asks for it).
    public static let range = 1.0...4.0

    /// The scale for an X11 window: `GDK_SCALE` when set to a whole number in `range`, else
    /// `Xft.dpi / 96` (kept to quarter steps, as desktop settings offer them) when the X resources
    /// say, else 1. `resources` is the text of the X resource database (as `xrdb -query` prints it).
    public static func x11(environment: [String: String] = ProcessInfo.processInfo.environment,
                           resources: String? = nil) -> Double {
        if let gdk = environment["GDK_SCALE"].flatMap(Int.init), range.contains(Double(gdk)) { return Double(gdk) }
        guard let dpi = (resources ?? xResources()).flatMap(xftDPI) else { return 1 }
        let scale = (dpi / 96 * 4).rounded() / 4
        return min(range.upperBound, max(range.lowerBound, scale))
    }

    /// `Xft.dpi` in an X resource database's text, if it is there and a positive number.
    static func xftDPI(in resources: String) -> Double? {
        for line in resources.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi",
                  let dpi = Double(parts[1].trimmingCharacters(in: .whitespaces)), dpi.isFinite, dpi > 0 else { continue }
            return dpi
        }
        return nil
    }

    /// The X server's resource database (the root window's RESOURCE_MANAGER property, the text
    /// `xrdb -query` prints), read from the server itself; nil without an X display.
    static func xResources() -> String? {
        guard let text = ck_x11_resource_database() else { return nil }
        defer { free(text) }
        return String(cString: text)
    }
}
