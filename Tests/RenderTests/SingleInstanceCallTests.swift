@testable import CollectionKitDesktop
@testable import CollectionKitSDL
import XCTest

/// The single instance's side of GApplication's D-Bus contract, without a bus: each method call
/// as the bus hands it over (a GVariant tuple) becomes the request the window acts on, or the
/// error the caller gets; and the X11 startup-notification pieces.
final class SingleInstanceCallTests: XCTestCase {
    private let instance = SingleInstance(name: "io.github.collectionkit.CollectionDemo", path: "/io/github/collectionkit/CollectionDemo",
                                          checkAction: { action, parameters in
                                              action == "scene" && parameters == ["grid"] ? nil : "unknown action '\(action)'"
                                          }, wake: {})
    private let application = SingleInstance.applicationInterface
    private let platform = DBusValue.variantDictionary([("activation-token", .string("token-7")), ("desktop-startup-id", .string("launch_TIME42")),
                                                       ("timestamp", .uint32(9))])

    private func call(_ interface: String, _ method: String, _ args: DBusValue) -> Result<SingleInstance.Request, SingleInstance.CallError> {
        instance.call(interface: interface, method: method, parameters: args.makeGVariant())
    }

    func testOpenTakesFileURIsAndThePlatformData() throws {
        let args = DBusValue.tuple([.array(elementType: "s", [.string("file:///tmp/a%20b.ics"), .string("file:///home/u/c.ics")]), platform])
        let request = try call(application, "Open", args).get()
        XCTAssertEqual(request, SingleInstance.Request(files: ["/tmp/a b.ics", "/home/u/c.ics"], activationToken: "token-7", startupID: "launch_TIME42"))
    }

    func testOpenRefusesAURIThatIsNoLocalFile() {
        let args = DBusValue.tuple([.array(elementType: "s", [.string("https://example.org/c.ics")]), platform])
        guard case let .failure(error) = call(application, "Open", args) else { return XCTFail("a web address was taken") }
        XCTAssertTrue(error.message.contains("https://example.org/c.ics"), error.message)
    }

    func testActivateCarriesOnlyThePlatformData() throws {
        let request = try call(application, "Activate", .tuple([platform])).get()
        XCTAssertEqual(request, SingleInstance.Request(files: [], activationToken: "token-7", startupID: "launch_TIME42"))
        let bare = try call(application, "Activate", .tuple([.variantDictionary([])])).get()
        XCTAssertEqual(bare, SingleInstance.Request(files: []))
    }

    func testActivateActionTakesTheCheckedActionWithItsStringParameters() throws {
        let args = DBusValue.tuple([.string("scene"), .array(elementType: "v", [.variant(.string("grid"))]), platform])
        let request = try call(application, "ActivateAction", args).get()
        XCTAssertEqual(request.action, "scene")
        XCTAssertEqual(request.parameters, ["grid"])
        XCTAssertEqual(request.startupID, "launch_TIME42")
        let refused = DBusValue.tuple([.string("fly"), .array(elementType: "v", []), .variantDictionary([])])
        guard case let .failure(error) = call(application, "ActivateAction", refused) else { return XCTFail("an unknown action was taken") }
        XCTAssertEqual(error.message, "unknown action 'fly'")
    }

    /// The interface named by the app id keeps its `Open(as files)` of plain paths.
    func testTheOlderOpenTakesPathsAsTheyAre() throws {
        let args = DBusValue.tuple([.array(elementType: "s", [.string("/tmp/x.ics")])])
        XCTAssertEqual(try call("io.github.collectionkit.CollectionDemo", "Open", args).get(), SingleInstance.Request(files: ["/tmp/x.ics"]))
    }

    func testLauncherTokensStandForEachOther() {
        XCTAssertTrue(SingleInstance.Launch.launcherTokens([:]) == (nil, nil))
        XCTAssertTrue(SingleInstance.Launch.launcherTokens(["DESKTOP_STARTUP_ID": "x_TIME1"]) == ("x_TIME1", "x_TIME1"))
        XCTAssertTrue(SingleInstance.Launch.launcherTokens(["XDG_ACTIVATION_TOKEN": "t", "DESKTOP_STARTUP_ID": "s"]) == ("t", "s"))
        XCTAssertTrue(SingleInstance.Launch.launcherTokens(["DESKTOP_STARTUP_ID": ""]) == (nil, nil))
    }

    func testFileURIsRoundTrip() {
        for path in ["/tmp/a b.ics", "/home/u/ü#1.ics"] {
            XCTAssertEqual(SingleInstance.path(ofURI: SingleInstance.uri(path)), path)
        }
        XCTAssertNil(SingleInstance.path(ofURI: "trash:///x.ics"))
    }

    /// The startup-notification spec: the time stamp follows `_TIME`; a value is quoted, with its
    /// quotes and backslashes escaped.
    func testStartupNotificationPieces() {
        XCTAssertEqual(WindowCanvas.startupTime("gnome-shell-1234-host-collection-demo-1_TIME98765"), 98765)
        XCTAssertNil(WindowCanvas.startupTime("no-time-here"))
        XCTAssertNil(WindowCanvas.startupTime("bad_TIMEnow"))
        XCTAssertEqual(WindowCanvas.startupRemoveMessage("a_TIME1"), "remove: ID=\"a_TIME1\"")
        XCTAssertEqual(WindowCanvas.startupRemoveMessage("q\"b\\s"), "remove: ID=\"q\\\"b\\\\s\"")
    }
}
