import Foundation

/// A small iCalendar reader of the tests' own, independent of libical, to check what the app
/// writes: content lines unfolded (RFC 5545 3.1), split into name, parameters and value, and
/// nested into components. It judges nothing: it only lets two versions of a file be compared
/// component by component and property by property.
struct PlainICalendar: Equatable {
    struct Property: Equatable, CustomStringConvertible {
        var name: String
        /// Parameters by upper-cased name, values without their quotes, in name order.
        var parameters: [String: String]
        var value: String
        var description: String {
            "\(name)\(parameters.sorted { $0.key < $1.key }.map { ";\($0.key)=\($0.value)" }.joined()):\(value)"
        }
    }

    struct Component: Equatable {
        var name: String
        var properties: [Property] = []
        var components: [Component] = []

        func first(_ name: String) -> Property? { properties.first { $0.name == name } }
        func all(_ name: String) -> [Property] { properties.filter { $0.name == name } }
        /// The same content in a canonical form, for what RFC 5545 gives no meaning and libical
        /// rewrites: the order of properties, the order and place of VTIMEZONEs (libical writes
        /// them first), the order of a rule's parts and its defaults (INTERVAL=1, WKST=MO), a
        /// VALUE parameter naming the default type (TRIGGER;VALUE=DURATION), and TEXT escapes
        /// (libical escapes commas some programs leave bare).
        var normalized: Component {
            var c = self
            // libical writes a list of PERIOD values (RDATE;VALUE=PERIOD:a,b) as one property per
            // value: the same recurrence set (RFC 5545 allows RDATE and EXDATE to repeat).
            let split = properties.flatMap { p -> [Property] in
                guard p.name == "RDATE" || p.name == "EXDATE", p.value.contains(",") else { return [p] }
                return p.value.split(separator: ",").map { var q = p; q.value = String($0); return q }
            }
            c.properties = split.map { p in
                var q = p
                q.value = PlainICalendar.unescaped(p.value)
                if p.name == "RRULE" || p.name == "EXRULE" {
                    q.value = p.value.uppercased().split(separator: ";").filter { $0 != "WKST=MO" && $0 != "INTERVAL=1" }.sorted().joined(separator: ";")
                }
                if let type = p.parameters["VALUE"]?.uppercased(), type == "DATE-TIME" || (type == "DURATION" && p.name == "TRIGGER") {
                    q.parameters["VALUE"] = nil
                }
                return q
            }.sorted { $0.description < $1.description }
            let zones = components.filter { $0.name == "VTIMEZONE" }.sorted { ($0.first("TZID")?.value ?? "") < ($1.first("TZID")?.value ?? "") }
            c.components = (zones + components.filter { $0.name != "VTIMEZONE" }).map(\.normalized)
            return c
        }

        /// UID plus RECURRENCE-ID: the identity RFC 5545 gives a component.
        var identity: String { "\(first("UID")?.value ?? "")|\(first("RECURRENCE-ID")?.value ?? "")" }
    }

    var roots: [Component]

    init(_ text: String) {
        var lines: [String] = []
        for raw in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: true) {
            if let c = raw.first, c == " " || c == "\t", !lines.isEmpty {
                lines[lines.count - 1] += raw.dropFirst()
            } else {
                lines.append(String(raw))
            }
        }
        var stack: [Component] = []
        var roots: [Component] = []
        for line in lines {
            let p = PlainICalendar.property(line)
            if p.name == "BEGIN" {
                stack.append(Component(name: p.value.uppercased()))
            } else if p.name == "END", let done = stack.popLast() {
                if stack.isEmpty { roots.append(done) } else { stack[stack.count - 1].components.append(done) }
            } else if !stack.isEmpty {
                stack[stack.count - 1].properties.append(p)
            }
        }
        self.roots = roots
    }

    static func unescaped(_ v: String) -> String {
        guard v.contains("\\") else { return v }
        var out = "", escape = false
        for ch in v {
            if escape {
                out.append(ch == "n" || ch == "N" ? "\n" : ch)
                escape = false
            } else if ch == "\\" { escape = true } else { out.append(ch) }
        }
        return out
    }

    /// `NAME;P=v;Q="a:b":value`: the value starts at the first colon outside quotes.
    static func property(_ line: String) -> Property {
        var inQuotes = false
        var head = line[...], value = ""[...]
        for i in line.indices {
            let c = line[i]
            if c == "\"" { inQuotes.toggle() }
            if c == ":" && !inQuotes { head = line[..<i]; value = line[line.index(after: i)...]; break }
        }
        var parts: [String] = []
        var current = ""
        inQuotes = false
        for c in head {
            if c == "\"" { inQuotes.toggle(); continue }
            if c == ";" && !inQuotes { parts.append(current); current = ""; continue }
            current.append(c)
        }
        parts.append(current)
        var parameters: [String: String] = [:]
        for p in parts.dropFirst() {
            let kv = p.split(separator: "=", maxSplits: 1)
            parameters[kv[0].uppercased()] = kv.count > 1 ? String(kv[1]) : ""
        }
        return Property(name: parts[0].uppercased(), parameters: parameters, value: String(value))
    }
}
