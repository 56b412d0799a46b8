import Foundation

/// Where a Swift package's top-level folder is, found the way SwiftPM users expect: the nearest
/// folder holding a `Package.swift`.
package enum PackageRoot {
    /// `directory` or the nearest folder above it that holds `Package.swift`; `nil` when there is none.
    package static func containing(_ directory: URL) -> URL? {
        var current = directory.standardizedFileURL
        while !FileManager.default.fileExists(atPath: current.appendingPathComponent("Package.swift").path) {
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
        return current
    }
}
