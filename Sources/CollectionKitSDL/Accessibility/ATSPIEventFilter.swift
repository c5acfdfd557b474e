import Foundation

/// Which events someone listens to, from the registry's list of registered event names
/// (`GetRegisteredEvents`, then `EventListenerRegistered` / `Deregistered`). An event is sent
/// only when some listener asked for it, as atk-bridge does.
///
/// Names are `class:major:minor` ("object:state-changed:focused"); a listener may register a
/// prefix ("object:", "object:state-changed") or everything ("").
public struct ATSPIEventFilter: Sendable {
    /// Each registration (bus name and event), counted: a client may register the same event twice.
    private var registrations: [Registration: Int] = [:]
    private struct Registration: Hashable, Sendable { var bus: String; var event: String }

    public init() {}

    public var isEmpty: Bool { registrations.isEmpty }

    public mutating func add(bus: String, event: String) { registrations[Registration(bus: bus, event: event), default: 0] += 1 }

    public mutating func remove(bus: String, event: String) {
        let k = Registration(bus: bus, event: event)
        guard let n = registrations[k] else { return }
        registrations[k] = n > 1 ? n - 1 : nil
    }

    /// Forgets every registration of a client that left the bus.
    public mutating func removeAll(bus: String) {
        registrations = registrations.filter { $0.key.bus != bus }
    }

    /// True when some registration covers `event` ("object:state-changed:focused").
    public func wants(_ event: String) -> Bool {
        registrations.keys.contains { Self.covers($0.event, event) }
    }

    /// Whether a registered name covers an event name: equal, everything (""), or a prefix ending
    /// at a `:` boundary ("object:" and "object:state-changed" both cover
    /// "object:state-changed:focused"; "object:state" does not). The registry spells names as
    /// D-Bus signals ("Object:StateChanged:focused") with empty parts kept ("Focus::"), so names
    /// are compared without case, dashes or trailing colons.
    public static func covers(_ registered: String, _ event: String) -> Bool {
        let r = normalized(registered), e = normalized(event)
        return r.isEmpty || r == e || e.hasPrefix(r + ":")
    }

    private static func normalized(_ name: String) -> String {
        var s = Substring(name.lowercased().replacingOccurrences(of: "-", with: ""))
        while s.hasSuffix(":") { s = s.dropLast() }
        return String(s)
    }
}
