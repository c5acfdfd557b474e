import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo

