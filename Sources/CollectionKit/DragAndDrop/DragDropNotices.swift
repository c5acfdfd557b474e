/// What the drag machinery has to tell the user: notices an app lists until dismissed (a change
/// that was refused or could not be undone) and one short-lived line (why a drop was refused),
/// with the time it goes away. Time comes in with every call.
struct DragDropNotices {
    /// Errors the user should see, oldest first; kept for the app's notice panel.
    private(set) var notices: [String] = []
    /// A short-lived line explaining a refusal, with the time it goes away.
    private(set) var feedback: (text: String, until: Double)?

    init() {}

    /// Shows `text` as the short-lived line for `seconds` from `now`.
    mutating func flash(_ text: String, now: Double, seconds: Double) { feedback = (text, now + seconds) }

    /// Keeps `error` as a notice; `flashing` also shows it as the short-lived line.
    mutating func post(_ error: any Error, now: Double, flashing: Bool) {
        notices.append("\(error)")
        if flashing { flash("\(error)", now: now, seconds: 4) }
    }

    /// Drops the short-lived line once its time is up.
    mutating func expire(now: Double) {
        if let f = feedback, now >= f.until { feedback = nil }
    }

    /// When the short-lived line goes away; nil without one.
    func nextDeadline(after now: Double) -> Double? { feedback.map { max(now, $0.until) } }
}
