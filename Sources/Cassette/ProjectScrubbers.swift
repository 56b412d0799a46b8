import Foundation

/// The scrubber of each project configuration, loaded and compiled once per process.
enum ProjectScrubbers {
    private static let cache = Locked<[String: Scrubber]>([:])

    /// The default rules plus those of the `.cassette.json` nearest above `fileURL`.
    static func scrubber(near fileURL: URL) throws(CassetteError) -> Scrubber {
        guard let configuration = ScrubConfiguration.locate(startingAt: fileURL.deletingLastPathComponent()) else {
            return .default
        }
        if let cached = cache.withLock({ $0[configuration.path] }) { return cached }
        do {
            let scrubber = Scrubber(configuration: try ScrubConfiguration.load(from: configuration))
            cache.withLock { $0[configuration.path] = scrubber }
            return scrubber
        } catch {
            throw CassetteError.configuration(error)
        }
    }
}
