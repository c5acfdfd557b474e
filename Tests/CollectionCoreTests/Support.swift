import CollectionCore

/// XCTest brings Foundation's IndexPath into scope; the tests mean the engine's.
typealias IndexPath = CollectionCore.IndexPath
