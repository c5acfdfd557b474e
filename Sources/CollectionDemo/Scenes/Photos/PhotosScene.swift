import CollectionKit

/// A folder of pictures as a grid: pictures decoded off the main thread, prefetched ahead of the
/// scroll, cached in memory and in the desktop's thumbnail cache. Pan, wheel, click to select.
/// The dump says, for each visible cell, whether its picture is shown or pending.
public final class PhotosScene: Scene, CollectionDataSource, CollectionPrefetchingDataSource {
    public let name = "photos"
    public let collection: CollectionView
    public let pipeline: ImagePipeline
    public let composition: Composition
    private let library: PhotoLibrary
    private let controller: CollectionController

    public init(library: PhotoLibrary) {
        self.library = library
        pipeline = library.makePipeline()
        pipeline.placeholderColor = Theme.photoPlaceholder
        collection = CollectionView(name: "photos", layout: GridLayout(minimumCrossSize: 150, itemLength: .aspect(1),
                                                                      interitemSpacing: 6, lineSpacing: 6, insets: EdgeInsets(all: 10)))
        collection.register(reuseIdentifier: "photo") { PhotoCell(reuseIdentifier: $0) }
        controller = CollectionController(view: collection, interaction: CollectionInteraction(panSlop: 4))
        composition = Composition([controller], focus: FocusChain([controller]))
        composition.collections = [collection]
        collection.dataSource = self
        collection.prefetchDataSource = self
        collection.emptyMessage = "No pictures"
        collection.reloadData()
        composition.collectionDumpExtras = { [unowned self] cv in
            [("selected", .array(cv.selectedItems.sorted().map { .string(self.fileName($0.item)) })),
             ("pictures", .array(self.visiblePictures()))]
        }
    }

    public convenience init(config: SceneConfig) throws {
        guard let library = config.photos else { throw AppError("the photos scene needs pictures (--photos DIR)") }
        self.init(library: library)
    }

    public func setFrame(_ frame: Rect) { collection.setFrame(frame) }

    public func update(now: Double) {
        composition.update(now: now)
        pipeline.update(now: now)
    }

    public func nextDeadline(after now: Double) -> Double? {
        Deadline.earliest(composition.nextDeadline(after: now), pipeline.nextDeadline(after: now))
    }

    private func fileName(_ item: Int) -> String {
        guard library.files.indices.contains(item) else { return "" }
        return String(library.files[item].split(separator: "/").last ?? "")
    }

    /// Each visible cell's picture: shown (or fading in), pending, or failed.
    private func visiblePictures() -> [JSON] {
        collection.visibleAttributes.filter { $0.kind == .cell && $0.frame.intersects(collection.bounds) }.map { a in
            let state = pipeline.state(of: key(a.indexPath, size: a.frame.size))
            return .object([("item", .string(fileName(a.indexPath.item))),
                            ("picture", .string(state == .fading ? ImageLoadState.shown.rawValue : state.rawValue))])
        }
    }

    private func key(_ ip: ItemPath, size: Size) -> ImageKey {
        PhotoCell.key(library.files[ip.item], size: size, scale: library.scale.value)
    }

    // MARK: Data source and prefetching

    public func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { library.files.count }
    public func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { library.files[ip.item] }
    public func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "photo", for: ip) as! PhotoCell
        cell.pipeline = pipeline
        cell.source = library.files[ip.item]
        cell.scale = library.scale.value
        return cell
    }

    public func collectionView(_ cv: CollectionView, prefetchItemsAt ips: [ItemPath]) {
        pipeline.prefetch(ips.compactMap { ip in cv.layout.attributesForItem(at: ip).map { key(ip, size: $0.frame.size) } })
    }

    public func collectionView(_ cv: CollectionView, cancelPrefetchingForItemsAt ips: [ItemPath]) {
        pipeline.cancelPrefetching(ips.compactMap { ip in cv.layout.attributesForItem(at: ip).map { key(ip, size: $0.frame.size) } })
    }
}
