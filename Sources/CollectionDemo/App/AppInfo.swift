/// What the program is called where the desktop and packagers see it: the version `--version`
/// prints (the AppStream metainfo's newest release says the same), and the application id its
/// metainfo, D-Bus name and desktop entry go by.
public enum AppInfo {
    public static let version = "0.9.0"
    /// Reverse-DNS, as AppStream and D-Bus want it.
    public static let id = "io.github.collectionkit.CollectionDemo"
    /// The object the running instance serves on the session bus for a second launch.
    public static let objectPath = "/io/github/collectionkit/CollectionDemo"
}
