import Foundation

/// One card: an identifier unique across the whole file, and its title.
public struct Card: Codable, Equatable, Sendable {
    public var id: Int
    public var title: String
    public init(id: Int, title: String) { self.id = id; self.title = title }
}

/// One column of cards, in order.
public struct Column: Codable, Equatable, Sendable {
    public var title: String
    public var cards: [Card]
    public init(title: String, cards: [Card]) { self.title = title; self.cards = cards }
}

/// What the kanban saves: its columns and the cards in its trash.
public struct KanbanFile: Codable, Equatable, Sendable {
    public var columns: [Column]
    public var trash: [Card]
    public init(columns: [Column], trash: [Card] = []) { self.columns = columns; self.trash = trash }

    /// Three columns, the last one empty.
    public static let sample = KanbanFile(columns: [
        Column(title: "To do", cards: ["Write the README", "Pick a licence", "Fix the resize bug", "Plan the release",
                                       "Answer issues"].enumerated().map { Card(id: $0.offset, title: $0.element) }),
        Column(title: "Doing", cards: [Card(id: 10, title: "Kanban example"), Card(id: 11, title: "Undo history")]),
        Column(title: "Done", cards: []),
    ])

    /// Reads a file; nil when there is none yet. Throws on a file that is not a kanban.
    public static func load(from path: String) throws -> KanbanFile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(KanbanFile.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw KanbanError(message: "\(path) is not a kanban file: \(error)")
        }
    }

    /// Writes the file atomically: a reader sees the old file or the new one, never half of one.
    public func save(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

public struct KanbanError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
