import Foundation

/// Which events someone listens to, from the registry's list of registered event names
/// (`GetRegisteredEvents`, asked again at each `EventListenerRegistered` / `Deregistered`). An
/// event is sent only when some listener asked for it, as atk-bridge does.
///
/// Names are `class:major:minor` ("object:state-changed:focused"); a listener may register a
/// prefix ("object:", "object:state-changed") or everything ("").
public struct ATSPIEventFilter: Sendable {
    /// The registered event names (each client's).
    private var events: Set<String>

    /// The registry's list (`GetRegisteredEvents`): each listener's bus name and event name.
    public init(_ registrations: [(bus: String, event: String)] = []) {
        events = Set(registrations.map(\.event))
    }

    public var isEmpty: Bool { events.isEmpty }

    /// True when some registration covers `event` ("object:state-changed:focused").
    public func wants(_ event: String) -> Bool {
        events.contains { Self.covers($0, event) }
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
