import CassetteCore
import Foundation

/// The scrubber for each cassette, made from the `.cassette.json` of the cassette's project
/// (``ScrubConfiguration/locate(startingAt:)`` from the cassette's folder), built once per
/// configuration file.
struct ScrubberCache {
    private var byDirectory: [String: Result<Scrubber, ScrubConfigurationError>] = [:]
    private var byConfiguration: [String: Result<Scrubber, ScrubConfigurationError>] = [:]

    /// The scrubber for the cassette at `url`.
    ///
    /// - Throws: ``ScrubConfigurationError`` when the project's `.cassette.json` cannot be used.
    mutating func scrubber(for url: URL) throws(ScrubConfigurationError) -> Scrubber {
        let directory = url.deletingLastPathComponent().standardizedFileURL
        if let known = byDirectory[directory.path] { return try known.get() }
        let result: Result<Scrubber, ScrubConfigurationError>
        if let file = ScrubConfiguration.locate(startingAt: directory) {
            if let known = byConfiguration[file.path] {
                result = known
            } else {
                do throws(ScrubConfigurationError) {
                    result = .success(Scrubber(configuration: try ScrubConfiguration.load(from: file)))
                } catch {
                    result = .failure(error)
                }
                byConfiguration[file.path] = result
            }
        } else {
            result = .success(.default)
        }
        byDirectory[directory.path] = result
        return try result.get()
    }
}
