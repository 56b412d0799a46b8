import Foundation

/// The scrubber of each cassette's project: the default rules plus those of the `.cassette.json`
/// found from the cassette's folder (``ScrubConfiguration/locate(startingAt:)``), loaded and compiled
/// once per configuration file. The library and the `cassette` tool both ask it, so they scrub and
/// match with the same rules; safe to share between threads.
package final class ProjectScrubbers: Sendable {
    /// The cache the library uses for every cassette a process opens.
    package static let shared = ProjectScrubbers()

    private struct Tables {
        var byDirectory: [String: Result<Scrubber, ScrubConfigurationError>] = [:]
        var byConfiguration: [String: Result<Scrubber, ScrubConfigurationError>] = [:]
    }

    private let tables = Locked(Tables())

    package init() {}

    /// The scrubber for the cassette at `fileURL`.
    ///
    /// - Throws: ``ScrubConfigurationError`` when the project's `.cassette.json` cannot be used.
    package func scrubber(forCassetteAt fileURL: URL) throws(ScrubConfigurationError) -> Scrubber {
        let directory = fileURL.deletingLastPathComponent().standardizedFileURL
        if let known = tables.withLock({ $0.byDirectory[directory.path] }) { return try known.get() }
        let result: Result<Scrubber, ScrubConfigurationError>
        if let file = ScrubConfiguration.locate(startingAt: directory) {
            if let known = tables.withLock({ $0.byConfiguration[file.path] }) {
                result = known
            } else {
                do throws(ScrubConfigurationError) {
                    result = .success(Scrubber(configuration: try ScrubConfiguration.load(from: file)))
                } catch {
                    result = .failure(error)
                }
                tables.withLock { $0.byConfiguration[file.path] = result }
            }
        } else {
            result = .success(.default)
        }
        tables.withLock { $0.byDirectory[directory.path] = result }
        return try result.get()
    }
}
