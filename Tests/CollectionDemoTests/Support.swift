import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo

/// XCTest brings Foundation's IndexPath into scope; the tests mean the engine's.
typealias IndexPath = CollectionKit.IndexPath
