import Foundation

/// The configuration of each cassette's project, with its scrubber compiled: the default rules plus
/// those of the `.cassette.json` found from the cassette's folder
/// (``ProjectConfiguration/locate(startingAt:)``), loaded and compiled once per file. The library
/// and the `cassette` tool both ask it, so they scrub, match and judge cassettes with the same
/// rules; safe to share between threads.
package final class ProjectConfigurations: Sendable {
    /// A project's configuration with what is built from it.
    package struct Resolved: Sendable {
        package let configuration: ProjectConfiguration
        /// The default scrubbing rules plus and minus the project's.
        package let scrubber: Scrubber

        package init(_ configuration: ProjectConfiguration) {
            self.configuration = configuration
            scrubber =
                configuration.scrub == ScrubConfiguration() ? .default : Scrubber(configuration: configuration.scrub)
        }

        /// The defaults, for a project without a `.cassette.json`.
        package static let defaults = Resolved(ProjectConfiguration())

        /// The matcher of the project's cassettes: its scrubber (or `scrubber`), its match rules plus
        /// `rules`.
        ///
        /// - Throws: `ConfigurationError` naming the file (or the code) for a rule that cannot be used.
        package func matcher(scrubber: Scrubber? = nil, adding rules: MatchRules = .strict) throws(ConfigurationError)
            -> RequestMatcher
        {
            do throws(MatchRuleError) {
                return RequestMatcher(
                    scrubber: scrubber ?? self.scrubber,
                    rules: try CompiledMatchRules(configuration.match.merging(rules)))
            } catch {
                throw ConfigurationError(
                    path: configuration.file?.path, jsonPath: "match." + JSONPathComponent.text(error.place),
                    reason: .invalid(error.message))
            }
        }
    }

    /// The cache the library uses for every cassette a process opens.
    package static let shared = ProjectConfigurations()

    private struct Tables {
        var byDirectory: [String: Result<Resolved, ConfigurationError>] = [:]
        var byFile: [String: Result<Resolved, ConfigurationError>] = [:]
    }

    private let tables = Locked(Tables())

    package init() {}

    /// The configuration that applies to the cassette at `fileURL`.
    ///
    /// - Throws: `ConfigurationError` when the project's `.cassette.json` cannot be used.
    package func configuration(forCassetteAt fileURL: URL) throws(ConfigurationError) -> Resolved {
        let directory = fileURL.deletingLastPathComponent().standardizedFileURL
        if let known = tables.withLock({ $0.byDirectory[directory.path] }) { return try known.get() }
        let result: Result<Resolved, ConfigurationError>
        if let file = ProjectConfiguration.locate(startingAt: directory) {
            if let known = tables.withLock({ $0.byFile[file.path] }) {
                result = known
            } else {
                do throws(ConfigurationError) {
                    result = .success(Resolved(try ProjectConfiguration.load(from: file)))
                } catch {
                    result = .failure(error)
                }
                tables.withLock { $0.byFile[file.path] = result }
            }
        } else {
            result = .success(.defaults)
        }
        tables.withLock { $0.byDirectory[directory.path] = result }
        return try result.get()
    }

    /// The scrubber for the cassette at `fileURL`.
    ///
    /// - Throws: `ConfigurationError` when the project's `.cassette.json` cannot be used.
    package func scrubber(forCassetteAt fileURL: URL) throws(ConfigurationError) -> Scrubber {
        try configuration(forCassetteAt: fileURL).scrubber
    }
}
