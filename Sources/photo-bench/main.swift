import CollectionKit
import CollectionKitSDL
import Foundation

/// The photo benchmark (Benchmarks/photos.sh): see `PhotoBench` for what it measures.
var options: [String: String] = [:]
var flags = Set<String>()
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    guard a.hasPrefix("--") else { continue }
    if let v = args.first, !v.hasPrefix("--") { options[String(a.dropFirst(2))] = v; args.removeFirst() } else { flags.insert(String(a.dropFirst(2))) }
}
let parsed = options
func option(_ name: String, _ fallback: Double) -> Double { parsed[name].flatMap(Double.init) ?? fallback }

let dir = options["dir"] ?? "/tmp/photo-bench-10k"
let count = Int(option("count", 10_000))
let files = try PhotoFolder.prepare(at: dir, count: count, distinct: Int(option("distinct", 40)),
                                    width: Int(option("width", 4000)), height: Int(option("height", 3000)))
if flags.contains("generate-only") { exit(0) }
try PhotoBench.run(files: files, options: options, flags: flags)
