import Glibc

/// How a window's renderer is chosen before anything is loaded for it.
///
/// Without a GPU render node (`/dev/dri/renderD*`), OpenGL can only be Mesa rasterising on the
/// CPU, and finding that out means loading it: libGL, the DRI driver and LLVM, about 48 MB of
/// resident memory and tens of milliseconds of start-up, only to draw with SDL's software renderer
/// anyway. There the software renderer is made directly. With a render node, the accelerated
/// renderer is tried first and kept unless it turns out to rasterise on the CPU.
enum RendererChoice: Equatable {
    /// SDL's software renderer, without initialising OpenGL.
    case software
    /// The accelerated renderer, checked for a CPU rasteriser once made.
    case acceleratedUnlessRasterisedOnCPU
    /// The renderer the user named through `SDL_RENDER_DRIVER`: SDL's choice, kept as it is.
    case userNamed

    /// The choice for a machine with these render nodes, given the user's `SDL_RENDER_DRIVER`.
    static func decide(renderNodes: [String], userDriver: String?) -> RendererChoice {
        if let userDriver, !userDriver.isEmpty { return .userNamed }
        return renderNodes.isEmpty ? .software : .acceleratedUnlessRasterisedOnCPU
    }

    /// The GPU render nodes of this machine (`/dev/dri/renderD128` and so on).
    static func renderNodes(in directory: String = "/dev/dri") -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var nodes: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix("renderD") { nodes.append(directory + "/" + name) }
        }
        return nodes.sorted()
    }
}
