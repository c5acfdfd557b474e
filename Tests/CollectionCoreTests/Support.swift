import CollectionCore

/// Foundation (through XCTest) has an IndexPath too; the tests mean the engine's.
typealias IndexPath = CollectionCore.IndexPath
